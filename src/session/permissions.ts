// /permissions: the session's rules, in the seed's syntax, changed one at a time and shown with the rest
// of what decides a call. Pure: rules in, rules and the lines to show out. The rules live in the
// session's memory only; nothing here writes them anywhere. An [s] answer is not a rule: it is kept by
// the session beside the rules, and nothing here lists or clears it.
import { parseRule, sameCalls } from '../policy/rules/parse.js';
import type { Mode, ModeSource, Rule, ShellPolicySettings } from '../policy/types.js';

export type RuleChange = { readonly ok: true; readonly rules: Rule[]; readonly lines: string[] } | { readonly ok: false; readonly message: string };

/** `/permissions add <rule>`: a rule on the same calls with the opposite effect is replaced. */
export function addSessionRule(rules: readonly Rule[], text: string): RuleChange {
  const parsed = parseRule(text, 'session');
  if (!parsed.ok) return { ok: false, message: `/permissions add ${text}: ${parsed.error}` };
  const rule = parsed.rule;
  const lines = parsed.warnings.map((w) => `note: ${w}`);
  if (rules.some((r) => sameCalls(r, rule) && r.effect === rule.effect)) return { ok: true, rules: [...rules], lines: [...lines, `already a rule of this session: ${rule.text}`] };
  const replaced = rules.find((r) => sameCalls(r, rule));
  const next = [...rules.filter((r) => !sameCalls(r, rule)), rule];
  lines.push(replaced ? `added ${rule.text} (it replaces ${replaced.text})` : `added ${rule.text}`);
  return { ok: true, rules: next, lines };
}

/** `/permissions remove <rule>`: the rule as written (effect, tool, argument and pattern). */
export function removeSessionRule(rules: readonly Rule[], text: string): RuleChange {
  const parsed = parseRule(text, 'session');
  if (!parsed.ok) return { ok: false, message: `/permissions remove ${text}: ${parsed.error}` };
  const rule = parsed.rule;
  const next = rules.filter((r) => !(sameCalls(r, rule) && r.effect === rule.effect));
  if (next.length === rules.length) return { ok: false, message: `/permissions remove: no session rule ${rule.text}; /permissions list shows them` };
  return { ok: true, rules: next, lines: [`removed ${rule.text}`] };
}

/** `/permissions list`: the session's rules, one a line, in the order they were added. */
export function listLines(rules: readonly Rule[]): string[] {
  return rules.length === 0 ? ['no rules in this session (/permissions add allow|deny <tool> [<argument>=<pattern>])'] : rules.map((r) => r.text);
}

export interface Surface {
  readonly mode: Mode;
  readonly modeSource: ModeSource;
  readonly rules: readonly Rule[];
  /** The dev-stage sets in the gate, by name with their sizes, or null when the session is not under them. */
  readonly stageSets: readonly { name: string; rules: number }[] | null;
  /** What the gate holds back (dormant rules, allow rules set aside for the stage). */
  readonly gateWarnings: readonly string[];
  readonly shell: ShellPolicySettings;
  /** Whether the settings leave Orkeon:Security:PermissionGate:Enabled on. */
  readonly runtimeGate: boolean;
}

const MODE_FROM: Readonly<Record<ModeSource, string>> = {
  option: '--mode',
  'request-prefix': 'the request',
  session: '/mode',
  fallback: 'permissions.fallback in the settings',
  default: 'the default',
};

/** `/permissions` alone: the effective surface. */
export function surfaceLines(s: Surface): string[] {
  const out = [
    s.runtimeGate
      ? 'gate: active (Orkeon:Security:PermissionGate:Enabled); every line is decided before it runs'
      : "gate: active for this session's lines; your settings turn Orkeon:Security:PermissionGate:Enabled off, which only an agent runtime (orkeon-repl) obeys",
    `mode: ${s.mode} (from ${MODE_FROM[s.modeSource]}); a line can take another with a prefix, e.g. plan: git status`,
  ];
  if (s.rules.length === 0) out.push('rules of this session: none');
  else {
    out.push(`rules of this session (${s.rules.length}):`);
    for (const r of s.rules) out.push(`  ${r.text}`);
  }
  if (s.mode === 'plan' && s.rules.some((r) => r.effect === 'allow')) out.push('  note: plan reads no allow rule; the allow rules above take effect in the other modes');
  if (s.stageSets === null) out.push('in the host gate: no dev-stage set (start with --stage to put them there)');
  else {
    const total = s.stageSets.reduce((n, set) => n + set.rules, 0);
    out.push(`in the host gate: the dev-stage sets, ${total} deny rules (orkeon-code rules --set NAME lists them):`);
    for (const set of s.stageSets) out.push(`  ${set.name}: ${set.rules} rules`);
  }
  for (const w of s.gateWarnings) out.push(`  note: ${w}`);
  const extra = s.shell.allowlist.length === 0 ? '' : ` + ${s.shell.allowlist.join(', ')} (Orkeon:Tools:Shell:Allowlist)`;
  out.push(`shell: the default allowlist${extra}; interpreters ${s.shell.allowInterpreters ? 'allowed' : 'not allowed'} (Orkeon:Tools:Shell:AllowInterpreters)`);
  return out;
}
