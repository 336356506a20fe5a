// The --demo fixture, made with real git and tested with real node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_HISTORY, prepareDemo } from '../../src/session/demo.js';
import { world } from '../trust/harness.js';

function git(dir: string, args: string[]): string {
  const r = spawnSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null' } });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('the demo fixture', () => {
  it('is a project with a README, sources, tests, .orkeon/config.json and a real git history', () => {
    const w = world();
    const env = w.env();
    const made = prepareDemo(w.orkeonHome, env);
    expect(made).toMatchObject({ ok: true, created: true, folder: path.join(w.orkeonHome, 'demo') });
    if (!made.ok) return;
    for (const f of ['README.md', 'package.json', 'src/address.js', 'src/format.js', 'test/address.test.js', '.orkeon/config.json']) {
      expect(fs.existsSync(path.join(made.folder, f)), f).toBe(true);
    }
    expect(JSON.parse(fs.readFileSync(path.join(made.folder, '.orkeon/config.json'), 'utf8'))).toEqual({ 'permissions.fallback': 'default', 'dev.prAuto': true });
    const log = git(made.folder, ['log', '--format=%an <%ae>|%s']).trim().split('\n');
    expect(log).toHaveLength(DEMO_HISTORY.length);
    expect(log.every((l) => l.startsWith('Orkeon Demo <demo@orkeon-code.invalid>|'))).toBe(true);
    expect(git(made.folder, ['status', '--porcelain'])).toBe('');
    expect(git(made.folder, ['config', '--local', 'user.name']).trim()).toBe('Orkeon Demo');
    const hooks = path.join(made.folder, '.git', 'hooks');
    expect(fs.existsSync(hooks) ? fs.readdirSync(hooks) : []).toEqual([]); // no template hooks either
    // The user's global git configuration was never written (HOME is the test's own).
    expect(fs.existsSync(path.join(w.home, '.gitconfig'))).toBe(false);
    expect(fs.existsSync(path.join(w.home, '.config', 'git'))).toBe(false);
  });

  it('passes its own tests with `npm test` and plain node (no dependencies)', () => {
    const w = world();
    const made = prepareDemo(w.orkeonHome, w.env());
    if (!made.ok) throw new Error(made.message);
    expect(fs.existsSync(path.join(made.folder, 'node_modules'))).toBe(false);
    const r = spawnSync('npm', ['test'], { cwd: made.folder, encoding: 'utf8', env: w.env() });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/# pass 3/);
    expect(r.stdout).toMatch(/# fail 0/);
  });

  it('is idempotent: a second run keeps the fixture, changes included', () => {
    const w = world();
    const first = prepareDemo(w.orkeonHome, w.env());
    if (!first.ok) throw new Error(first.message);
    const head = git(first.folder, ['rev-parse', 'HEAD']);
    fs.writeFileSync(path.join(first.folder, 'notes.txt'), 'mine');
    const second = prepareDemo(w.orkeonHome, w.env());
    expect(second).toMatchObject({ ok: true, created: false, folder: first.folder });
    expect(git(first.folder, ['rev-parse', 'HEAD'])).toBe(head);
    expect(fs.readFileSync(path.join(first.folder, 'notes.txt'), 'utf8')).toBe('mine');
    expect(fs.readdirSync(w.orkeonHome).sort()).toEqual(['demo']);
  });

  it('sets an incomplete fixture aside and makes it again', () => {
    const w = world();
    fs.mkdirSync(path.join(w.orkeonHome, 'demo'), { recursive: true });
    fs.writeFileSync(path.join(w.orkeonHome, 'demo', 'half'), '');
    const made = prepareDemo(w.orkeonHome, w.env());
    expect(made).toMatchObject({ ok: true, created: true, notes: [expect.stringContaining('set aside')] });
    const names = fs.readdirSync(w.orkeonHome).sort();
    expect(names[0]).toBe('demo');
    expect(names[1]).toMatch(/^demo\.incomplete-\d+$/);
    expect(names).toHaveLength(2);
  });

  it('says what to do when git is missing', () => {
    const w = world();
    const made = prepareDemo(w.orkeonHome, w.env({ PATH: '/nonexistent' }));
    expect(made).toMatchObject({ ok: false, message: expect.stringContaining('needs git') });
    expect(fs.existsSync(path.join(w.orkeonHome, 'demo'))).toBe(false);
  });
});
