// `orkeon-code exec` at a real terminal: what the gate asks about is put to the person; `y` runs it once,
// confined, and anything else refuses it (126) with nothing run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { snapshotCli, type BuiltCli } from './built-cli.js';
import { hasPty, spawnPty } from '../support/pty.js';
import { bubblewrapAvailable, makeFixture, type Fixture } from './fixture.js';

const bubblewrap = await bubblewrapAvailable();
if (!hasPty) console.warn('SKIPPED: exec at a terminal: no pseudo-terminal here (python3 with its pty module)');
if (!bubblewrap.ok) console.warn(`SKIPPED: exec at a terminal: bubblewrap cannot run here: ${bubblewrap.reason}`);

let fx: Fixture;
let settings: string;
let cli: BuiltCli;
beforeAll(() => {
  cli = snapshotCli();
  fx = makeFixture();
  settings = path.join(fx.root, 'settings.json');
  fs.writeFileSync(settings, JSON.stringify({ Orkeon: { Tools: { Shell: { Allowlist: ['touch'] } } } }));
});
afterAll(() => {
  fx?.cleanup();
  cli?.cleanup();
});

describe.skipIf(!hasPty || !bubblewrap.ok)('orkeon-code exec at a terminal', () => {
  function start(command: string) {
    return spawnPty([process.execPath, cli.bin, 'exec', '--trust', '--settings', settings, '--confinement', 'bubblewrap', '--', command], { cwd: fx.project, env: { ...fx.hostEnv, TERM: 'dumb' } });
  }

  it('asks, and y runs the command once, confined', async () => {
    const term = start('touch approved-once');
    await term.waitFor('approve shell_command `touch approved-once`? [y] once / [n] no');
    term.sendLine('y');
    const exit = await term.exit();
    expect(exit.code).toBe(0);
    expect(fs.existsSync(path.join(fx.project, 'approved-once'))).toBe(true);
  });

  it('asks, and n refuses with 126, nothing run', async () => {
    const term = start('touch refused-at-question');
    await term.waitFor('[y] once / [n] no');
    term.sendLine('n');
    const exit = await term.exit();
    expect(exit.code).toBe(126);
    expect(exit.text).toContain('refused at the question: nothing ran');
    expect(fs.existsSync(path.join(fx.project, 'refused-at-question'))).toBe(false);
  });
});
