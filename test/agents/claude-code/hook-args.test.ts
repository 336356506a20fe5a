// The hook's command line, as both entries read it.
import { describe, expect, it } from 'vitest';
import { parseHookArgs } from '../../../src/agents/claude-code/hook-args.js';

describe('parseHookArgs', () => {
  it('reads every option, separate or glued, repeatable ones in order', () => {
    expect(parseHookArgs(['claude-code', '--mode', 'plan', '--stage', '--batch', '--rule', 'deny a', '--rule=deny b c=--x', '--settings=/s.json', '--project', '/p', '--output=/o', '--mount=/d:/data:ro', '--mount', '/e:/e2:rw'])).toEqual({
      ok: true,
      help: false,
      agent: 'claude-code',
      options: { mode: 'plan', stage: true, batch: true, rule: ['deny a', 'deny b c=--x'], settings: '/s.json', project: '/p', output: '/o', mount: ['/d:/data:ro', '/e:/e2:rw'] },
    });
    expect(parseHookArgs(['claude-code'])).toEqual({ ok: true, help: false, agent: 'claude-code', options: { rule: [], mount: [] } });
    expect(parseHookArgs(['--help'])).toEqual({ ok: true, help: true });
  });

  it.each([
    [['claude-code', '--stgae'], /Unknown option '--stgae'/],
    [['claude-code', '--mode'], /argument missing/],
    [['claude-code', '--rule', '--stage'], /ambiguous/],
    [['claude-code', '--stage=yes'], /does not take an argument/],
    [[], /name the agent/],
    [['claude-code', 'extra'], /name the agent/],
    [['codex'], /'codex' is not an agent this hook serves/],
  ])('refuses %j', (argv, why) => {
    const r = parseHookArgs(argv);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(why);
  });
});
