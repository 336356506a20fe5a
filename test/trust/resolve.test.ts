// resolveTrust with a test double for the question (the real terminal is in pty-question.test.ts and
// test/launcher/); the folders and the registry are real files.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveTrust, type TrustPrompt, type TrustRequest } from '../../src/trust/index.js';
import { snapshot, world } from './harness.js';

function answering(answer: string | null, interactive = true): TrustPrompt & { asked: string[] } {
  const asked: string[] = [];
  return {
    interactive,
    asked,
    ask: (q) => {
      asked.push(q);
      return Promise.resolve(answer);
    },
  };
}

function request(w: ReturnType<typeof world>, folder: string, prompt: TrustPrompt, extra: Partial<TrustRequest> & { envExtra?: Record<string, string> } = {}): TrustRequest {
  return { folder, trustFlag: false, env: w.env(extra.envExtra), prompt, cwd: w.root, ...extra };
}

function project(w: ReturnType<typeof world>, name = 'project'): string {
  const dir = path.join(w.root, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

describe('resolveTrust', () => {
  it('starts a saved folder and every folder below it without asking', async () => {
    const w = world();
    const dir = project(w);
    fs.mkdirSync(path.join(dir, 'sub'));
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, `[\n  ${JSON.stringify(dir)}\n]\n`, { mode: 0o600 });
    const prompt = answering('n');
    expect(await resolveTrust(request(w, dir, prompt))).toMatchObject({ kind: 'start', via: 'registry', realPath: dir });
    expect(await resolveTrust(request(w, path.join(dir, 'sub'), prompt))).toMatchObject({ kind: 'start', via: 'registry' });
    expect(prompt.asked).toEqual([]);
  });

  it('does not let /a/b cover /a/bc', async () => {
    const w = world();
    const b = project(w, 'b');
    const bc = project(w, 'bc');
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, `[\n  ${JSON.stringify(b)}\n]\n`, { mode: 0o600 });
    expect(await resolveTrust(request(w, bc, answering(null, false)))).toMatchObject({ kind: 'no-terminal', realPath: bc });
  });

  it.each([
    ['y', 'start'],
    ['Y', 'start'],
    [' yes ', 'start'],
    ['n', 'declined'],
    ['', 'declined'],
    [null, 'declined'],
    ['maybe', 'declined'],
    ['yy', 'declined'],
  ] as const)('answer %j at the question: %s', async (answer, kind) => {
    const w = world();
    const dir = project(w);
    const outcome = await resolveTrust(request(w, dir, answering(answer)));
    expect(outcome.kind).toBe(kind);
    const saved = fs.existsSync(w.registry) ? fs.readFileSync(w.registry, 'utf8') : null;
    expect(saved).toBe(kind === 'start' ? `[\n  ${JSON.stringify(dir)}\n]\n` : null);
    if (kind === 'start') expect(outcome).toMatchObject({ via: 'answer' });
  });

  it('asks about the real path of a symbolic link and saves the target', async () => {
    const w = world();
    const target = project(w, 'real-project');
    const link = path.join(w.root, 'link');
    fs.symlinkSync(target, link);
    const prompt = answering('y');
    const outcome = await resolveTrust(request(w, 'link', prompt));
    expect(outcome).toMatchObject({ kind: 'start', realPath: target });
    expect(prompt.asked[0]).toContain(`Trust ${target}?`);
    expect(prompt.asked[0]).toContain(`${link} is a symbolic link`);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(`[\n  ${JSON.stringify(target)}\n]\n`);
  });

  it('refuses without a terminal, naming the three ways out, and never asks', async () => {
    const w = world();
    const dir = project(w);
    const prompt = answering('y', false);
    const outcome = await resolveTrust(request(w, dir, prompt));
    expect(outcome.kind).toBe('no-terminal');
    expect(prompt.asked).toEqual([]);
    if (outcome.kind === 'no-terminal') {
      expect(outcome.message).toContain('--trust');
      expect(outcome.message).toContain('ORKEON_CODE_TRUST=1');
      expect(outcome.message).toContain('CI=true');
      expect(outcome.message).toContain(`orkeon-code trust add ${dir}`);
    }
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('starts once with --trust, or ORKEON_CODE_TRUST=1 with CI=true, saving nothing', async () => {
    const w = world();
    const dir = project(w);
    const prompt = answering('n', false);
    expect(await resolveTrust(request(w, dir, prompt, { trustFlag: true }))).toMatchObject({ kind: 'start', via: 'flag' });
    expect(await resolveTrust(request(w, dir, prompt, { envExtra: { ORKEON_CODE_TRUST: '1', CI: 'true' } }))).toMatchObject({ kind: 'start', via: 'env' });
    expect(fs.existsSync(w.registry)).toBe(false);
    expect(prompt.asked).toEqual([]);
  });

  it('ignores ORKEON_CODE_TRUST without CI=true, or with another value, and says so', async () => {
    const w = world();
    const dir = project(w);
    for (const envExtra of [{ ORKEON_CODE_TRUST: '1' }, { ORKEON_CODE_TRUST: '1', CI: '1' }, { ORKEON_CODE_TRUST: 'true', CI: 'true' }]) {
      const outcome = await resolveTrust(request(w, dir, answering(null, false), { envExtra }));
      expect(outcome.kind).toBe('no-terminal');
      expect(outcome.kind === 'no-terminal' && outcome.message).toMatch(/ORKEON_CODE_TRUST=\S+ is ignored/);
    }
    const asked = answering('n');
    await resolveTrust(request(w, dir, asked, { envExtra: { ORKEON_CODE_TRUST: '1' } }));
    expect(asked.asked[0]).toMatch(/ORKEON_CODE_TRUST=1 is ignored because CI is not "true"/);
  });

  it('warns that trusting the home folder, a folder above it, or / trusts everything below', async () => {
    const w = world();
    const home = answering('n');
    await resolveTrust(request(w, w.home, home));
    expect(home.asked[0]).toContain(`Warning: ${w.home} is your home folder: trusting it trusts every folder below it`);
    const above = answering('n');
    await resolveTrust(request(w, w.root, above));
    expect(above.asked[0]).toContain(`Warning: ${w.root} holds your home folder`);
    const root = answering('n');
    await resolveTrust(request(w, '/', root));
    expect(root.asked[0]).toContain('Warning: / is the root of the file system');
    const plain = answering('n');
    await resolveTrust(request(w, project(w), plain));
    expect(plain.asked[0]).not.toContain('Warning');
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('says what trusting means in the question', async () => {
    const w = world();
    const dir = project(w);
    const prompt = answering('n');
    await resolveTrust(request(w, dir, prompt));
    expect(prompt.asked[0]).toMatch(/AGENTS\.md.*\.orkeon\/config\.json/s);
    expect(prompt.asked[0]).toContain('hooks');
    expect(prompt.asked[0]).toContain('every folder below it then starts without this question');
    expect(prompt.asked[0]).toContain(w.registry);
  });

  it('refuses a missing folder and a file, without asking', async () => {
    const w = world();
    const prompt = answering('y');
    expect(await resolveTrust(request(w, 'missing', prompt))).toMatchObject({ kind: 'bad-folder', message: expect.stringContaining('no such folder') });
    fs.writeFileSync(path.join(w.root, 'file'), 'x');
    expect(await resolveTrust(request(w, 'file', prompt))).toMatchObject({ kind: 'bad-folder', message: expect.stringContaining('is a file, not a folder') });
    expect(prompt.asked).toEqual([]);
  });

  it('refuses on a broken registry, trusting nothing, asking nothing, rewriting nothing', async () => {
    const w = world();
    const dir = project(w);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, `[${JSON.stringify(dir)}]`); // valid JSON, not one folder a line
    const before = snapshot(w.registry);
    const prompt = answering('y');
    const outcome = await resolveTrust(request(w, dir, prompt));
    expect(outcome).toMatchObject({ kind: 'registry-broken', registryPath: w.registry });
    expect(outcome.kind === 'registry-broken' && outcome.message).toMatch(/Move it away .* and trust your folders again/);
    expect(prompt.asked).toEqual([]);
    expect(snapshot(w.registry)).toEqual(before);
  });

  it('with --trust on a broken registry, starts once and says the registry is broken', async () => {
    const w = world();
    const dir = project(w);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, 'not json');
    const before = snapshot(w.registry);
    const outcome = await resolveTrust(request(w, dir, answering(null, false), { trustFlag: true }));
    expect(outcome).toMatchObject({ kind: 'start', via: 'flag', message: expect.stringContaining(w.registry) });
    expect(snapshot(w.registry)).toEqual(before);
  });

  it('trusts the demo fixture for the run without the registry', async () => {
    const w = world();
    const dir = project(w);
    expect(await resolveTrust(request(w, dir, answering(null, false), { demo: true }))).toMatchObject({ kind: 'start', via: 'demo' });
    expect(fs.existsSync(w.registry)).toBe(false);
  });
});
