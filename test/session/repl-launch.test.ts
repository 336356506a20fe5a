// ORKEON_REPL naming a small fake repl: the launcher starts it as the session, confined like a
// `-- command` session (bubblewrap: its folder read-only at /orkeon-repl, the project at /workspace),
// with the exports in its environment and ORKEON_CODE_TRUST (and every other host variable) out of it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnPty } from '../support/pty.js';
import { CLI, readEnvFile, runCli } from '../trust/harness.js';
import { bubblewrap, canRunSessions, sessionWorld, whySkipped } from './fixture.js';

if (!bubblewrap.ok) console.warn(`SKIPPED: orkeon-repl under bubblewrap: bubblewrap cannot run here: ${bubblewrap.reason}`);
if (!canRunSessions) console.warn(`SKIPPED: orkeon-repl at a terminal: ${whySkipped}`);

const FAKE_REPL = `#!/bin/sh
# A stand-in for orkeon-repl: says where it runs and what it was given, then talks on its terminal.
out=/output
[ -d "$out" ] || out=$PWD # --confinement none: the project's host folder
env -0 > "$out/repl-env"
pwd > "$out/repl-pwd"
echo "$0" > "$out/repl-argv0"
if [ -e "$ORKEON_TEST_HOST_PATH" ]; then echo visible > "$out/repl-host"; else echo hidden > "$out/repl-host"; fi
if [ -t 0 ]; then
  printf 'fake-repl> '
  read -r line
  echo "fake repl got: $line"
fi
exit 7
`;

function fakeRepl(root: string): string {
  const dir = path.join(root, 'repl-bin');
  fs.mkdirSync(dir);
  const file = path.join(dir, 'fake-repl');
  fs.writeFileSync(file, FAKE_REPL, { mode: 0o755 });
  return file;
}

describe.skipIf(!bubblewrap.ok)('ORKEON_REPL under bubblewrap', () => {
  it('starts the fake repl confined, with the exports and without ORKEON_CODE_TRUST, and returns its exit code', () => {
    const w = sessionWorld();
    const repl = fakeRepl(w.root);
    const out = path.join(w.root, 'out');
    const r = runCli(['--confinement', 'bubblewrap', '--output', out, w.project], {
      env: w.env({ ORKEON_REPL: repl, ORKEON_CODE_TRUST: '1', CI: 'true', SECRET_TOKEN: 'sk-not-for-the-repl', ORKEON_CODE_AUDIO_DIR: '/audio', ORKEON_TEST_HOST_PATH: w.home }),
    });
    expect(r.code, r.stderr).toBe(7);
    expect(fs.readFileSync(path.join(out, 'repl-pwd'), 'utf8').trim()).toBe('/workspace');
    expect(fs.readFileSync(path.join(out, 'repl-argv0'), 'utf8').trim()).toBe('/orkeon-repl/fake-repl');
    const env = readEnvFile(path.join(out, 'repl-env'));
    expect(env).toMatchObject({ ORKEON_Security__PermissionGate__Enabled: 'true', ORKEON_MCP__Servers__whisper__TrustAnnotations: 'true' });
    for (const gone of ['ORKEON_CODE_TRUST', 'CI', 'SECRET_TOKEN', 'ORKEON_REPL', 'ORKEON_TEST_HOST_PATH']) expect(env[gone], gone).toBeUndefined();
    // Confined: the host home of the test is not there (the variable naming it did not reach it either).
    expect(env.HOME).not.toBe(w.home);
    expect(fs.existsSync(path.join(w.project, 'repl-env'))).toBe(false);
  });

  it.skipIf(!canRunSessions)('hands it the terminal', async () => {
    const w = sessionWorld();
    const repl = fakeRepl(w.root);
    const term = spawnPty([process.execPath, CLI, '--trust', '--confinement', 'bubblewrap', w.project], { env: w.env({ ORKEON_REPL: repl }) });
    await term.waitFor('fake-repl> ', 30_000);
    term.sendLine('hello from the terminal');
    await term.waitFor('fake repl got: hello from the terminal');
    expect((await term.exit()).code).toBe(7);
  });

  it('found by name on PATH, and by `orkeon-repl` on PATH when ORKEON_REPL is unset; ORKEON_REPL= asks for the embedded session', () => {
    const w = sessionWorld();
    const repl = fakeRepl(w.root);
    const out = path.join(w.root, 'out');
    const pathVar = `${path.dirname(repl)}:${process.env.PATH ?? ''}`;
    let r = runCli(['--trust', '--output', out, '--dry-run', w.project], { env: w.env({ ORKEON_REPL: 'fake-repl', PATH: pathVar }) });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session: 'orkeon-repl', command: ['/orkeon-repl/fake-repl'] });
    fs.renameSync(repl, path.join(path.dirname(repl), 'orkeon-repl'));
    r = runCli(['--trust', '--output', out, '--dry-run', w.project], { env: w.env({ PATH: pathVar }) });
    expect(JSON.parse(r.stdout)).toMatchObject({ session: 'orkeon-repl', command: ['/orkeon-repl/orkeon-repl'] });
    r = runCli(['--trust', '--output', out, '--dry-run', w.project], { env: w.env({ PATH: pathVar, ORKEON_REPL: '' }) });
    expect(JSON.parse(r.stdout)).toMatchObject({ session: 'embedded', command: null });
  });
});

describe('ORKEON_REPL with --confinement none', () => {
  it('runs it by its host path, in the project, with the built environment only', () => {
    const w = sessionWorld();
    const repl = fakeRepl(w.root);
    const r = runCli(['--confinement', 'none', w.project], { env: w.env({ ORKEON_REPL: repl, ORKEON_CODE_TRUST: '1', CI: 'true', SECRET_TOKEN: 'x' }) });
    expect(r.code, r.stderr).toBe(7);
    expect(fs.readFileSync(path.join(w.project, 'repl-argv0'), 'utf8').trim()).toBe(repl);
    expect(fs.readFileSync(path.join(w.project, 'repl-pwd'), 'utf8').trim()).toBe(w.project);
    const env = readEnvFile(path.join(w.project, 'repl-env'));
    expect(env.ORKEON_Security__PermissionGate__Enabled).toBe('true');
    for (const gone of ['ORKEON_CODE_TRUST', 'CI', 'SECRET_TOKEN', 'ORKEON_REPL']) expect(env[gone], gone).toBeUndefined();
  });
});
