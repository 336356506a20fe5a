// The launcher's trust answers, through a real pseudo-terminal and with no terminal at all:
// `n`, an empty line and end of input exit 0 with nothing started; no terminal exits 3; nothing of the
// folder is read before trust says yes (its files are FIFOs here: reading one would hang the launcher).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasPty, spawnPty, type PtySession } from '../support/pty.js';
import { CLI, runCli, snapshot, world } from '../trust/harness.js';

if (!hasPty) console.warn('SKIPPED: the launcher question tests need python3 with its pty module (apt-get install python3)');

/** A project whose every file the agent would read is a FIFO: opening one for reading blocks. */
function trapProject(w: ReturnType<typeof world>): string {
  const dir = path.join(w.root, 'project');
  fs.mkdirSync(path.join(dir, '.orkeon'), { recursive: true });
  for (const f of ['AGENTS.md', '.orkeon/config.json', '.orkeon/repo.yaml']) execFileSync('mkfifo', [path.join(dir, f)]);
  return dir;
}

describe('the launcher without a terminal', () => {
  it('refuses an untrusted folder with exit 3, naming the three ways out, reading nothing of it', () => {
    const w = world();
    const dir = trapProject(w);
    const r = runCli([dir], { env: w.env() });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--trust');
    expect(r.stderr).toContain('ORKEON_CODE_TRUST=1');
    expect(r.stderr).toContain('CI=true');
    expect(r.stderr).toContain(`orkeon-code trust add ${dir}`);
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('refuses the working folder when no folder is named', () => {
    const w = world();
    const dir = trapProject(w);
    expect(runCli([], { env: w.env(), cwd: dir }).code).toBe(3);
  });

  it('says ORKEON_CODE_TRUST=1 is ignored without CI=true', () => {
    const w = world();
    const r = runCli([trapProject(w)], { env: w.env({ ORKEON_CODE_TRUST: '1' }) });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('ORKEON_CODE_TRUST=1 is ignored because CI is not "true"');
  });

  it('refuses on a corrupt registry (exit 78) and leaves it byte for byte', () => {
    const w = world();
    const dir = trapProject(w);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, `[${JSON.stringify(dir)}]\n`, { mode: 0o600 });
    const before = snapshot(w.registry);
    const r = runCli([dir], { env: w.env() });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain(w.registry);
    expect(r.stderr).toMatch(/Move it away .* trust your folders again/);
    expect(snapshot(w.registry)).toEqual(before);
  });

  it('a bad folder is a usage error (64), before anything else', () => {
    const w = world();
    expect(runCli([path.join(w.root, 'missing')], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('there is no such folder') });
    expect(runCli(['--mode', 'yolo', w.root], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('--mode yolo is not a mode') });
    expect(runCli(['--confinement', 'chroot', w.root], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('--confinement chroot') });
    expect(runCli([w.root, 'extra'], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('put a command for the session after --') });
    expect(runCli([w.root, '--'], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('nothing after --') });
    expect(runCli(['--demo', w.root], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('--demo starts in its own fixture folder') });
  });
});

describe.skipIf(!hasPty)('the launcher at a terminal', () => {
  async function declined(answer: (t: PtySession) => void): Promise<void> {
    const w = world();
    const dir = trapProject(w);
    const term = spawnPty([process.execPath, CLI, dir], { env: w.env() });
    const question = await term.waitFor('[y/N] ');
    expect(question).toContain(`Trust ${dir}?`);
    answer(term);
    const exit = await term.exit();
    expect(exit.code).toBe(0);
    expect(exit.text).toContain(`${dir} was not trusted; nothing was started`);
    expect(fs.existsSync(w.registry)).toBe(false);
    expect(fs.existsSync(path.join(w.orkeonHome, 'output'))).toBe(false); // no output folder made: nothing started
  }

  it('n: exit 0, nothing started, nothing saved', () => declined((t) => t.sendLine('n')));
  it('an empty line: exit 0, nothing started, nothing saved', () => declined((t) => t.sendLine('')));
  it('end of input: exit 0, nothing started, nothing saved', () => declined((t) => t.sendEof()));

  it('warns at the question that trusting the home folder trusts everything below it', async () => {
    const w = world();
    const term = spawnPty([process.execPath, CLI, w.home], { env: w.env() });
    expect(await term.waitFor('[y/N] ')).toContain(`Warning: ${w.home} is your home folder: trusting it trusts every folder below it`);
    term.sendLine('n');
    expect((await term.exit()).code).toBe(0);
  });

  it('asks about a symbolic link by its target', async () => {
    const w = world();
    const dir = trapProject(w);
    const link = path.join(w.root, 'via-link');
    fs.symlinkSync(dir, link);
    const term = spawnPty([process.execPath, CLI, link], { env: w.env() });
    const question = await term.waitFor('[y/N] ');
    expect(question).toContain(`Trust ${dir}?`);
    term.sendLine('n');
    expect((await term.exit()).code).toBe(0);
  });

  it('on a corrupt registry: no question, exit 78, the registry left byte for byte', async () => {
    const w = world();
    const dir = trapProject(w);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, '[\n  "/a",\n]\n', { mode: 0o600 });
    const before = snapshot(w.registry);
    const term = spawnPty([process.execPath, CLI, dir], { env: w.env() });
    const exit = await term.exit();
    expect(exit.code).toBe(78);
    expect(exit.text).not.toContain('[y/N]');
    expect(snapshot(w.registry)).toEqual(before);
  });
});
