// The hook's input, read strictly: one PreToolUse call, or a reason to refuse it.
import { describe, expect, it } from 'vitest';
import { MAX_HOOK_INPUT_BYTES, readHookInput } from '../../../src/agents/claude-code/hook-input.js';

const call = (over: Record<string, unknown> = {}): string =>
  JSON.stringify({ session_id: 's', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, cwd: '/work/p', permission_mode: 'default', ...over });

describe('readHookInput', () => {
  it('reads a PreToolUse call as Claude Code 2.1.332 writes it', () => {
    const text = '{"session_id":"3d70","transcript_path":"/h/.claude/projects/x.jsonl","cwd":"/tmp/cc/proj","prompt_id":"bb73","permission_mode":"default","effort":{"level":"medium"},"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo hi; ls -la | head -3","description":"x"},"tool_use_id":"toolu_1"}';
    expect(readHookInput(text)).toEqual({ ok: true, call: { toolName: 'Bash', toolInput: { command: 'echo hi; ls -la | head -3', description: 'x' }, cwd: '/tmp/cc/proj', permissionMode: 'default' } });
    expect(readHookInput(Buffer.from(text)).ok).toBe(true);
  });

  it('takes a call without permission_mode (the mode is then orkeon-code\'s alone)', () => {
    const r = readHookInput(call({ permission_mode: undefined }));
    expect(r.ok && r.call.permissionMode).toBe(null);
  });

  it.each([
    ['empty input', '', /empty/],
    ['blank input', ' \n', /empty/],
    ['not JSON', 'allow', /not JSON/],
    ['truncated JSON', call().slice(0, 40), /not JSON/],
    ['a JSON array', '[1]', /not a JSON object/],
    ['a JSON string', '"PreToolUse"', /not a JSON object/],
    ['null', 'null', /not a JSON object/],
    ['another event', call({ hook_event_name: 'PostToolUse' }), /PreToolUse calls, and this one is "PostToolUse"/],
    ['no event', call({ hook_event_name: undefined }), /without a hook_event_name/],
    ['no tool_name', call({ tool_name: undefined }), /names no tool_name/],
    ['an empty tool_name', call({ tool_name: '' }), /names no tool_name/],
    ['a tool_name that is a number', call({ tool_name: 7 }), /names no tool_name/],
    ['a tool_name with a control character', call({ tool_name: 'Ba\nsh' }), /not a tool name/],
    ['a huge tool_name', call({ tool_name: 'x'.repeat(300) }), /not a tool name/],
    ['no tool_input', call({ tool_input: undefined }), /no tool_input object/],
    ['a tool_input string', call({ tool_input: 'ls' }), /no tool_input object/],
    ['a tool_input array', call({ tool_input: ['ls'] }), /no tool_input object/],
    ['a null tool_input', call({ tool_input: null }), /no tool_input object/],
    ['no cwd', call({ cwd: undefined }), /no cwd/],
    ['a relative cwd', call({ cwd: 'proj' }), /no cwd/],
    ['a cwd with NUL', call({ cwd: '/a\u0000b' }), /no cwd/],
    ['a permission_mode that is not a string', call({ permission_mode: 3 }), /permission_mode is not a string/],
  ])('refuses %s, saying why', (_what, text, why) => {
    const r = readHookInput(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.why).toMatch(why);
  });

  it('refuses an input over its bound without parsing it', () => {
    const big = call({ tool_input: { content: 'x'.repeat(MAX_HOOK_INPUT_BYTES) } });
    const r = readHookInput(Buffer.from(big));
    expect(r).toEqual({ ok: false, why: `the hook input is larger than ${MAX_HOOK_INPUT_BYTES} bytes` });
  });
});
