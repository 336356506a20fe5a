// `allow|deny <tool> [<argument>=<pattern>]`, exactly as the seed writes a rule. Parsing is a value: a
// rule, or an error that names the bad part and the fix; a rule on a tool that is not built in is kept
// with a warning (its arguments are its server's).
import { BUILTIN_TOOLS } from '../tools.js';
import type { Rule, RuleEffect } from '../types.js';

export type RuleParseResult =
  | { readonly ok: true; readonly rule: Rule; readonly warnings: readonly string[] }
  | { readonly ok: false; readonly error: string };

const TOOL_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.:-]*$/;
const SNAKE_CASE = /^[a-z][a-z0-9_]*$/;

/** Removes one pair of matching quotes around a pattern (`"npm test*"` → `npm test*`). */
export function unquotePattern(pattern: string): string {
  if (pattern.length >= 2) {
    const q = pattern[0];
    if ((q === '"' || q === "'") && pattern[pattern.length - 1] === q) return pattern.slice(1, -1);
  }
  return pattern;
}

/** The rule in the seed's syntax. The pattern is written as it is (no quotes added). */
export function formatRule(effect: RuleEffect, tool: string, argument: string | null, pattern: string | null): string {
  return argument === null ? `${effect} ${tool}` : `${effect} ${tool} ${argument}=${pattern ?? ''}`;
}

export function parseRule(text: string, set = 'session'): RuleParseResult {
  const trimmed = text.trim();
  const m = /^(\S+)(?:[ \t]+(\S+))?(?:[ \t]+([\s\S]*))?$/.exec(trimmed);
  if (!m || trimmed.length === 0) {
    return { ok: false, error: 'empty rule; write `allow|deny <tool> [<argument>=<pattern>]`, e.g. `deny shell_command command=git push*`' };
  }
  const [, effectWord, tool, rest] = m;
  if (effectWord !== 'allow' && effectWord !== 'deny') {
    return { ok: false, error: `a rule starts with allow or deny, not '${effectWord}'; e.g. \`deny ${tool ?? 'http_api'}\`` };
  }
  const effect: RuleEffect = effectWord;
  if (!tool) return { ok: false, error: `'${effect}' needs a tool name: \`${effect} <tool> [<argument>=<pattern>]\`` };
  if (!TOOL_NAME.test(tool)) {
    return { ok: false, error: `'${tool}' is not a tool name (letters, digits, _ . : -); e.g. \`${effect} shell_command\`` };
  }
  const builtin = BUILTIN_TOOLS.get(tool);
  const warnings: string[] = [];
  if (!builtin) {
    warnings.push(
      `'${tool}' is not a built-in tool: the rule is kept for an extra tool (tools.extra) and matches only if that tool takes the argument it names`,
    );
  }
  if (rest === undefined || rest.length === 0) {
    return { ok: true, rule: { effect, tool, argument: null, pattern: null, text: formatRule(effect, tool, null, null), set }, warnings };
  }
  const eq = rest.indexOf('=');
  if (eq <= 0) {
    return { ok: false, error: `'${rest}' is not <argument>=<pattern>; e.g. \`${effect} ${tool} ${builtin?.arguments[0] ?? 'argument'}=<pattern>\`` };
  }
  const argument = rest.slice(0, eq);
  if (!SNAKE_CASE.test(argument)) {
    return { ok: false, error: `the argument '${argument}' must be written in snake_case as the tool takes it (e.g. working_directory)` };
  }
  if (builtin && !builtin.arguments.includes(argument)) {
    const takes = builtin.arguments.length ? builtin.arguments.join(', ') : 'no argument';
    return { ok: false, error: `${tool} does not take '${argument}'; it takes: ${takes}` };
  }
  const pattern = unquotePattern(rest.slice(eq + 1));
  return { ok: true, rule: { effect, tool, argument, pattern, text: formatRule(effect, tool, argument, pattern), set }, warnings };
}

/** Whether two rules cover the same calls (same tool, argument and pattern), whatever their effect. */
export function sameCalls(a: Rule, b: Rule): boolean {
  return a.tool === b.tool && a.argument === b.argument && a.pattern === b.pattern;
}

/** Adding a rule replaces the opposite rule on the same calls; rules on other calls of the tool stay. */
export function addRule(rules: readonly Rule[], rule: Rule): Rule[] {
  return [...rules.filter((r) => !sameCalls(r, rule)), rule];
}

export function removeRule(rules: readonly Rule[], rule: Rule): Rule[] {
  return rules.filter((r) => !(sameCalls(r, rule) && r.effect === rule.effect));
}
