// The trust question on a real terminal (a pseudo-terminal through test/support/pty.ts): what
// `orkeon-code trust check` asks and answers. The launcher's own answers are in test/launcher/.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasPty, spawnPty } from '../support/pty.js';
import { CLI, world } from './harness.js';

if (!hasPty) console.warn('SKIPPED: the trust question tests need python3 with its pty module (apt-get install python3)');

function setup() {
  const w = world();
  const dir = path.join(w.root, 'project');
  fs.mkdirSync(dir);
  return { w, dir };
}

describe.skipIf(!hasPty)('trust check at a terminal', () => {
  it('y saves the folder and answers 0', async () => {
    const { w, dir } = setup();
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', dir], { env: w.env() });
    const question = await term.waitFor('[y/N] ');
    expect(question).toContain(`Trust ${dir}?`);
    expect(question).toContain('AGENTS.md');
    expect(question).not.toContain('Warning');
    term.sendLine('y');
    const exit = await term.exit();
    expect(exit.code).toBe(0);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(`[\n  ${JSON.stringify(dir)}\n]\n`);
    // Asked once: now it starts without a question.
    const again = spawnPty([process.execPath, CLI, 'trust', 'check', dir], { env: w.env() });
    expect((await again.exit()).code).toBe(0);
    expect(again.text()).not.toContain('[y/N]');
  });

  it.each([
    ['n', (t: ReturnType<typeof spawnPty>) => t.sendLine('n')],
    ['an empty line', (t: ReturnType<typeof spawnPty>) => t.sendLine('')],
    ['end of input (Ctrl-D)', (t: ReturnType<typeof spawnPty>) => t.sendEof()],
  ])('%s refuses: answers 4 and saves nothing', async (_name, answer) => {
    const { w, dir } = setup();
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', dir], { env: w.env() });
    await term.waitFor('[y/N] ');
    answer(term);
    const exit = await term.exit();
    expect(exit.code).toBe(4);
    expect(exit.text).toContain(`${dir} was not trusted; nothing was started`);
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('warns at the question that trusting the home folder trusts everything below', async () => {
    const { w } = setup();
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', w.home], { env: w.env() });
    const question = await term.waitFor('[y/N] ');
    expect(question).toContain(`Warning: ${w.home} is your home folder: trusting it trusts every folder below it, all your projects included.`);
    term.sendLine('n');
    expect((await term.exit()).code).toBe(4);
  });

  it('warns at the question that trusting / trusts every folder', async () => {
    const { w } = setup();
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', '/'], { env: w.env() });
    expect(await term.waitFor('[y/N] ')).toContain('Warning: / is the root of the file system: trusting it trusts every folder on this machine.');
    term.sendLine('n');
    expect((await term.exit()).code).toBe(4);
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('asks about a symbolic link by its target, and saves the target', async () => {
    const { w, dir } = setup();
    const link = path.join(w.root, 'link-to-project');
    fs.symlinkSync(dir, link);
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', link], { env: w.env() });
    const question = await term.waitFor('[y/N] ');
    expect(question).toContain(`Trust ${dir}?`);
    expect(question).toContain(`${link} is a symbolic link`);
    term.sendLine('y');
    expect((await term.exit()).code).toBe(0);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(`[\n  ${JSON.stringify(dir)}\n]\n`);
  });

  it('with --trust answers 0 at a terminal without asking or saving', async () => {
    const { w, dir } = setup();
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', dir, '--trust'], { env: w.env() });
    const exit = await term.exit();
    expect(exit.code).toBe(0);
    expect(exit.text).not.toContain('[y/N]');
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('a corrupt registry: refused at the terminal too, no question, left byte for byte', async () => {
    const { w, dir } = setup();
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, '[\n  "relative/path"\n]\n', { mode: 0o600 });
    const before = fs.readFileSync(w.registry);
    const term = spawnPty([process.execPath, CLI, 'trust', 'check', dir], { env: w.env() });
    const exit = await term.exit();
    expect(exit.code).toBe(78);
    expect(exit.text).not.toContain('[y/N]');
    expect(exit.text).toContain(w.registry);
    expect(fs.readFileSync(w.registry).equals(before)).toBe(true);
  });
});
