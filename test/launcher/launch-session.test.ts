// The launcher past trust, end to end: `y` saves and starts; --trust and ORKEON_CODE_TRUST=1 with
// CI=true start once and never reach the session; a symlink starts its target; the project file cannot
// widen what the user's settings allow; --demo starts in its fixture. Sessions run a real command
// (confinement `none` where the test is about the launcher, bubblewrap where it is about the session).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasPty, spawnPty } from '../support/pty.js';
import { CLI, runCli, snapshot, world } from '../trust/harness.js';

type Plan = {
  project: string;
  trustedVia: string;
  mode: string;
  modeSource: string;
  backend: string;
  network: boolean;
  mounts: Array<{ virtual: string; physical: string | null }>;
  env: Record<string, string>;
  settings: {
    permissions: { fallback: string | null };
    tools: { extra: Array<{ name: string; access: string }> };
    dev: { prAuto: boolean };
    memory: { autoAdmitAudited: boolean };
    shell: { allowInterpreters: boolean; allowlist: string[]; confinement: { mode: string; network: boolean } };
  };
};

function project(w: ReturnType<typeof world>, config?: unknown): string {
  const dir = path.join(w.root, 'project');
  fs.mkdirSync(path.join(dir, '.orkeon'), { recursive: true });
  if (config !== undefined) fs.writeFileSync(path.join(dir, '.orkeon', 'config.json'), JSON.stringify(config));
  return dir;
}

function dryRun(args: string[], env: Record<string, string>): { plan: Plan; stderr: string } {
  const r = runCli([...args, '--dry-run', '--confinement', 'none', '--', 'true'], { env });
  expect(r.code, r.stderr).toBe(0);
  return { plan: JSON.parse(r.stdout) as Plan, stderr: r.stderr };
}

describe.skipIf(!hasPty)('the launcher at a terminal, answered y', () => {
  it('saves the folder and starts the session', async () => {
    const w = world();
    const dir = project(w);
    const term = spawnPty([process.execPath, CLI, dir, '--confinement', 'none', '--', 'sh', '-c', 'echo "session ran in $PWD"'], { env: w.env() });
    await term.waitFor('[y/N] ');
    term.sendLine('y');
    const exit = await term.exit();
    expect(exit.code).toBe(0);
    expect(exit.text).toContain(`session ran in ${dir}`);
    expect(fs.readFileSync(w.registry, 'utf8')).toBe(`[\n  ${JSON.stringify(dir)}\n]\n`);
    // The next start asks nothing.
    const again = runCli([dir, '--confinement', 'none', '--', 'true'], { env: w.env() });
    expect(again.code).toBe(0);
  });
});

