// A crew file: one tool call a line, as JSON — `{"tool":"shell_command","args":{"command":"npm test"}}` —
// with an optional "mode" for that call. Blank lines and lines whose first non-blank character is `#`
// are skipped (comments). Anything else that is not such an object makes the whole file unusable: nothing
// of a crew runs until every line of it reads, so a typo on line 9 cannot leave eight steps half-done.
// Pure.
import { isMode } from '../policy/modes.js';
import type { Mode } from '../policy/types.js';

export interface CrewCall {
  /** The line of the crew file (1-based). */
  readonly line: number;
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** This call's mode, else the session's. */
  readonly mode: Mode | null;
}

export type CrewFileResult = { readonly ok: true; readonly calls: readonly CrewCall[] } | { readonly ok: false; readonly errors: readonly string[] };

/** A crew file larger than this is not read (a crew is a script, not a data set). */
export const MAX_CREW_FILE_BYTES = 4 * 1024 * 1024;
const KEYS = new Set(['tool', 'args', 'mode']);

export function parseCrewFile(text: string): CrewFileResult {
  const calls: CrewCall[] = [];
  const errors: string[] = [];
  const lines = text.split('\n');
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) return;
    const n = i + 1;
    const call = readCall(trimmed);
    if (typeof call === 'string') errors.push(`line ${n}: ${call}`);
    else calls.push({ line: n, ...call });
  });
  if (errors.length > 0) return { ok: false, errors };
  if (calls.length === 0) return { ok: false, errors: ['the crew file holds no tool call (one JSON object a line: {"tool":"shell_command","args":{"command":"npm test"}})'] };
  return { ok: true, calls };
}

function readCall(text: string): Omit<CrewCall, 'line'> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return `not JSON (${(err as Error).message}); write one object a line: {"tool":"shell_command","args":{"command":"npm test"}}`;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'a line is one JSON object: {"tool":…,"args":{…}}';
  const v = value as Record<string, unknown>;
  const unknown = Object.keys(v).filter((k) => !KEYS.has(k));
  if (unknown.length > 0) return `unknown key ${unknown.map((k) => JSON.stringify(k)).join(', ')}; a call has "tool", "args" and, optionally, "mode"`;
  if (typeof v.tool !== 'string' || v.tool.trim() === '') return 'the call names no "tool"';
  const args = v.args === undefined ? {} : v.args;
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return `"args" of ${v.tool} is not an object`;
  if (v.mode !== undefined && !isMode(v.mode)) return `"mode" ${JSON.stringify(v.mode)} is not a mode; use plan, dontAsk, default, acceptEdits or bypassPermissions`;
  return { tool: v.tool, args: args as Record<string, unknown>, mode: isMode(v.mode) ? v.mode : null };
}
