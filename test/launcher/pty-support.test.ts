// test/support/pty.ts itself: a real terminal, what it shows, lines, end of input, exit codes, timeouts.
import { describe, expect, it } from 'vitest';
import { hasPty, PtyTimeoutError, spawnPty } from '../support/pty.js';

if (!hasPty) console.warn('SKIPPED: the pseudo-terminal helper needs python3 with its pty module (apt-get install python3)');

describe.skipIf(!hasPty)('the pseudo-terminal helper', () => {
  it('gives the command a terminal on fds 0, 1 and 2', async () => {
    const term = spawnPty(['sh', '-c', 'test -t 0 && test -t 1 && test -t 2 && echo all-terminals; tty']);
    await term.waitFor('all-terminals');
    expect(await term.waitFor(/\/dev\/pts\/\d+/)).toMatch(/\/dev\/pts\/\d+/);
    expect((await term.exit()).code).toBe(0);
  });

  it('types lines, sends end of input, and reports the exit code', async () => {
    const term = spawnPty(['sh', '-c', 'while read -r line; do echo "got:$line"; done; echo eof; exit 7']);
    term.sendLine('one');
    await term.waitFor('got:one');
    term.sendLine('two words');
    await term.waitFor('got:two words');
    term.sendEof();
    await term.waitFor('eof');
    const exit = await term.exit();
    expect(exit).toMatchObject({ code: 7, signal: null });
    expect(exit.text).toContain('one\n'); // the terminal echoes what is typed
  });

  it('waitFor moves past each match', async () => {
    const term = spawnPty(['sh', '-c', 'echo a; echo a; echo b']);
    await term.waitFor('a');
    await term.waitFor('a');
    await term.waitFor('b');
    await expect(term.waitFor('a', 500)).rejects.toThrow(/without showing a/);
  });

  it('a timeout reports what the terminal showed', async () => {
    const term = spawnPty(['sh', '-c', 'echo visible-text; exec sleep 30']);
    await term.waitFor('visible-text');
    const err = await term.waitFor('never', 300).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PtyTimeoutError);
    expect((err as Error).message).toContain('timed out after 300 ms');
    expect((err as Error).message).toContain('visible-text');
    term.kill();
    expect((await term.exit()).code).not.toBe(0);
  });

  it('Ctrl-C interrupts the command like a terminal does', async () => {
    const term = spawnPty(['sh', '-c', 'echo ready; exec sleep 30']);
    await term.waitFor('ready');
    term.sendInterrupt();
    const exit = await term.exit();
    expect(exit.code === 130 || exit.signal === 2).toBe(true);
  });

  it('reports a command that cannot start', async () => {
    const term = spawnPty(['/nonexistent/program']);
    const exit = await term.exit();
    expect(exit.code).toBe(127);
    expect(exit.text).toContain('cannot run /nonexistent/program');
  });
});
