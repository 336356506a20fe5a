import { describe, expect, it } from 'vitest';
import { buildMountTable } from '../../src/mounts/table.js';
import { parseMountString } from '../../src/mounts/parse.js';
import { buildCommandEnv } from '../../src/env/command-env.js';
import { buildSandboxPlan, type SandboxPlanInput } from '../../src/sandbox/plan.js';
import { foldersBetween, protectionMounts } from '../../src/sandbox/protect.js';
import { selectBackend } from '../../src/sandbox/select.js';
import type { MountTable } from '../../src/mounts/types.js';

function table(project: string, output: string, ...user: string[]): MountTable {
  const r = buildMountTable({
    project,
    output,
    userConfig: '/s/user-config',
    user: user.map((t) => {
      const p = parseMountString(t);
      if (!p.ok) throw new Error(p.error.message);
      return p.value;
    }),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const env = buildCommandEnv({ hostEnv: {}, settings: { sessionBus: false, propagate: [] }, backend: 'bubblewrap', home: '/home/orkeon', tmp: '/tmp', user: 'u', runtimeDir: '/run/orkeon-code' });

function plan(over: Partial<SandboxPlanInput>) {
  return buildSandboxPlan({
    backend: 'bubblewrap',
    table: table('/p', '/o'),
    env,
    command: ['true'],
    network: false,
    protect: [],
    identity: { uid: 1, gid: 1, user: 'u' },
    etc: null,
    ...over,
  });
}

describe('buildSandboxPlan', () => {
  it('refuses an empty command and a working directory under no mount', () => {
    expect(plan({ command: [] })).toMatchObject({ ok: false, error: { code: 'plan', message: 'there is no command to run' } });
    expect(plan({ cwd: '/nowhere' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('/nowhere is under no mount') } });
    expect(plan({ cwd: 'rel' })).toMatchObject({ ok: false });
  });

  it('runs in a virtual working directory below a mount', () => {
    const r = plan({ cwd: '/workspace/src/' });
    expect(r.ok && r.value.cwd).toBe('/workspace/src');
    expect(r.ok && r.value.hostCwd).toBe('/p/src');
  });

  it('needs a host folder for the working directory with none', () => {
    const none = buildCommandEnv({ hostEnv: {}, settings: { sessionBus: false, propagate: [] }, backend: 'none', home: '/h', tmp: '/tmp', user: 'u', runtimeDir: '' });
    expect(plan({ backend: 'none', env: none, cwd: '/tmp' })).toMatchObject({ ok: false, error: { message: expect.stringContaining('--confinement none') } });
    const ok = plan({ backend: 'none', env: none });
    expect(ok.ok && ok.value.hostCwd).toBe('/p');
    // none mounts nothing of its own: no home, no protections
    expect(ok.ok && ok.value.mounts.filter((m) => m.purpose === 'home' || m.purpose === 'protect')).toEqual([]);
  });

  it('refuses a writable mount that would hand over a protected path, naming the option', () => {
    const r = plan({
      table: table('/p', '/o', '/p/.git/hooks:/hooks:rw'),
      protect: [{ path: '/p/.git/hooks', what: "the project's .git/hooks" }],
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'mount', message: "--mount …:/hooks:rw would let a command change the project's .git/hooks; mount it read-only or choose a folder that does not hold it" } });
    expect(plan({ table: table('/p', '/o', '/p/.git/hooks:/hooks:ro'), protect: [{ path: '/p/.git/hooks', what: 'x' }] }).ok).toBe(true);
  });

  it("refuses --output at orkeon-code's own folder, not at a folder below it (the outputs, the demo project)", () => {
    const own = { path: '/home/u/.orkeon-code', what: "orkeon-code's own folder", subfoldersMountable: true };
    expect(plan({ table: table('/p', '/home/u/.orkeon-code'), protect: [own] })).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^--output would let a command change orkeon-code's own folder/) } });
    expect(plan({ table: table('/p', '/home/u/.orkeon-code/output/p-1'), protect: [own] }).ok).toBe(true);
    expect(plan({ table: table('/home/u/.orkeon-code/demo', '/home/u/.orkeon-code/output/demo-1'), protect: [own] }).ok).toBe(true);
  });

  it("refuses a writable mount below a protected git path (git's files are protected whole)", () => {
    const hooks = { path: '/p/.git/hooks', what: "the project's .git/hooks" };
    expect(plan({ table: table('/p', '/o', '/p/.git/hooks/sub:/x:rw'), protect: [hooks] })).toMatchObject({ ok: false });
  });
});

describe('protections', () => {
  it('binds a protected path read-only at every place a writable mount shows it, pinning the folders on the way', () => {
    const t = table('/home/u/proj', '/o', '/home/u:/mnt/home:rw');
    const r = protectionMounts(t, [{ path: '/home/u/proj/.git/hooks', what: 'hooks' }]);
    expect(r.ok && r.mounts).toEqual([
      { kind: 'bind', purpose: 'pin', physical: '/home/u/proj/.git', virtual: '/workspace/.git', writable: true },
      { kind: 'bind', purpose: 'protect', physical: '/home/u/proj/.git/hooks', virtual: '/workspace/.git/hooks', writable: false },
      { kind: 'bind', purpose: 'pin', physical: '/home/u/proj', virtual: '/mnt/home/proj', writable: true },
      { kind: 'bind', purpose: 'pin', physical: '/home/u/proj/.git', virtual: '/mnt/home/proj/.git', writable: true },
      { kind: 'bind', purpose: 'protect', physical: '/home/u/proj/.git/hooks', virtual: '/mnt/home/proj/.git/hooks', writable: false },
    ]);
  });

  it('leaves read-only mounts and paths no mount shows alone', () => {
    const t = table('/p', '/o', '/home/u:/mnt/home:ro');
    expect(protectionMounts(t, [{ path: '/home/u/proj/.git/hooks', what: 'h' }, { path: '/elsewhere', what: 'e' }])).toEqual({ ok: true, mounts: [] });
  });

  it('does not protect at a place where a deeper mount shows something else', () => {
    const t = table('/p', '/o', '/home/u:/mnt:rw', '/srv/other:/mnt/proj');
    expect(protectionMounts(t, [{ path: '/home/u/proj/.git/hooks', what: 'h' }])).toEqual({ ok: true, mounts: [] });
  });

  it('lists the folders strictly between a root and a path', () => {
    expect(foldersBetween('/a', '/a/b/c/d')).toEqual(['/a/b', '/a/b/c']);
    expect(foldersBetween('/a', '/a/b')).toEqual([]);
  });
});

describe('selectBackend', () => {
  const bwrapOk = { ok: true as const, path: '/usr/bin/bwrap', disableUserns: true };
  const bwrapMissing = { ok: false as const, path: null, reason: 'bwrap is not installed' };
  const dockerOk = { ok: true as const, path: '/usr/bin/docker', serverVersion: '20.10' };

  it('auto takes bubblewrap when it works', () => {
    expect(selectBackend('auto', { bubblewrap: bwrapOk }, 'img')).toMatchObject({ ok: true, value: { backend: 'bubblewrap', warning: null } });
  });

  it('auto falls back to none with one line that says how to install bubblewrap', () => {
    const r = selectBackend('auto', { bubblewrap: bwrapMissing }, 'img');
    expect(r).toMatchObject({ ok: true, value: { backend: 'none' } });
    const warning = r.ok ? r.value.warning! : '';
    expect(warning).toMatch(/UNCONFINED/);
    expect(warning).toMatch(/apt-get install bubblewrap/);
    expect(warning.split('\n')).toHaveLength(1);
  });

  it('refuses an explicit backend that does not work, with what to do', () => {
    expect(selectBackend('bubblewrap', { bubblewrap: bwrapMissing }, 'img')).toMatchObject({
      ok: false,
      error: { code: 'backend', message: expect.stringMatching(/^--confinement bubblewrap: bwrap is not installed; install bubblewrap .* or choose --confinement docker or none$/) },
    });
    expect(selectBackend('docker', { docker: { ok: false, path: '/usr/bin/docker', reason: 'no-engine', detail: 'Cannot connect to the Docker daemon' } }, 'img')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/^--confinement docker: no Docker engine answers \(Cannot connect to the Docker daemon\); start it/) },
    });
    expect(selectBackend('docker', { docker: { ok: false, path: '/usr/bin/docker', reason: 'no-image', detail: 'No such image' } }, 'my/img:1')).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/the image my\/img:1 is not on this machine; pull or build it \(docker pull my\/img:1\), or name another with Orkeon:Tools:Shell:Confinement:Image$/) },
    });
  });

  it('takes what was asked when it works', () => {
    expect(selectBackend('docker', { docker: dockerOk }, 'img')).toMatchObject({ ok: true, value: { backend: 'docker' } });
    expect(selectBackend('none', {}, 'img')).toMatchObject({ ok: true, value: { backend: 'none', warning: null } });
  });
});
