// The gate's verdict on a mapped Claude Code call, and the hook's answer. Every gate call of the mapping
// is decided; any deny wins, then any ask, and only a call whose every reading is allowed is allowed. The
// answer is the JSON Claude Code reads from a PreToolUse hook, with a reason that names the rule, its set
// and what to do instead, and names no host path (every line goes through the mounts' redaction).
import type { GateContext } from '../../policy/context.js';
import { decide } from '../../policy/decide.js';
import type { Decision, Mode, Reason, Verdict } from '../../policy/types.js';
import { redactHostPaths } from '../../mounts/map.js';
import { reasonLines } from '../../session/refusal.js';
import { CLAUDE_CODE_GUARD_REMEDY, CLAUDE_CODE_SET } from './guard.js';
import type { MappedCall, MapRefusal } from './map-tools.js';
import { tableOf, type HostMount } from './paths.js';
import { hookJson, refusalText } from './hook-input.js';

export interface HookVerdict {
  readonly decision: Verdict;
  readonly reasons: readonly Reason[];
  readonly mode: Mode;
}

const RANK: Readonly<Record<Verdict, number>> = { allow: 0, ask: 1, deny: 2 };

/** Decides each gate call of a mapped Claude Code call: the most restrictive verdict wins, with its reasons. */
export function decideMapped(mapped: MappedCall, ctx: GateContext, decideCall: typeof decide = decide): HookVerdict {
  const ctxHere: GateContext = ctx.mounts && mapped.cwd !== null ? { ...ctx, mounts: { ...ctx.mounts, cwd: mapped.cwd } } : ctx;
  let verdict: Verdict = 'allow';
  let reasons: Reason[] = [];
  for (const call of mapped.calls) {
    let d: Decision;
    try {
      d = decideCall({ tool: call.tool, args: call.args }, ctxHere);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      return { decision: 'deny', mode: ctx.mode, reasons: [inputReason(`the gate failed on this call (${typeof code === 'string' ? code : 'internal error'}); it is refused`, 'report it as a bug; nothing ran')] };
    }
    if (RANK[d.decision] > RANK[verdict]) {
      verdict = d.decision;
      reasons = [];
    }
    if (d.decision === verdict) for (const r of d.reasons) if (!reasons.some((s) => sameReason(s, r))) reasons.push(r);
  }
  return { decision: verdict, reasons: reasons.map(withGuardRemedy), mode: ctx.mode };
}

/** A call the hook refused before the gate (malformed, a path outside every mount). */
export function refusedVerdict(refusal: MapRefusal, mode: Mode): HookVerdict {
  const reason: Reason =
    refusal.kind === 'outside'
      ? { kind: 'write-right', rule: 'mounts', set: 'mounts', matched: null, message: `${refusal.seedTool}: ${refusal.message}`, remedy: refusal.remedy }
      : inputReason(refusal.message, refusal.remedy);
  return { decision: 'deny', reasons: [reason], mode };
}

export function inputReason(message: string, remedy: string): Reason {
  return { kind: 'input', rule: null, set: 'input', matched: null, message, remedy };
}

function sameReason(a: Reason, b: Reason): boolean {
  return a.kind === b.kind && a.rule === b.rule && a.set === b.set && a.matched === b.matched && a.message === b.message;
}

function withGuardRemedy(r: Reason): Reason {
  return r.set === CLAUDE_CODE_SET ? { ...r, remedy: CLAUDE_CODE_GUARD_REMEDY } : r;
}

export interface HookAnswerInput {
  readonly toolName: string;
  /** The seed's tool the call was read as. */
  readonly seedTool: string;
  readonly verdict: HookVerdict;
  /** Why the mode is what it is, when Claude Code's narrowed it. */
  readonly modeNote: string | null;
  /** The session's mounts: every host path they hold is written as its virtual path. */
  readonly mounts: readonly HostMount[];
  /** Further host paths no text may name (the home folder, orkeon-code's own folder). */
  readonly hidden: readonly string[];
}

const VERB: Readonly<Record<Verdict, string>> = { allow: 'allowed', ask: 'asks before', deny: 'refused' };

/** The reason Claude Code shows: to the model for a deny (`PreToolUse:<tool> hook error: <reason>`), to the person for an ask. */
export function reasonText(input: HookAnswerInput): string {
  const { verdict } = input;
  const as = input.seedTool === input.toolName ? '' : `, read as ${input.seedTool}`;
  const head = `orkeon-code ${VERB[verdict.decision]} ${input.toolName}${as} (mode ${verdict.mode})`;
  const lines = [verdict.decision === 'allow' ? `${head}: ${verdict.reasons.map((r) => r.message).join('; ') || 'allowed'}` : `${head}:`];
  if (verdict.decision !== 'allow') lines.push(reasonLines({ decision: verdict.decision, reasons: verdict.reasons, commands: [], mode: verdict.mode }).trimEnd());
  if (input.modeNote !== null) lines.push(`  (${input.modeNote})`);
  return redactHostPaths(tableOf(input.mounts), lines.filter((l) => l !== '').join('\n'), input.hidden);
}

/** The JSON a PreToolUse hook prints on standard output (with exit status 0). */
export function hookAnswer(input: HookAnswerInput): string {
  return hookJson(input.verdict.decision, reasonText(input));
}

/** A deny for a call the hook could not read at all (bad input, a broken command line, an internal error). */
export function denyAnswer(message: string, remedy: string, hidden: readonly string[] = []): string {
  return hookJson('deny', redactHostPaths({ mounts: [] }, refusalText(message, remedy), hidden));
}
