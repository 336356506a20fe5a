// One PreToolUse call as Claude Code writes it on the hook's standard input, read strictly: a JSON object
// with `hook_event_name: "PreToolUse"`, a `tool_name` string, a `tool_input` object and the absolute `cwd`
// of the session. Anything else (not JSON, too large, another event, a missing or mistyped field) is a
// value that says why, which the hook turns into a deny: never an allow, never a crash.
//
// Also the hook's own I/O: its standard input, read up to the bound, and the JSON line it answers with.
// Imports nothing, so the hook entry (hook-main.ts) stays light.

/** Write contents travel in the call; a larger call is refused rather than read in part. */
export const MAX_HOOK_INPUT_BYTES = 16 * 1024 * 1024;

const MAX_TOOL_NAME = 256;

export interface HookCall {
  readonly toolName: string;
  readonly toolInput: Readonly<Record<string, unknown>>;
  /** Claude Code's working folder (a host path). */
  readonly cwd: string;
  /** Claude Code's own permission mode, when it sent one (`default`, `plan`, `acceptEdits`, `bypassPermissions`, `dontAsk`, …). */
  readonly permissionMode: string | null;
}

export type HookInputResult = { readonly ok: true; readonly call: HookCall } | { readonly ok: false; readonly why: string };

export function readHookInput(bytes: Buffer | string): HookInputResult {
  const size = typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length;
  if (size > MAX_HOOK_INPUT_BYTES) return fail(`the hook input is larger than ${MAX_HOOK_INPUT_BYTES} bytes`);
  const text = typeof bytes === 'string' ? bytes : bytes.toString('utf8');
  if (text.trim() === '') return fail('the hook input is empty');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return fail(`the hook input is not JSON (${(err as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return fail('the hook input is not a JSON object');
  const v = value as Record<string, unknown>;
  if (v['hook_event_name'] !== 'PreToolUse') {
    return fail(`the hook handles PreToolUse calls, and this one is ${typeof v['hook_event_name'] === 'string' ? JSON.stringify(clip(v['hook_event_name'])) : 'without a hook_event_name'}`);
  }
  const tool = v['tool_name'];
  if (typeof tool !== 'string' || tool.length === 0) return fail('the call names no tool_name (a string)');
  if (tool.length > MAX_TOOL_NAME || /[\u0000-\u001f\u007f]/.test(tool)) return fail('the tool_name is not a tool name');
  const input = v['tool_input'];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return fail(`the call to ${tool} has no tool_input object`);
  const cwd = v['cwd'];
  if (typeof cwd !== 'string' || !cwd.startsWith('/') || cwd.includes('\0')) return fail('the call has no cwd (an absolute path)');
  const mode = v['permission_mode'];
  if (mode !== undefined && mode !== null && typeof mode !== 'string') return fail('the permission_mode is not a string');
  return { ok: true, call: { toolName: tool, toolInput: input as Record<string, unknown>, cwd, permissionMode: typeof mode === 'string' ? mode : null } };
}

function fail(why: string): HookInputResult {
  return { ok: false, why };
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/** Reads standard input up to the hook's bound (one byte more tells the reader it was larger). */
export async function readBoundedStdin(stream: NodeJS.ReadableStream, limit: number = MAX_HOOK_INPUT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(b);
    size += b.length;
    if (size > limit) break;
  }
  return Buffer.concat(chunks);
}

/** The JSON a PreToolUse hook prints on standard output (with exit status 0), without its newline. */
export function hookJson(decision: 'allow' | 'ask' | 'deny', reason: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision, permissionDecisionReason: reason } });
}

/** The reason of a deny for a call the hook could not read or decide at all. */
export function refusalText(message: string, remedy: string): string {
  return `orkeon-code refused this call: ${message}\n  instead: ${remedy}`;
}
