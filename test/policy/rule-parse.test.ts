import { describe, expect, it } from 'vitest';
import { addRule, parseRule, removeRule } from '../../src/policy/rules/parse.js';
import type { Rule } from '../../src/policy/types.js';

const ok = (text: string): Rule => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(r.error);
  return r.rule;
};

describe('rule grammar: allow|deny <tool> [<argument>=<pattern>]', () => {
  it('reads the seed examples', () => {
    expect(ok('deny shell_command command=git push*')).toMatchObject({ effect: 'deny', tool: 'shell_command', argument: 'command', pattern: 'git push*' });
    expect(ok('allow shell_command command=npm test*')).toMatchObject({ effect: 'allow', pattern: 'npm test*' });
    expect(ok('deny http_api')).toMatchObject({ effect: 'deny', tool: 'http_api', argument: null, pattern: null });
    expect(ok('deny memory_push topic=auth*').pattern).toBe('auth*');
    expect(ok('deny memory_recall query=*secret*').pattern).toBe('*secret*');
    expect(ok('allow github action=create_pr').pattern).toBe('create_pr');
  });

  it('removes one pair of matching quotes: command="npm test*" is command=npm test*', () => {
    expect(ok('allow shell_command command="npm test*"').pattern).toBe('npm test*');
    expect(ok("allow shell_command command='npm test*'").pattern).toBe('npm test*');
    expect(ok('allow shell_command command=""npm""').pattern).toBe('"npm"');
    expect(ok('allow shell_command command="npm test*\'').pattern).toBe('"npm test*\'');
  });

  it('refuses an argument a built-in tool does not take, listing those it takes', () => {
    const r = parseRule('deny shell_command cmd=git*');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('command, working_directory, timeout_seconds');
    const w = parseRule('deny file_write body=x');
    if (!w.ok) expect(w.error).toContain('path, content, encoding, append, create_backup');
    const h = parseRule('deny http_api verb=POST');
    if (!h.ok) expect(h.error).toContain('url, method, headers, body, content_type');
    expect(w.ok || h.ok).toBe(false);
  });

  it('wants snake_case arguments', () => {
    const r = parseRule('deny shell_command workingDirectory=/tmp*');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/snake_case/);
  });

  it('keeps a rule on an extra tool with a warning', () => {
    const r = parseRule('deny create_issue title=*secret*');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings.join()).toMatch(/not a built-in tool/);
  });

  it('refuses what is not a rule, naming the fix', () => {
    for (const bad of ['', 'permit shell_command', 'deny', 'deny shell_command command', 'deny shell_command =x']) {
      const r = parseRule(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.error.length).toBeGreaterThan(10);
    }
  });

  it('adding a rule replaces the opposite rule on the same calls; other calls of the tool stay', () => {
    let rules: Rule[] = [];
    rules = addRule(rules, ok('allow shell_command command=npm test*'));
    rules = addRule(rules, ok('deny shell_command command=git push*'));
    rules = addRule(rules, ok('deny shell_command command=npm test*'));
    expect(rules.map((r) => r.text)).toEqual(['deny shell_command command=git push*', 'deny shell_command command=npm test*']);
    rules = removeRule(rules, ok('deny shell_command command=npm test*'));
    expect(rules.map((r) => r.text)).toEqual(['deny shell_command command=git push*']);
  });
});
