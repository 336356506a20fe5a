// The claude-code guard beside its examples, and how the two modes combine.
import { describe, expect, it } from 'vitest';
import { buildGateContext, decide } from '../../../src/policy/index.js';
import { CLAUDE_CODE_GUARD_EXAMPLES, CLAUDE_CODE_GUARD_RULES, CLAUDE_CODE_SET, claudeCodeGuardRules } from '../../../src/agents/claude-code/guard.js';
import { combineModes } from '../../../src/agents/claude-code/mode.js';
import { MODES } from '../../../src/policy/types.js';

describe('the claude-code guard', () => {
  const ctx = buildGateContext({ mode: 'bypassPermissions', rules: claudeCodeGuardRules() }).context;
  const stageCtx = buildGateContext({ mode: 'bypassPermissions', rules: claudeCodeGuardRules(), stage: true }).context;

  it('parses, in the seed\'s syntax, in its own set', () => {
    expect(claudeCodeGuardRules().map((r) => [r.text, r.set, r.effect])).toEqual(CLAUDE_CODE_GUARD_RULES.map((t) => [t, CLAUDE_CODE_SET, 'deny']));
  });

  for (const tool of ['file_write', 'edit_file']) {
    it(`${tool}: refuses each example it must, in bypassPermissions, with or without the dev-stage sets`, () => {
      for (const c of [ctx, stageCtx]) {
        for (const p of CLAUDE_CODE_GUARD_EXAMPLES.refused) {
          const d = decide({ tool, args: { path: p, content: 'x', new_string: 'x' } }, c);
          expect(d.decision, p).toBe('deny');
          expect(d.reasons.some((r) => r.set === CLAUDE_CODE_SET)).toBe(true);
        }
      }
      for (const p of CLAUDE_CODE_GUARD_EXAMPLES.allowed) expect(decide({ tool, args: { path: p, content: 'x', new_string: 'x' } }, ctx).decision, p).toBe('allow');
    });
  }
});

describe('combineModes', () => {
  it('takes the narrower of the two, whichever side it is on', () => {
    for (const orkeon of MODES) {
      for (const claude of MODES) {
        const c = combineModes(orkeon, claude);
        const order = ['plan', 'dontAsk', 'default', 'acceptEdits', 'bypassPermissions'];
        expect(c.mode).toBe(order[Math.min(order.indexOf(orkeon), order.indexOf(claude))]);
        expect(c.from).toBe(order.indexOf(claude) < order.indexOf(orkeon) ? 'claude-code' : 'orkeon-code');
        expect(c.note === null).toBe(c.from === 'orkeon-code');
      }
    }
  });

  it('reads an unknown Claude Code mode as default and no mode as none', () => {
    expect(combineModes('bypassPermissions', 'auto')).toMatchObject({ mode: 'default', from: 'claude-code' });
    expect(combineModes('plan', 'auto')).toMatchObject({ mode: 'plan', from: 'orkeon-code', note: null });
    expect(combineModes('acceptEdits', null)).toEqual({ mode: 'acceptEdits', from: 'orkeon-code', note: null });
  });
});
