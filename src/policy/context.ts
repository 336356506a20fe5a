// What the gate decides with: the mode, the rules (the session's, then a stage's sets), the shell settings,
// whether a person can answer, the mounts. Built once per session or per `check`, reused for every call.
import type { ShellReadResult } from '../shell/types.js';
import { CompiledRules } from './rules/index.js';
import { batchAllowRules, isStructuralRule, stageRules } from './sets/index.js';
import { BUILTIN_TOOLS } from './tools.js';
import { BASE_MOUNTS, type ExtraTool, type Mode, type ModeSource, type MountView, type Rule, type ShellPolicySettings } from './types.js';

export type ShellReader = (source: string) => ShellReadResult;

export interface GateContext {
  readonly mode: Mode;
  readonly modeSource: ModeSource;
  readonly rules: CompiledRules;
  readonly shell: ShellPolicySettings;
  /** Whether a person can answer a question now; without one an ask is reported as a deny. */
  readonly terminal: boolean;
  readonly mounts: MountView | null;
  /** The extra tools tools.extra lists (`*` as a name lists every one, as a write). */
  readonly extraTools: readonly ExtraTool[];
  /** The shell front-end; required for shell_command calls. */
  readonly readShell: ShellReader | null;
}

export const DEFAULT_MOUNT_VIEW: MountView = { mounts: BASE_MOUNTS, cwd: '/workspace' };

export const DEFAULT_SHELL_SETTINGS: ShellPolicySettings = { allowInterpreters: false, allowlist: [] };

export interface GateContextInput {
  readonly mode?: Mode;
  readonly modeSource?: ModeSource;
  /** The session's (or the user's) rules, in the order they were added. */
  readonly rules?: readonly Rule[];
  /** Put the five dev-stage sets in the gate (534 rules). */
  readonly stage?: boolean;
  /** Add the batch's two allow rules (run_tests, run_build): 536. */
  readonly batch?: boolean;
  readonly shell?: ShellPolicySettings;
  readonly terminal?: boolean;
  readonly mounts?: MountView | null;
  readonly extraTools?: readonly ExtraTool[];
  readonly readShell?: ShellReader | null;
}

export interface BuiltGateContext {
  readonly context: GateContext;
  /** Rules kept out of the gate, each with why (dormant extra-tool rules, allow rules a stage's deny covers). */
  readonly warnings: readonly string[];
}

export function extraToolListed(extra: readonly ExtraTool[], tool: string): ExtraTool | undefined {
  return extra.find((e) => e.name === tool) ?? extra.find((e) => e.name === '*');
}

/**
 * The rules the gate holds: the session's rules, minus dormant ones (on an extra tool tools.extra does not
 * list), then a stage's sets; a session allow rule on the same calls as a stage deny rule is set aside for
 * the stage, with a warning.
 */
export function gateRules(input: GateContextInput): { rules: Rule[]; warnings: string[] } {
  const warnings: string[] = [];
  const extra = input.extraTools ?? [];
  const stage = input.stage ? stageRules() : [];
  const session: Rule[] = [];
  // the calls the stage denies, keyed as sameCalls compares them: a lookup per rule, not a scan of the stage
  const callsKey = (r: Rule) => JSON.stringify([r.tool, r.argument, r.pattern]);
  const stageDenied = new Set(stage.filter((s) => s.effect === 'deny').map(callsKey));
  for (const r of input.rules ?? []) {
    if (!BUILTIN_TOOLS.has(r.tool) && !extraToolListed(extra, r.tool)) {
      warnings.push(`dormant: \`${r.text}\` names '${r.tool}', which tools.extra does not list; it applies again once it does`);
      continue;
    }
    if (r.effect === 'allow' && stageDenied.has(callsKey(r))) {
      warnings.push(`set aside for the stage: \`${r.text}\` covers the same calls as the stage's deny rule`);
      continue;
    }
    session.push(r);
  }
  return { rules: [...session, ...stage, ...(input.batch ? batchAllowRules() : [])], warnings };
}

export function buildGateContext(input: GateContextInput = {}): BuiltGateContext {
  const { rules, warnings } = gateRules(input);
  return {
    context: {
      mode: input.mode ?? 'default',
      modeSource: input.modeSource ?? (input.mode ? 'option' : 'default'),
      rules: new CompiledRules(rules, isStructuralRule),
      shell: input.shell ?? DEFAULT_SHELL_SETTINGS,
      terminal: input.terminal ?? false,
      mounts: input.mounts === undefined ? DEFAULT_MOUNT_VIEW : input.mounts,
      extraTools: input.extraTools ?? [],
      readShell: input.readShell ?? null,
    },
    warnings,
  };
}

/** The same context with another mode (a request's prefix, `/mode`). The compiled rules are shared. */
export function withMode(ctx: GateContext, mode: Mode, modeSource: ModeSource): GateContext {
  return { ...ctx, mode, modeSource };
}
