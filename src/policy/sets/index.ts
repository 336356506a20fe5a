// The five dev-stage rule sets, parsed from their seed-syntax text, and the two allow rules of a batch.
import { parseRule } from '../rules/parse.js';
import type { Rule } from '../types.js';
import { GIT_READONLY } from './git-readonly.js';
import { INLINE_INTERPRETERS } from './inline-interpreters.js';
import { READ_NOISE } from './read-noise.js';
import { SECRETS } from './secrets.js';
import { STATE_FILES } from './state-files.js';
import type { RuleSetSource } from './types.js';

export type { RuleSetSource } from './types.js';
export const RULE_SETS: readonly RuleSetSource[] = [GIT_READONLY, INLINE_INTERPRETERS, READ_NOISE, SECRETS, STATE_FILES];
export const STAGE_SET_NAMES = RULE_SETS.map((s) => s.name);
/** The set name of the batch's own allow rules. */
export const BATCH_SET = 'dev-batches';
const BATCH_TEXT = ['allow run_tests', 'allow run_build'];

/** The lines of a set's text that are rules (blank lines and `#` comments dropped). */
export function ruleLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}

const cache = new Map<string, Rule[]>();

/** A set's rules, parsed. A line that does not parse is a bug in the set's data: it throws. */
export function ruleSet(name: string): Rule[] {
  const hit = cache.get(name);
  if (hit) return hit;
  const source = RULE_SETS.find((s) => s.name === name);
  const lines = source ? ruleLines(source.text) : name === BATCH_SET ? BATCH_TEXT : null;
  if (!lines) throw Object.assign(new Error(`unknown rule set '${name}'`), { code: 'ORKEON_UNKNOWN_SET' });
  const rules = lines.map((line) => {
    const r = parseRule(line, name);
    if (!r.ok) throw Object.assign(new Error(`rule set ${name}: '${line}': ${r.error}`), { code: 'ORKEON_BAD_SET' });
    return r.rule;
  });
  cache.set(name, rules);
  return rules;
}

const byText = new Map<string, ReadonlyMap<string, Rule>>();

/** The rule of a set whose text is `text` (the first, should a text repeat), looked up, not scanned. */
export function ruleOfSet(name: string, text: string): Rule | undefined {
  let index = byText.get(name);
  if (!index) {
    const map = new Map<string, Rule>();
    for (const r of ruleSet(name)) if (!map.has(r.text)) map.set(r.text, r);
    byText.set(name, (index = map));
  }
  return index.get(text);
}

export function ruleSetSource(name: string): RuleSetSource | undefined {
  return RULE_SETS.find((s) => s.name === name);
}

/** The 534 rules a dev stage puts in the gate, set by set. */
export function stageRules(): Rule[] {
  return RULE_SETS.flatMap((s) => ruleSet(s.name));
}

/** The two allow rules of a /dev-batches batch (`allow run_tests`, `allow run_build`). */
export function batchAllowRules(): Rule[] {
  return ruleSet(BATCH_SET);
}

/** Whether a rule is read by the gate's structural checks rather than as a glob. */
export function isStructuralRule(rule: Rule): boolean {
  const source = ruleSetSource(rule.set);
  return !!source?.structural?.includes(rule.text);
}

/** The remedy a set gives when one of its rules refuses. */
export function remedyOfSet(set: string): string | undefined {
  return ruleSetSource(set)?.remedy;
}
