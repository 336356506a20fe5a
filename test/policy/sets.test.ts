// The five dev-stage sets are data in the seed's syntax, each beside examples that must and must not match.
import { describe, expect, it } from 'vitest';
import { CompiledRules } from '../../src/policy/rules/index.js';
import { batchAllowRules, isStructuralRule, RULE_SETS, ruleLines, ruleSet, stageRules } from '../../src/policy/sets/index.js';
import { argumentText } from '../../src/policy/decide.js';
import type { ToolCall } from '../../src/policy/types.js';

const COUNTS: Record<string, number> = { 'git-readonly': 218, 'inline-interpreters': 28, 'read-noise': 64, secrets: 128, 'state-files': 96 };

function matchedBy(rules: CompiledRules, call: ToolCall): string | null {
  const t = rules.forTool(call.tool);
  if (t.denyWhole.length) return t.denyWhole[0]!.rule.text;
  for (const [arg, idx] of t.deny) {
    const text = argumentText(call.args[arg]);
    if (text === null) continue;
    const m = idx.firstMatch(text);
    if (m) return m.rule.text;
  }
  return null;
}

describe('dev-stage rule sets', () => {
  it('hold 534 rules, 536 with the batch allow rules', () => {
    expect(stageRules()).toHaveLength(534);
    expect(stageRules().length + batchAllowRules().length).toBe(536);
    expect(batchAllowRules().map((r) => r.text)).toEqual(['allow run_tests', 'allow run_build']);
  });

  for (const source of RULE_SETS) {
    describe(source.name, () => {
      const rules = ruleSet(source.name);
      const compiled = new CompiledRules(rules, isStructuralRule);
      it(`has ${COUNTS[source.name]} rules, every line a rule in the seed's syntax that prints back as written`, () => {
        expect(rules).toHaveLength(COUNTS[source.name]!);
        expect(rules.map((r) => r.text)).toEqual(ruleLines(source.text));
        expect(new Set(rules.map((r) => r.text)).size).toBe(rules.length);
        expect(rules.every((r) => r.effect === 'deny' && r.set === source.name)).toBe(true);
      });
      it.each(source.mustMatch.map((c) => [JSON.stringify(c.args).slice(0, 90), c] as const))('matches %s', (_, call) => {
        expect(matchedBy(compiled, call)).not.toBeNull();
      });
      it.each(source.mustNotMatch.map((c) => [JSON.stringify(c.args).slice(0, 90), c] as const))('does not match %s', (_, call) => {
        expect(matchedBy(compiled, call)).toBeNull();
      });
    });
  }

  it('git-readonly: three patterns per verb, the seed\'s shape for push', () => {
    const texts = ruleSet('git-readonly').map((r) => r.text);
    expect(texts).toContain('deny shell_command command=*git push*');
    expect(texts).toContain('deny shell_command command=*git * push');
    expect(texts).toContain('deny shell_command command=*git * push *');
    for (const v of ['branch', 'notes', 'reflog', 'submodule', 'tag', 'replace']) {
      expect(texts).not.toContain(`deny shell_command command=*git ${v}*`);
      expect(texts).not.toContain(`deny shell_command command=*git * ${v}`);
      expect(texts).toContain(`deny shell_command command=*git ${v} *`);
    }
  });

  it('inline-interpreters is the seed\'s list, in its order', () => {
    expect(ruleSet('inline-interpreters')[0]!.text).toBe('deny shell_command command=*sh -c*');
    expect(ruleSet('inline-interpreters')[27]!.text).toBe('deny shell_command command=*bun -e*');
  });

  it('file sets repeat their patterns tool by tool', () => {
    const rn = ruleSet('read-noise');
    expect(new Set(rn.map((r) => r.tool)).size).toBe(8);
    expect(rn.every((r) => r.argument === 'path')).toBe(true);
    const sec = ruleSet('secrets');
    expect(new Set(sec.map((r) => `${r.tool}.${r.argument}`))).toEqual(
      new Set(['file_write.content', 'edit_file.new_string', 'node_replace.text', 'node_insert.text', 'node_ensure.text', 'node_ensure.name', 'node_ensure.module', 'structural_rewrite.fix']),
    );
    const sf = ruleSet('state-files');
    expect(sf[sf.length - 1]!.text).toBe('deny structural_rewrite');
    expect(sf.filter((r) => r.argument === 'path')).toHaveLength(95);
  });
});

describe('the structural git checks name rules git-readonly holds', () => {
  it('every rule text gitReadonlyRuleFor can give, and the git config rule, is a rule of the set (so a refusal carries its remedy)', async () => {
    const { gitReadonlyRuleFor, GIT_CONFIG_WRITE_RULE, GIT_LIST_VERBS, GIT_THREE_PATTERN_VERBS, GIT_REMOTE_WRITES, GIT_STASH_WRITES } = await import('../../src/policy/shell/git.js');
    const texts = new Set(ruleSet('git-readonly').map((r) => r.text));
    const produced = [
      ...[...GIT_LIST_VERBS].map((v) => gitReadonlyRuleFor(v, ['x'])),
      ...[...GIT_THREE_PATTERN_VERBS].map((v) => gitReadonlyRuleFor(v, [])),
      gitReadonlyRuleFor('hash-object', ['-w', 'f']),
      ...[...GIT_REMOTE_WRITES].map((s) => gitReadonlyRuleFor('remote', [s])),
      ...[...GIT_STASH_WRITES].map((s) => gitReadonlyRuleFor('stash', [s])),
      gitReadonlyRuleFor('stash', []),
      gitReadonlyRuleFor('stash', ['-k']),
      GIT_CONFIG_WRITE_RULE,
    ];
    expect(produced.length).toBeGreaterThan(60);
    for (const text of produced) {
      expect(text).not.toBeNull();
      expect(texts.has(text!), text!).toBe(true);
    }
  });
});
