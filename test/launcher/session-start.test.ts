// The session seam run for real: startSession with `-- command` runs it under bubblewrap (and `none`),
// with the launcher's exports and without ORKEON_CODE_TRUST or any other host variable.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyExports, buildSessionExports } from '../../src/env/exports.js';
import { probeBubblewrap } from '../../src/sandbox/index.js';
import { sessionEnvSettings, startSession, type SessionRequest } from '../../src/session/start.js';
import { readEnvFile, world } from '../trust/harness.js';

let bwrapOk = false;
beforeAll(async () => {
  const probe = await probeBubblewrap();
  bwrapOk = probe.ok;
  if (!bwrapOk) console.warn(`SKIPPED (bubblewrap session tests): ${probe.ok ? '' : probe.reason}`);
});

function request(w: ReturnType<typeof world>, command: string[] | null, extra: Partial<SessionRequest> = {}): SessionRequest {
  const project = path.join(w.root, 'project');
  fs.mkdirSync(project, { recursive: true });
  const host = { ...w.env(), ORKEON_CODE_TRUST: '1', CI: 'true', SECRET_TOKEN: 'sk-not-for-commands', ORKEON_CODE_AUDIO_DIR: '/audio' };
  const exports = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: host });
  return {
    project,
    trustedVia: 'env',
    demo: false,
    orkeonHome: w.orkeonHome,
    cwd: w.root,
    settings: {},
    exports,
    env: applyExports(host, exports),
    envSettings: { sessionBus: false, propagate: [] },
    mounts: { output: path.join(w.root, 'out'), userMounts: [], userConfig: { 'permissions.fallback': 'plan' }, settingsFile: null },
    mode: 'default',
    modeSource: 'default',
    confinement: 'bubblewrap',
    image: null,
    network: false,
    command,
    dryRun: false,
    ...extra,
  };
}

describe('startSession', () => {
  it('adds the exports to what a confined command may receive', () => {
    const w = world();
    const r = request(w, ['true']);
    expect(sessionEnvSettings(r).propagate).toEqual(r.exports.set.map((v) => v.name));
    expect(r.env.ORKEON_CODE_TRUST).toBeUndefined();
  });

  it('without a command, an ORKEON_REPL that names nothing is said in one line and nothing starts (the sessions themselves: test/session)', async () => {
    const w = world();
    const r = request(w, null);
    const out = await startSession({ ...r, env: { ...r.env, ORKEON_REPL: path.join(w.root, 'no-such-repl') } });
    expect(out.exitCode).toBe(127);
    expect(out.messages).toEqual([expect.stringContaining('ORKEON_REPL=')]);
  });

  it.each(['bubblewrap', 'none'] as const)('runs -- command under %s: exports in, ORKEON_CODE_TRUST and host secrets out, its exit code back', async (confinement) => {
    if (confinement === 'bubblewrap' && !bwrapOk) return;
    const w = world();
    const r = request(w, ['sh', '-c', 'env -0 > "$0"/env; cat /user-config/settings.json > "$0"/user-config 2>/dev/null; pwd > "$0"/pwd; exit 5', confinement === 'none' ? path.join(w.root, 'out') : '/output'], { confinement });
    const out = await startSession(r);
    expect(out.exitCode, out.messages.join('\n')).toBe(5);
    const env = readEnvFile(path.join(w.root, 'out', 'env'));
    expect(env.ORKEON_CODE_TRUST).toBeUndefined();
    expect(env.SECRET_TOKEN).toBeUndefined();
    expect(env.CI).toBeUndefined();
    expect(env).toMatchObject({ ORKEON_Security__PermissionGate__Enabled: 'true', ORKEON_MCP__Servers__whisper__TrustAnnotations: 'true', ORKEON_MCP__Servers__whisper__Args__1: '/audio' });
    if (confinement === 'bubblewrap') {
      expect(fs.readFileSync(path.join(w.root, 'out', 'pwd'), 'utf8').trim()).toBe('/workspace');
      expect(JSON.parse(fs.readFileSync(path.join(w.root, 'out', 'user-config'), 'utf8'))).toEqual({ orkeonCode: { 'permissions.fallback': 'plan' } });
    }
  });

  it('--dry-run resolves the session and runs nothing', async () => {
    const w = world();
    const r = request(w, ['sh', '-c', 'touch /workspace/ran'], { dryRun: true, confinement: 'none' });
    const out = await startSession(r);
    expect(out.exitCode).toBe(0);
    expect(out.plan).toMatchObject({ backend: 'none', command: ['sh', '-c', 'touch /workspace/ran'], mode: 'default' });
    expect((out.plan as { env: Record<string, string> }).env.ORKEON_CODE_TRUST).toBeUndefined();
    expect(fs.existsSync(path.join(r.project, 'ran'))).toBe(false);
  });

  it('a bad --mount is refused with one line and exit 64, nothing run', async () => {
    const w = world();
    const out = await startSession(request(w, ['true'], { mounts: { output: null, userMounts: ['/etc:/workspace'], userConfig: {}, settingsFile: null } }));
    expect(out.exitCode).toBe(64);
    expect(out.messages).toHaveLength(1);
    expect(out.messages[0]).toContain('/workspace');
  });
});
