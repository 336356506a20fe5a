// Rules given as text (`--rule`, a session's /permissions add), parsed in order: the rules, each one's
// warnings, or the first that does not parse with why. Shared by check, exec, the launcher and the crews.
import { parseRule } from './rules/parse.js';
import type { Rule } from './types.js';

export type RuleTextsResult =
  | { readonly ok: true; readonly rules: readonly Rule[]; readonly warnings: readonly { readonly text: string; readonly warning: string }[] }
  | { readonly ok: false; readonly text: string; readonly error: string };

export function parseRuleTexts(texts: readonly string[], set = 'session'): RuleTextsResult {
  const rules: Rule[] = [];
  const warnings: { text: string; warning: string }[] = [];
  for (const text of texts) {
    const r = parseRule(text, set);
    if (!r.ok) return { ok: false, text, error: r.error };
    for (const warning of r.warnings) warnings.push({ text, warning });
    rules.push(r.rule);
  }
  return { ok: true, rules, warnings };
}
