// How `check` prints a decision: JSON (one object, or one line per call with --jsonl) or a readable verdict
// with each reason's rule, set and remedy.
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { GateContext } from '../policy/context.js';
import { decide } from '../policy/decide.js';
import { isMode } from '../policy/modes.js';
import { withMode } from '../policy/context.js';
import type { Decision, ToolCall } from '../policy/types.js';

export function decisionJson(d: Decision): object {
  return {
    decision: d.decision,
    mode: d.mode,
    reasons: d.reasons,
    commands: d.commands.map((c) => ({ argv: c.argv, dynamic: c.dynamic, via: c.via, ...(c.assignments.length ? { assignments: c.assignments } : {}), ...(c.opaque.length ? { opaque: c.opaque } : {}) })),
  };
}

function malformed(ctx: GateContext, why: string): object {
  return {
    decision: 'deny',
    mode: ctx.mode,
    reasons: [{ kind: 'input', rule: null, set: 'input', matched: null, message: why, remedy: 'send one JSON object a line: {"tool":"shell_command","args":{"command":"…"}}' }],
    commands: [],
  };
}

/** One decision line for one input line; a malformed line gets a deny line naming why, never a crash. */
export function decideLine(ctx: GateContext, line: string): string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return JSON.stringify(malformed(ctx, `not JSON: ${(err as Error).message}`));
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return JSON.stringify(malformed(ctx, 'a line is a JSON object {"tool":…,"args":{…}}'));
  const v = value as { tool?: unknown; args?: unknown; mode?: unknown };
  if (typeof v.tool !== 'string' || v.tool.length === 0) return JSON.stringify(malformed(ctx, 'the line names no "tool"'));
  if (v.args === null || typeof v.args !== 'object' || Array.isArray(v.args)) return JSON.stringify(malformed(ctx, `"args" of ${v.tool} is not an object`));
  if (v.mode !== undefined && !isMode(v.mode)) return JSON.stringify(malformed(ctx, `"mode" ${JSON.stringify(v.mode)} is not a mode`));
  const c = isMode(v.mode) ? withMode(ctx, v.mode, 'option') : ctx;
  try {
    return JSON.stringify(decisionJson(decide({ tool: v.tool, args: v.args as ToolCall['args'] }, c)));
  } catch (err) {
    return JSON.stringify(malformed(ctx, `internal error while deciding (${(err as { code?: string }).code ?? 'bug'}); refused`));
  }
}

export async function decideLines(ctx: GateContext, input: Readable, write: (line: string) => void): Promise<void> {
  const rl = createInterface({ input, crlfDelay: Infinity });
  for await (const line of rl) write(line.trim() === '' ? JSON.stringify(malformed(ctx, 'an empty line')) : decideLine(ctx, line));
}

export function readable(command: string, d: Decision): string {
  const out = [`${d.decision}: ${command.replace(/\n/g, '\\n')}  (mode ${d.mode})`];
  for (const r of d.reasons) {
    out.push(`  - ${r.message}`);
    if (r.rule) out.push(`    rule: ${r.rule}${r.set ? ` (${r.set})` : ''}`);
    if (r.matched) out.push(`    matched: ${r.matched}`);
    if (d.decision !== 'allow') out.push(`    instead: ${r.remedy}`);
  }
  return `${out.join('\n')}\n`;
}
