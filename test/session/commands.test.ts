// The session's own commands, read from a line (pure).
import { describe, expect, it } from 'vitest';
import { approvalQuestion, isSessionLine, MODE_CYCLE, nextMode, parseSessionCommand, readApproval } from '../../src/session/commands.js';
import { MODES } from '../../src/policy/types.js';

describe('session commands', () => {
  it('bare /mode steps default → acceptEdits → plan → bypassPermissions → default, never dontAsk', () => {
    const seen: string[] = [];
    let m = nextMode('bypassPermissions');
    for (let i = 0; i < 8; i++) {
      seen.push(m);
      m = nextMode(m);
    }
    expect(seen).toEqual(['default', 'acceptEdits', 'plan', 'bypassPermissions', 'default', 'acceptEdits', 'plan', 'bypassPermissions']);
    expect(MODE_CYCLE).not.toContain('dontAsk');
    expect(nextMode('dontAsk')).toBe('default');
  });

  it('/mode <m> names any mode, dontAsk included; anything else is refused listing the modes', () => {
    for (const m of MODES) expect(parseSessionCommand(`/mode ${m}`)).toEqual({ kind: 'mode', mode: m });
    expect(parseSessionCommand('/mode')).toEqual({ kind: 'mode', mode: null });
    const bad = parseSessionCommand('/mode dontask');
    expect(bad).toMatchObject({ kind: 'error' });
    expect((bad as { message: string }).message).toContain(MODES.join(', '));
  });

  it('reads /plan, /help, /exit and /permissions with its actions', () => {
    expect(parseSessionCommand('/plan')).toEqual({ kind: 'plan' });
    expect(parseSessionCommand('  /help ')).toEqual({ kind: 'help' });
    expect(parseSessionCommand('/exit')).toEqual({ kind: 'exit' });
    expect(parseSessionCommand('/permissions')).toEqual({ kind: 'permissions', action: 'show' });
    expect(parseSessionCommand('/permissions list')).toEqual({ kind: 'permissions', action: 'list' });
    expect(parseSessionCommand('/permissions clear')).toEqual({ kind: 'permissions', action: 'clear' });
    expect(parseSessionCommand('/permissions add deny shell_command command=git push*')).toEqual({ kind: 'permissions', action: 'add', rule: 'deny shell_command command=git push*' });
    expect(parseSessionCommand('/permissions remove allow shell_command command="npm test*"')).toEqual({ kind: 'permissions', action: 'remove', rule: 'allow shell_command command="npm test*"' });
    expect(parseSessionCommand('/permissions add')).toMatchObject({ kind: 'error' });
    expect(parseSessionCommand('/permissions drop x')).toMatchObject({ kind: 'error' });
  });

  it('a path with a folder is a shell line; an unknown /word is an error, never run', () => {
    expect(isSessionLine('/usr/bin/git status')).toBe(false);
    expect(parseSessionCommand('/usr/bin/git status')).toBeNull();
    expect(parseSessionCommand('git status')).toBeNull();
    expect(parseSessionCommand('/permission list')).toMatchObject({ kind: 'error', message: expect.stringContaining('/help') });
    expect(parseSessionCommand('/')).toBeNull();
  });

  it('the question is the seed\'s, and only y, s, n (or the words) answer it', () => {
    expect(approvalQuestion('shell_command')).toBe('approve shell_command? [y] once / [s] session / [n] no ');
    expect(readApproval('y')).toBe('once');
    expect(readApproval(' Y ')).toBe('once');
    expect(readApproval('s')).toBe('session');
    expect(readApproval('n')).toBe('no');
    expect(readApproval('no')).toBe('no');
    for (const other of ['', 'ok', 'yy', 'sure', '/mode']) expect(readApproval(other)).toBeNull();
  });
});