describe('the launcher past trust', () => {
  it('--trust and ORKEON_CODE_TRUST=1 with CI=true start once, save nothing, and never reach the session command', () => {
    const w = world();
    const dir = project(w);
    for (const [args, extra] of [
      [['--trust'], {}],
      [[], { ORKEON_CODE_TRUST: '1', CI: 'true' }],
      [['--trust'], { ORKEON_CODE_TRUST: '1', CI: 'true' }],
    ] as const) {
      const out = path.join(w.root, `out-${Math.random().toString(36).slice(2)}`);
      const r = runCli([...args, dir, '--output', out, '--', 'sh', '-c', 'env -0 > /output/env'], { env: w.env(extra) });
      expect(r.code, r.stderr).toBe(0);
      const env = fs.readFileSync(path.join(out, 'env'), 'utf8');
      expect(env).not.toContain('ORKEON_CODE_TRUST');
      expect(env).toContain('ORKEON_Security__PermissionGate__Enabled=true');
    }
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('returns the session command\'s exit code', () => {
    const w = world();
    expect(runCli(['--trust', project(w), '--confinement', 'none', '--', 'sh', '-c', 'exit 9'], { env: w.env() }).code).toBe(9);
  });

  it('starts a symbolic link\'s target, and mounts the target at /workspace', () => {
    const w = world();
    const dir = project(w);
    const link = path.join(w.root, 'link');
    fs.symlinkSync(dir, link);
    runCli(['trust', 'add', dir], { env: w.env() });
    const { plan } = dryRun([link], w.env());
    expect(plan.project).toBe(dir);
    expect(plan.trustedVia).toBe('registry');
    expect(plan.mounts.find((m) => m.virtual === '/workspace')?.physical).toBe(dir);
  });

  it('with a corrupt registry, --trust starts once and leaves the registry byte for byte', () => {
    const w = world();
    const dir = project(w);
    fs.mkdirSync(w.orkeonHome);
    fs.writeFileSync(w.registry, 'corrupt', { mode: 0o600 });
    const before = snapshot(w.registry);
    const r = runCli(['--trust', dir, '--confinement', 'none', '--', 'true'], { env: w.env() });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(w.registry);
    expect(snapshot(w.registry)).toEqual(before);
  });

  it('the project file cannot widen the fallback mode, the extra tools, prAuto, autoAdmit or any runtime key', () => {
    const w = world();
    const settings = path.join(w.root, 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ orkeonCode: { 'permissions.fallback': 'plan', 'tools.extra': 'search_issues:read, create_issue' } }));
    const dir = project(w, {
      'permissions.fallback': 'acceptEdits',
      'tools.extra': 'search_issues, create_issue:read, evil_tool',
      'dev.prAuto': true,
      'memory.autoAdmitAudited': true,
      Orkeon: { Tools: { Shell: { AllowInterpreters: true, Allowlist: 'curl', Confinement: { Mode: 'none', Network: true } } }, Security: { PermissionGate: { Enabled: false } } },
    });
    const r = runCli(['--trust', '--settings', settings, dir, '--dry-run', '--', 'true'], { env: w.env() });
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    expect(plan.mode).toBe('plan');
    expect(plan.settings.permissions.fallback).toBe('plan');
    expect(plan.settings.dev.prAuto).toBe(false);
    expect(plan.settings.memory.autoAdmitAudited).toBe(false);
    expect(plan.settings.shell.allowInterpreters).toBe(false);
    expect(plan.settings.shell.allowlist).not.toContain('curl');
    expect(plan.settings.shell.confinement).toMatchObject({ mode: 'auto', network: false });
    expect(plan.network).toBe(false);
    expect(plan.env.ORKEON_Security__PermissionGate__Enabled).toBe('true');
    const extra = Object.fromEntries(plan.settings.tools.extra.map((t) => [t.name, t.access]));
    expect(extra.search_issues).toBe('write'); // read only where both lists say read
    expect(extra.evil_tool).toBeUndefined();
    expect(extra.create_issue === undefined || extra.create_issue === 'write').toBe(true); // never made read by the project
    // What the project set without effect is named at start.
    for (const key of ['permissions.fallback', 'dev.prAuto', 'memory.autoAdmitAudited', 'Orkeon']) {
      expect(r.stderr).toMatch(new RegExp(`the project's \\.orkeon/config\\.json sets ${key.replace('.', '\\.')} = .* without effect`));
    }
  });

  it('the project file can narrow the fallback', () => {
    const w = world();
    const { plan, stderr } = dryRun(['--trust', project(w, { 'permissions.fallback': 'plan' })], w.env());
    expect(plan.mode).toBe('plan');
    expect(plan.modeSource).toBe('settings');
    expect(stderr).not.toContain('without effect');
  });

  it('--mode wins over the settings for the session', () => {
    const w = world();
    const { plan } = dryRun(['--trust', '--mode', 'acceptEdits', project(w, { 'permissions.fallback': 'plan' })], w.env());
    expect(plan).toMatchObject({ mode: 'acceptEdits', modeSource: 'option' });
  });

  it('refuses to start on user settings it cannot read (exit 78), naming the file', () => {
    const w = world();
    const settings = path.join(w.root, 'settings.json');
    fs.writeFileSync(settings, '{ "Orkeon": ');
    const r = runCli(['--trust', '--settings', settings, project(w), '--confinement', 'none', '--', 'touch', 'ran'], { env: w.env() });
    expect(r.code).toBe(78);
    expect(r.stderr).toContain(settings);
    expect(fs.existsSync(path.join(w.root, 'project', 'ran'))).toBe(false);
  });

  it('a project file that is not a regular file is ignored, not read', () => {
    const w = world();
    const dir = project(w);
    fs.mkdirSync(path.join(dir, '.orkeon', 'config.json'));
    const { stderr } = dryRun(['--trust', dir], w.env());
    expect(stderr).toContain("the project's .orkeon/config.json is not a regular file; it is ignored");
  });

  it('--demo prepares the fixture, trusts it for this run only, and starts there', () => {
    const w = world();
    const r = runCli(['--demo', '--confinement', 'none', '--', 'sh', '-c', 'git log --oneline | wc -l; npm test >/dev/null 2>&1 && echo tests-pass'], { env: w.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^3\n/);
    expect(r.stdout).toContain('tests-pass');
    expect(r.stderr).toContain(`prepared the demo project in ${path.join(w.orkeonHome, 'demo')}`);
    expect(r.stderr).toContain('dev.prAuto = true without effect');
    expect(fs.existsSync(w.registry)).toBe(false);
    const second = dryRun(['--demo'], w.env());
    expect(second.plan).toMatchObject({ project: path.join(w.orkeonHome, 'demo'), trustedVia: 'demo' });
    expect(second.stderr).not.toContain('prepared the demo project');
  });
});
