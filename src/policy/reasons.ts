// Refusals are values: each reason names the rule (in the seed's syntax) or the check, its set, the text it
// matched and what to do instead. Nothing here may name a host path: matched texts come from the call.
import type { Reason, ReasonKind, Rule } from './types.js';
import { remedyOfSet } from './sets/index.js';

const MAX_MATCHED = 200;

export function clip(text: string): string {
  const one = text.includes('\n') ? text.replace(/\n/g, '\\n') : text;
  return one.length > MAX_MATCHED ? `${one.slice(0, MAX_MATCHED - 1)}…` : one;
}

export function reason(kind: ReasonKind, fields: { rule?: string | null; set?: string | null; matched?: string | null; remedy: string; message: string }): Reason {
  return {
    kind,
    rule: fields.rule ?? null,
    set: fields.set ?? null,
    matched: fields.matched === undefined || fields.matched === null ? null : clip(fields.matched),
    remedy: fields.remedy,
    message: fields.message,
  };
}

export function remedyForRule(rule: Rule): string {
  const fromSet = remedyOfSet(rule.set);
  if (fromSet) return fromSet;
  if (rule.effect === 'deny') {
    return `the ${rule.set} rule \`${rule.text}\` refuses this call in every mode; change the call, or remove the rule (/permissions remove ${rule.text})`;
  }
  return 'allowed by a rule';
}

export function denyRuleReason(rule: Rule, matched: string, kind: ReasonKind = 'rule'): Reason {
  return reason(kind, {
    rule: rule.text,
    set: rule.set,
    matched,
    remedy: remedyForRule(rule),
    message: `refused by \`${rule.text}\` (${rule.set})`,
  });
}

export function allowRuleReason(rule: Rule, matched: string | null): Reason {
  return reason('rule', { rule: rule.text, set: rule.set, matched, remedy: 'none needed', message: `allowed by \`${rule.text}\` (${rule.set})` });
}
