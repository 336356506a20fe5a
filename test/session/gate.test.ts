// The gate as a session holds it (pure): the settings read narrowly, each request's mode and folder,
// rules put in again when they change, and what the gate holds back said.
import { beforeAll, describe, expect, it } from 'vitest';
import { decide } from '../../src/policy/decide.js';
import { parseRuleTexts } from '../../src/policy/rule-options.js';
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import { gateModeSource, gateSettingsOf, SessionGate, stageSetSizes } from '../../src/session/gate.js';

beforeAll(async () => {
  await initShellReader();
});

const rules = (...t: string[]) => {
  const r = parseRuleTexts(t);
  if (!r.ok) throw new Error(r.error);
  return r.rules;
};

describe('the session gate', () => {
  it('reads the effective settings, and anything it cannot read as the narrow default', () => {
    expect(gateSettingsOf(undefined)).toEqual({ shell: { allowInterpreters: false, allowlist: [] }, extraTools: [], runtimeGate: true });
    expect(gateSettingsOf({ gate: { enabled: false } }).runtimeGate).toBe(false);
    expect(gateSettingsOf({ shell: { allowInterpreters: 'true', allowlist: 'curl' }, tools: { extra: 'x' } })).toEqual({ shell: { allowInterpreters: false, allowlist: [] }, extraTools: [], runtimeGate: true });
    expect(gateSettingsOf({ shell: { allowInterpreters: true, allowlist: ['make', 3] }, tools: { extra: [{ name: 'search_issues', access: 'read' }, { name: 'bad', access: 'admin' }] } })).toEqual({
      shell: { allowInterpreters: true, allowlist: ['make'] },
      extraTools: [{ name: 'search_issues', access: 'read' }],
      runtimeGate: true,
    });
    expect(gateModeSource('settings')).toBe('fallback');
  });

  it('decides each request in its own mode and folder; rules changed take effect at once', () => {
    const gate = new SessionGate({ settings: gateSettingsOf({}), stage: false, userMounts: ['/srv/data:/data:ro'], terminal: true, readShell: readShellCommand });
    const call = { tool: 'shell_command', args: { command: 'npm test' } };
    expect(decide(call, gate.context('default', 'default', '/workspace')).decision).toBe('ask');
    gate.setRules(rules('allow shell_command command=npm test*'));
    expect(decide(call, gate.context('default', 'session', '/workspace')).decision).toBe('allow');
    expect(decide(call, gate.context('plan', 'request-prefix', '/workspace')).decision).toBe('deny');
    // npm writes: its working folder must be writable, and /data is a read-only mount.
    const inData = decide(call, gate.context('default', 'session', '/data'));
    expect(inData.decision).toBe('deny');
    expect(inData.reasons[0]!.message).toContain('/data');
    expect(gate.mountView.mounts.map((m) => m.virtual)).toContain('/data');
  });

  it('with the stage sets, a session allow rule on the calls of a stage deny is set aside, and said', () => {
    const gate = new SessionGate({ settings: gateSettingsOf({}), stage: true, userMounts: [], terminal: true, readShell: readShellCommand });
    const warnings = gate.setRules(rules('allow shell_command command=*git push*'));
    expect(warnings).toEqual([expect.stringContaining('set aside for the stage')]);
    expect(decide({ tool: 'shell_command', args: { command: 'git push' } }, gate.context('bypassPermissions', 'session', '/workspace')).decision).toBe('deny');
    expect(stageSetSizes()).toEqual([
      { name: 'git-readonly', rules: 218 },
      { name: 'inline-interpreters', rules: 28 },
      { name: 'read-noise', rules: 64 },
      { name: 'secrets', rules: 128 },
      { name: 'state-files', rules: 96 },
    ]);
  });
});
