import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { applyExports, buildSessionExports, formatExports, gateDisabledBy } from '../../src/env/exports.js';

const GATE = 'ORKEON_Security__PermissionGate__Enabled';

describe('the variables the launcher exports to the session', () => {
  it('turns the permission gate on when the user says nothing', () => {
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: {} });
    expect(out.set).toEqual([{ name: GATE, value: 'true' }]);
    expect(out.notes).toEqual([]);
  });

  it.each([[true], ['true'], ['True'], ['yes'], ['0'], [''], [null], [0], ['flase']])('leaves the gate on for %j', (value) => {
    expect(buildSessionExports({ permissionGateEnabled: value, hostEnv: {} }).set).toContainEqual({ name: GATE, value: 'true' });
  });

  it.each([[false], ['false'], ['False'], [' FALSE ']])('exports no gate when the user disables it (%j), and says so', (value) => {
    const out = buildSessionExports({ permissionGateEnabled: value, hostEnv: {} });
    expect(out.set.map((v) => v.name)).not.toContain(GATE);
    expect(out.notes.join('\n')).toContain('the permission gate is off');
    expect(gateDisabledBy(value)).toBe(true);
  });

  it('declares the speech server, trusted, when ORKEON_CODE_AUDIO_DIR is set', () => {
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: '/home/u/audio' } });
    expect(out.set).toEqual([
      { name: GATE, value: 'true' },
      { name: 'ORKEON_MCP__Servers__whisper__Transport', value: 'stdio' },
      { name: 'ORKEON_MCP__Servers__whisper__Command', value: 'orkeon-whisper' },
      { name: 'ORKEON_MCP__Servers__whisper__Args__0', value: '--audio-dir' },
      { name: 'ORKEON_MCP__Servers__whisper__Args__1', value: '/home/u/audio' },
      { name: 'ORKEON_MCP__Servers__whisper__TrustAnnotations', value: 'true' },
    ]);
  });

  it('takes the speech server command from ORKEON_CODE_WHISPER_COMMAND', () => {
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: '/a', ORKEON_CODE_WHISPER_COMMAND: '/opt/whisper mcp/bin/serve' } });
    expect(out.set).toContainEqual({ name: 'ORKEON_MCP__Servers__whisper__Command', value: '/opt/whisper mcp/bin/serve' });
  });

  it('declares no speech server without ORKEON_CODE_AUDIO_DIR, or with a relative one (and says why)', () => {
    expect(buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: '' } }).set).toHaveLength(1);
    const relative = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: 'audio' } });
    expect(relative.set).toHaveLength(1);
    expect(relative.notes.join('\n')).toMatch(/ORKEON_CODE_AUDIO_DIR="audio" is not an absolute folder/);
  });

  it('keeps the launcher-only ORKEON_CODE_TRUST out of the session environment', () => {
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: {} });
    const env = applyExports({ PATH: '/bin', ORKEON_CODE_TRUST: '1', CI: 'true', [GATE]: 'false' }, out);
    expect(env).toEqual({ PATH: '/bin', CI: 'true', [GATE]: 'true' });
  });

  it('formats for sh: values survive eval whatever they hold', () => {
    const tricky = `/tmp/a b'c"$(touch /tmp/pwned)\`x\`\\n`;
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: `/${tricky}` } });
    const script = `${formatExports(out, 'sh')}printf '%s' "$ORKEON_MCP__Servers__whisper__Args__1"`;
    const r = spawnSync('sh', ['-c', script], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect(r.stdout).toBe(`/${tricky}`);
    expect(formatExports(out, 'sh').split('\n').filter(Boolean).every((l) => l.startsWith('export ORKEON_'))).toBe(true);
  });

  it('formats for PowerShell and JSON as one JSON object', () => {
    const out = buildSessionExports({ permissionGateEnabled: undefined, hostEnv: {} });
    expect(JSON.parse(formatExports(out, 'ps1'))).toEqual({ set: [{ name: GATE, value: 'true' }], unset: ['ORKEON_CODE_TRUST'], notes: [] });
    expect(formatExports(out, 'json')).toBe(formatExports(out, 'ps1'));
  });
});
