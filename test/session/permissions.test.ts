// /permissions: the session's rules, as values (pure).
import { describe, expect, it } from 'vitest';
import { addSessionRule, listLines, removeSessionRule, surfaceLines } from '../../src/session/permissions.js';
import type { Rule } from '../../src/policy/types.js';

function add(rules: Rule[], text: string): Rule[] {
  const r = addSessionRule(rules, text);
  if (!r.ok) throw new Error(r.message);
  return r.rules;
}

describe('session rules', () => {
  it('adds in the seed\'s syntax, one pair of quotes removed', () => {
    const rules = add([], 'allow shell_command command="npm test*"');
    expect(rules.map((r) => r.text)).toEqual(['allow shell_command command=npm test*']);
    expect(rules[0]).toMatchObject({ effect: 'allow', tool: 'shell_command', argument: 'command', pattern: 'npm test*', set: 'session' });
  });

  it('adding a rule replaces the opposite rule on the same calls; rules on other calls stay', () => {
    let rules = add([], 'deny shell_command command=npm test*');
    rules = add(rules, 'deny shell_command command=git push*');
    const r = addSessionRule(rules, 'allow shell_command command=npm test*');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.rules.map((x) => x.text)).toEqual(['deny shell_command command=git push*', 'allow shell_command command=npm test*']);
    expect(r.lines.join('\n')).toContain('replaces deny shell_command command=npm test*');
  });

  it('refuses an argument the tool does not take, listing the ones it takes', () => {
    const r = addSessionRule([], 'allow shell_command cmd=npm test*');
    expect(r).toEqual({ ok: false, message: expect.stringContaining('it takes: command, working_directory, timeout_seconds') });
    const w = addSessionRule([], 'deny file_write target=x');
    expect(w).toEqual({ ok: false, message: expect.stringContaining('path, content, encoding, append, create_backup') });
    expect(addSessionRule([], 'maybe shell_command')).toMatchObject({ ok: false });
  });

  it('an extra tool\'s rule is kept with a note', () => {
    const r = addSessionRule([], 'deny create_issue');
    expect(r.ok && r.lines[0]).toContain('not a built-in tool');
  });

  it('removes the rule as written; a rule that is not there is said so', () => {
    const rules = add(add([], 'deny http_api'), 'allow shell_command command=npm test*');
    const r = removeSessionRule(rules, 'allow shell_command command=npm test*');
    expect(r.ok && r.rules.map((x) => x.text)).toEqual(['deny http_api']);
    expect(removeSessionRule(rules, 'allow http_api')).toMatchObject({ ok: false, message: expect.stringContaining('no session rule allow http_api') });
  });

  it('lists the rules one a line, or says there are none', () => {
    expect(listLines([])[0]).toContain('no rules');
    expect(listLines(add([], 'deny http_api'))).toEqual(['deny http_api']);
  });

  it('/permissions shows the mode, the rules and the stage sets grouped, and flags allow rules in plan', () => {
    const lines = surfaceLines({
      mode: 'plan',
      modeSource: 'session',
      rules: add([], 'allow shell_command command=npm test*'),
      stageSets: [
        { name: 'git-readonly', rules: 218 },
        { name: 'inline-interpreters', rules: 28 },
      ],
      gateWarnings: [],
      shell: { allowInterpreters: false, allowlist: ['make'] },
      runtimeGate: false,
    }).join('\n');
    expect(lines).toContain('mode: plan (from /mode)');
    expect(lines).toContain('your settings turn Orkeon:Security:PermissionGate:Enabled off, which only an agent runtime (orkeon-repl) obeys');
    expect(lines).toContain('  allow shell_command command=npm test*');
    expect(lines).toContain('plan reads no allow rule');
    expect(lines).toContain('the dev-stage sets, 246 deny rules');
    expect(lines).toContain('  git-readonly: 218 rules');
    expect(lines).toContain('+ make (Orkeon:Tools:Shell:Allowlist)');
  });
});
