// The modes of seed 000 ("Modes", "Choisir le mode"): the table of what each mode does with each access,
// the catalogue each offers, the `mode:` prefix of a request, and where the mode of a call came from.
import { MODES, type Access, type Mode, type ModeSource, type Verdict } from './types.js';
import type { BuiltinTool } from './tools.js';

export function isMode(value: unknown): value is Mode {
  return typeof value === 'string' && (MODES as readonly string[]).includes(value);
}

/** Narrow to wide: what each mode lets through without a person. Used to keep a project file from widening. */
export const MODE_WIDTH: Readonly<Record<Mode, number>> = { plan: 0, dontAsk: 1, default: 2, acceptEdits: 3, bypassPermissions: 4 };

/**
 * The seed's table. plan and dontAsk promise that nothing observable changes: no write, no outgoing request.
 * default asks about edits and the shell; acceptEdits accepts edits; bypassPermissions runs everything.
 */
export function modeVerdict(mode: Mode, access: Access): Verdict {
  switch (access) {
    case 'read':
      return 'allow';
    case 'network-read':
      return mode === 'plan' || mode === 'dontAsk' ? 'deny' : 'allow';
    case 'edit':
      return mode === 'plan' || mode === 'dontAsk' ? 'deny' : mode === 'default' ? 'ask' : 'allow';
    case 'execute':
      return mode === 'bypassPermissions' ? 'allow' : mode === 'plan' || mode === 'dontAsk' ? 'deny' : 'ask';
  }
}

/**
 * Whether the mode's catalogue offers a built-in tool. plan and dontAsk offer local reads only (and the
 * host's spawn_agent); an allow rule never adds a tool to the catalogue.
 */
export function offeredIn(mode: Mode, tool: BuiltinTool): boolean {
  if (mode !== 'plan' && mode !== 'dontAsk') return true;
  return tool.offeredReadOnly;
}

/** Whether allow rules are read in this mode: in every mode but plan. */
export function readsAllowRules(mode: Mode): boolean {
  return mode !== 'plan';
}

/** A request's `mode:` prefix (`plan: explain the cache`), exact spelling, for that request only. */
export function splitModePrefix(request: string): { mode: Mode | null; rest: string } {
  const m = /^([A-Za-z]+):[ \t]*/.exec(request);
  if (m && isMode(m[1])) return { mode: m[1], rest: request.slice(m[0].length) };
  return { mode: null, rest: request };
}

export interface ResolvedMode {
  readonly mode: Mode;
  readonly source: ModeSource;
}

/** The mode of one call: an explicit option, else the request's prefix, else the session's, else the fallback, else default. */
export function resolveMode(input: { option?: Mode | null; requestPrefix?: Mode | null; session?: Mode | null; fallback?: Mode | null }): ResolvedMode {
  if (input.option) return { mode: input.option, source: 'option' };
  if (input.requestPrefix) return { mode: input.requestPrefix, source: 'request-prefix' };
  if (input.session) return { mode: input.session, source: 'session' };
  if (input.fallback) return { mode: input.fallback, source: 'fallback' };
  return { mode: 'default', source: 'default' };
}

/** The modes that would let an access run without a question, for a refusal's remedy. */
export function modesAllowing(access: Access): Mode[] {
  return MODES.filter((m) => modeVerdict(m, access) === 'allow');
}
