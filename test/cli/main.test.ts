// The CLI's entry as a user meets it first: --version, --help, a command it does not know.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'orkeon-code.js');
const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;

describe('orkeon-code (the built CLI)', () => {
  it('--version and -V print the package version and exit 0', () => {
    for (const flag of ['--version', '-V']) {
      const r = run([flag]);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(`${version}\n`);
    }
  });

  it('--help lists every command and the version option', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    for (const command of ['explain', 'check', 'rules', 'trust', 'launch', 'exec', 'crew', 'agents', '--version']) {
      expect(r.stdout).toContain(command);
    }
  });

  it('a word that is no command is read as the folder to launch, and a missing folder is a usage error (64)', () => {
    const r = run(['frobnicate']);
    expect(r.status).toBe(64);
    expect(r.stderr).toContain('frobnicate: there is no such folder; name an existing folder');
  });

  it('an unknown option is a usage error (64) that points at --help', () => {
    const r = run(['explain', '--bogus']);
    expect(r.status).toBe(64);
    expect(r.stderr).toContain("unknown option '--bogus'");
    expect(r.stderr).toContain('orkeon-code --help');
  });
});

describe('main (in process)', () => {
  it('returns 0 for --version, reading the version from package.json beside src/ too', async () => {
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((s: string) => (out.push(String(s)), true)) as typeof process.stdout.write;
    try {
      expect(await main(['--version'])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    expect(out.join('')).toBe(`${version}\n`);
  });
});
