// `orkeon-code trust …` as a person or a script runs it: the built CLI in a process, no terminal.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, snapshot, world } from './harness.js';

function setup() {
  const w = world();
  const dir = path.join(w.root, 'project');
  fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
  return { w, dir };
}

describe('orkeon-code trust (no terminal)', () => {
  it('add, list, check, remove', () => {
    const { w, dir } = setup();
    const env = w.env();
    expect(runCli(['trust', 'list'], { env })).toMatchObject({ code: 0, stdout: '' });
    expect(runCli(['trust', 'check', dir], { env }).code).toBe(3);
    const add = runCli(['trust', 'add', dir], { env });
    expect(add).toMatchObject({ code: 0, stdout: expect.stringContaining(`trusted ${dir}`) });
    expect(runCli(['trust', 'list'], { env })).toMatchObject({ code: 0, stdout: `${dir}\n` });
    expect(runCli(['trust', 'check', dir], { env }).code).toBe(0);
    expect(runCli(['trust', 'check', path.join(dir, 'sub')], { env }).code).toBe(0);
    expect(runCli(['trust', 'check', `${dir}-other`], { env }).code).toBe(64);
    expect(runCli(['trust', 'remove', dir], { env })).toMatchObject({ code: 0, stdout: expect.stringContaining(`removed ${dir}`) });
    expect(runCli(['trust', 'check', dir], { env }).code).toBe(3);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe('[]\n');
  });

  it('check: 3 without a terminal, naming the three ways out; 0 with --trust or ORKEON_CODE_TRUST=1 and CI=true; nothing saved', () => {
    const { w, dir } = setup();
    const refused = runCli(['trust', 'check', dir], { env: w.env() });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('--trust');
    expect(refused.stderr).toContain('ORKEON_CODE_TRUST=1');
    expect(refused.stderr).toContain('CI=true');
    expect(refused.stderr).toContain(`orkeon-code trust add ${dir}`);
    expect(runCli(['trust', 'check', dir, '--trust'], { env: w.env() }).code).toBe(0);
    expect(runCli(['trust', 'check', dir], { env: w.env({ ORKEON_CODE_TRUST: '1', CI: 'true' }) }).code).toBe(0);
    const noCi = runCli(['trust', 'check', dir], { env: w.env({ ORKEON_CODE_TRUST: '1' }) });
    expect(noCi.code).toBe(3);
    expect(noCi.stderr).toContain('ORKEON_CODE_TRUST=1 is ignored because CI is not "true"');
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('saves a symbolic link by its target', () => {
    const { w, dir } = setup();
    const link = path.join(w.root, 'link');
    fs.symlinkSync(dir, link);
    const add = runCli(['trust', 'add', link], { env: w.env() });
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('symbolic link');
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(`[\n  ${JSON.stringify(dir)}\n]\n`);
    expect(runCli(['trust', 'check', link], { env: w.env() }).code).toBe(0);
    expect(runCli(['trust', 'remove', link], { env: w.env() }).code).toBe(0);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe('[]\n');
  });

  it('says trusting the home folder or / covers everything below', () => {
    const { w } = setup();
    const home = runCli(['trust', 'add', w.home], { env: w.env() });
    expect(home.code).toBe(0);
    expect(home.stderr).toContain(`Warning: ${w.home} is your home folder: trusting it trusts every folder below it`);
    const root = runCli(['trust', 'add', '/'], { env: w.env() });
    expect(root.code).toBe(0);
    expect(root.stderr).toContain('Warning: / is the root of the file system');
    expect(runCli(['trust', 'list'], { env: w.env() }).stdout).toBe(`${w.home}\n/\n`);
  });

  it('clear errors: a missing folder, a file, a remove of something not saved', () => {
    const { w, dir } = setup();
    const file = path.join(w.root, 'file.txt');
    fs.writeFileSync(file, 'x');
    const missing = runCli(['trust', 'add', path.join(w.root, 'nope')], { env: w.env() });
    expect(missing).toMatchObject({ code: 64, stderr: expect.stringContaining('there is no such folder') });
    expect(runCli(['trust', 'add', file], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('is a file, not a folder') });
    expect(runCli(['trust', 'check', file], { env: w.env() })).toMatchObject({ code: 64, stderr: expect.stringContaining('is a file, not a folder') });
    expect(runCli(['trust', 'remove', dir], { env: w.env() })).toMatchObject({ code: 1, stderr: expect.stringContaining('is not in the trusted-folders registry') });
    runCli(['trust', 'add', dir], { env: w.env() });
    expect(runCli(['trust', 'remove', path.join(dir, 'sub')], { env: w.env() })).toMatchObject({ code: 1, stderr: expect.stringContaining(`remove ${dir} to stop trusting it`) });
    expect(fs.existsSync(w.registry)).toBe(true);
  });

  it('removes the entry of a folder that no longer exists', () => {
    const { w, dir } = setup();
    runCli(['trust', 'add', dir], { env: w.env() });
    fs.rmSync(dir, { recursive: true });
    expect(runCli(['trust', 'remove', dir], { env: w.env() }).code).toBe(0);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe('[]\n');
  });

  it('a corrupt registry is refused with its path by every trust command and left byte for byte', () => {
    const { w, dir } = setup();
    fs.mkdirSync(w.orkeonHome);
    const corrupt = `["${dir}"]`; // valid JSON, but not one folder a line: trusts nothing
    fs.writeFileSync(w.registry, corrupt, { mode: 0o600 });
    const before = snapshot(w.registry);
    const runs = [
      runCli(['trust', 'list'], { env: w.env() }),
      runCli(['trust', 'add', dir], { env: w.env() }),
      runCli(['trust', 'add', path.join(w.root)], { env: w.env() }),
      runCli(['trust', 'remove', dir], { env: w.env() }),
      runCli(['trust', 'check', dir], { env: w.env() }),
      runCli(['trust', 'check', dir], { env: w.env({ ORKEON_CODE_TRUST: '1', CI: 'true' }) }),
      runCli(['trust', 'check', dir, '--trust'], { env: w.env() }),
    ];
    expect(runs.map((r) => r.code)).toEqual([78, 78, 78, 78, 78, 0, 0]);
    for (const r of runs) expect(r.stderr).toContain(w.registry);
    for (const r of runs.slice(0, 5)) expect(r.stderr).toMatch(/Move it away .* and trust your folders again/);
    expect(snapshot(w.registry)).toEqual(before);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(corrupt);
    expect(fs.readdirSync(w.orkeonHome)).toEqual(['trusted-folders.json']);
  });

  it('exec obeys trust as the launcher does: 3 untrusted, 78 on a corrupt registry left byte for byte, --trust runs once', () => {
    const { w, dir } = setup();
    expect(runCli(['exec', '--confinement', 'none', '--mode', 'bypassPermissions', '--', 'true'], { env: w.env(), cwd: dir }).code).toBe(3);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, `["${dir}"]\n`, { mode: 0o600 });
    const before = snapshot(w.registry);
    const refused = runCli(['exec', '--confinement', 'none', '--mode', 'bypassPermissions', '--', 'touch ran'], { env: w.env(), cwd: dir });
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain(w.registry);
    expect(fs.existsSync(path.join(dir, 'ran'))).toBe(false);
    const once = runCli(['exec', '--trust', '--confinement', 'none', '--mode', 'bypassPermissions', '--', 'true'], { env: w.env(), cwd: dir });
    expect(once.code, once.stderr).toBe(0);
    expect(snapshot(w.registry)).toEqual(before);
  });
});
