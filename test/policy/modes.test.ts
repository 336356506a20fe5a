import { describe, expect, it } from 'vitest';
import { MODE_WIDTH, modeVerdict, resolveMode, splitModePrefix } from '../../src/policy/modes.js';

describe('modes', () => {
  it('the seed\'s table', () => {
    const row = (access: Parameters<typeof modeVerdict>[1]) => ['plan', 'dontAsk', 'default', 'acceptEdits', 'bypassPermissions'].map((m) => modeVerdict(m as never, access));
    expect(row('read')).toEqual(['allow', 'allow', 'allow', 'allow', 'allow']);
    expect(row('network-read')).toEqual(['deny', 'deny', 'allow', 'allow', 'allow']);
    expect(row('edit')).toEqual(['deny', 'deny', 'ask', 'allow', 'allow']);
    expect(row('execute')).toEqual(['deny', 'deny', 'ask', 'ask', 'allow']);
  });
  it('a request prefix picks the mode for that request, spelled exactly', () => {
    expect(splitModePrefix('plan: explique la couche de cache')).toEqual({ mode: 'plan', rest: 'explique la couche de cache' });
    expect(splitModePrefix('acceptEdits: corrige le test qui échoue')).toEqual({ mode: 'acceptEdits', rest: 'corrige le test qui échoue' });
    expect(splitModePrefix('Plan: x').mode).toBeNull();
    expect(splitModePrefix('yolo: x').mode).toBeNull();
    expect(splitModePrefix('explain plan: x').mode).toBeNull();
  });
  it('an option, then the prefix, then the session, then permissions.fallback, then default', () => {
    expect(resolveMode({ option: 'plan', requestPrefix: 'default', fallback: 'acceptEdits' })).toEqual({ mode: 'plan', source: 'option' });
    expect(resolveMode({ requestPrefix: 'plan', session: 'default' })).toEqual({ mode: 'plan', source: 'request-prefix' });
    expect(resolveMode({ session: 'acceptEdits', fallback: 'plan' })).toEqual({ mode: 'acceptEdits', source: 'session' });
    expect(resolveMode({ fallback: 'plan' })).toEqual({ mode: 'plan', source: 'fallback' });
    expect(resolveMode({})).toEqual({ mode: 'default', source: 'default' });
  });
  it('width orders modes from narrow to wide', () => {
    expect(MODE_WIDTH.plan < MODE_WIDTH.dontAsk && MODE_WIDTH.dontAsk < MODE_WIDTH.default && MODE_WIDTH.default < MODE_WIDTH.acceptEdits && MODE_WIDTH.acceptEdits < MODE_WIDTH.bypassPermissions).toBe(true);
  });
});
