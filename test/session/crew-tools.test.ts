// What an allowed crew call runs as in the sandbox (pure; test/crew runs them for real).
import { beforeAll, describe, expect, it } from 'vitest';
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import { crewAction, crewWorkdir } from '../../src/session/crew-tools.js';

beforeAll(async () => {
  await initShellReader();
});

describe('crew tools', () => {
  it('shell_command: a plain command as an argv, a line with operators under bash -c, in its working directory', () => {
    expect(crewAction('shell_command', { command: 'npm test' }, readShellCommand)).toEqual({ kind: 'run', argv: ['npm', 'test'], workdir: '/workspace', stdin: 'ignore' });
    expect(crewAction('shell_command', { command: 'ls | wc -l', working_directory: 'src', timeout_seconds: 5 }, readShellCommand)).toEqual({
      kind: 'run',
      argv: ['bash', '-c', 'ls | wc -l'],
      workdir: '/workspace/src',
      stdin: 'ignore',
      timeoutSeconds: 5,
    });
    expect(crewWorkdir({ working_directory: '/output/x' })).toBe('/output/x');
    expect(crewWorkdir({ working_directory: '../..' })).toBe('/');
  });

  it('file_read is a confined cat of the virtual path, its lines chosen after', () => {
    const a = crewAction('file_read', { path: 'notes/a.txt', offset: 1, limit: 2 }, readShellCommand);
    expect(a).toMatchObject({ kind: 'run', argv: ['cat', '--', 'notes/a.txt'], workdir: '/workspace', stdin: 'ignore' });
    if (a.kind !== 'run') return;
    expect(a.select!('one\ntwo\nthree\nfour\n')).toBe('two\nthree');
  });

  it('file_write hands the content on standard input to a confined cat, never through the shell', () => {
    const a = crewAction('file_write', { path: 'out/$(x).txt', content: '$(rm -rf /)\n' }, readShellCommand);
    expect(a).toEqual({ kind: 'run', argv: ['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat > "$1"', 'file_write', 'out/$(x).txt'], workdir: '/workspace', stdin: { text: '$(rm -rf /)\n' } });
    expect(crewAction('file_write', { path: 'log', content: 'x', append: true }, readShellCommand)).toMatchObject({ argv: ['sh', '-c', 'mkdir -p -- "$(dirname -- "$1")" && cat >> "$1"', 'file_write', 'log'] });
  });

  it('says why a call cannot run: other tools, arguments a tool does not take, bad values', () => {
    expect(crewAction('http_api', { url: 'https://x' }, readShellCommand)).toMatchObject({ kind: 'unsupported', why: expect.stringContaining('http_api is not supported in a crew yet') });
    expect(crewAction('shell_command', { command: 'ls', cwd: 'src' }, readShellCommand)).toMatchObject({ kind: 'unsupported', why: expect.stringContaining("does not take 'cwd'") });
    expect(crewAction('shell_command', { command: 'ls', timeout_seconds: -1 }, readShellCommand)).toMatchObject({ kind: 'unsupported' });
    expect(crewAction('file_write', { path: 'a', content: 'x', create_backup: true }, readShellCommand)).toMatchObject({ kind: 'unsupported' });
    expect(crewAction('file_read', { path: 'a', encoding: 'latin1' }, readShellCommand)).toMatchObject({ kind: 'unsupported' });
    expect(crewAction('file_write', { path: 'a' }, readShellCommand)).toMatchObject({ kind: 'unsupported' });
  });
});
