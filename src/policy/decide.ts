// decide(): one tool call and the gate's context in, a decision out. Deny wins by construction: every deny
// found is kept, and only a call with none can be allowed. Rules first (a deny refuses in every mode), then
// what the mode's catalogue offers, then allow rules (every mode but plan), then the mode's table; an ask
// with nobody to answer comes out as a deny that names what would allow it.
import type { SimpleCommand } from '../shell/types.js';
import { extraToolListed, type GateContext } from './context.js';
import { joinedPathForms, pathForms, readEditBatch } from './file-tools.js';
import { modesAllowing, modeVerdict, offeredIn, readsAllowRules } from './modes.js';
import { allowRuleReason, clip, denyRuleReason, reason } from './reasons.js';
import { judgeShellReading } from './shell/judge.js';
import { mountOf, resolveVirtual } from './shell/write-rights.js';
import { BUILTIN_TOOLS, declaredAccess } from './tools.js';
import type { Access, Decision, Reason, ToolCall, Verdict } from './types.js';

const FILE_SETS = ['read-noise', 'secrets', 'state-files'];

/** shell_command's own argument, which its shell reading judges (the other argument checks skip it). */
const COMMAND_ARGUMENT: ReadonlySet<string> = new Set(['command']);

/** An argument as a rule reads it: text as is, anything else as JSON. */
export function argumentText(value: unknown): string | null {
  if (value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return null;
  }
}

/** `whatAllows` is only read when an ask with no terminal becomes a deny: a function, built only then. */
function finish(ctx: GateContext, verdict: Verdict, reasons: Reason[], commands: readonly SimpleCommand[], whatAllows: string | (() => string)): Decision {
  if (verdict === 'ask' && !ctx.terminal) {
    return {
      decision: 'deny',
      reasons: [
        ...reasons,
        reason('no-terminal', {
          rule: null,
          set: null,
          matched: null,
          message: 'this call needs approval and no terminal can answer',
          remedy: typeof whatAllows === 'string' ? whatAllows : whatAllows(),
        }),
      ],
      commands,
      mode: ctx.mode,
    };
  }
  return { decision: verdict, reasons, commands, mode: ctx.mode };
}

function modeReason(ctx: GateContext, access: Access, tool: string, verdict: Verdict): Reason {
  const what = access === 'read' ? 'a local read' : access === 'network-read' ? 'a network read' : access === 'edit' ? 'an edit' : 'an execution';
  const message =
    verdict === 'allow'
      ? `mode ${ctx.mode} runs ${what} (${tool})`
      : verdict === 'deny'
        ? `mode ${ctx.mode} (${ctx.modeSource}) refuses ${what} (${tool})`
        : `mode ${ctx.mode} (${ctx.modeSource}) asks before ${what} (${tool})`;
  return reason('mode', {
    rule: `mode ${ctx.mode}`,
    set: 'mode',
    matched: tool,
    message,
    remedy: verdict === 'allow' ? 'none needed' : `a mode that runs it: ${modesAllowing(access).join(', ') || 'none'}${verdict === 'ask' ? `, or an allow rule (allow ${tool} …)` : ''}`,
  });
}

function invalid(ctx: GateContext, why: string): Decision {
  return {
    decision: 'deny',
    reasons: [reason('input', { rule: null, set: 'input', matched: null, message: why, remedy: 'send {"tool": "<name>", "args": {…}} with the arguments the tool takes' })],
    commands: [],
    mode: ctx.mode,
  };
}

/** Deny rules on the arguments of any tool (and, with a stage's file sets, the callback's readings). */
function argumentDenies(call: ToolCall, ctx: GateContext, skip: ReadonlySet<string> = new Set()): Reason[] {
  const tr = ctx.rules.forTool(call.tool);
  const out: Reason[] = [];
  for (const w of tr.denyWhole) out.push(denyRuleReason(w.rule, call.tool));
  const stageFiles = FILE_SETS.some((s) => ctx.rules.hasSet(s));
  for (const [arg, index] of tr.deny) {
    if (skip.has(arg)) continue;
    const text = argumentText(call.args[arg]);
    const texts = text === null ? [] : arg === 'path' && stageFiles ? pathForms(text) : [text];
    if (arg === 'path' && stageFiles) texts.push(...joinedPathForms(call.tool, call.args));
    for (const t of texts) {
      const m = index.firstMatch(t);
      if (m) {
        out.push(denyRuleReason(m.rule, t));
        break;
      }
    }
  }
  return out;
}

function allowMatch(call: ToolCall, ctx: GateContext, skip: ReadonlySet<string> = new Set()): Reason | null {
  const tr = ctx.rules.forTool(call.tool);
  if (tr.allowWhole.length) return allowRuleReason(tr.allowWhole[0]!.rule, null);
  for (const [arg, index] of tr.allow) {
    if (skip.has(arg)) continue;
    const text = argumentText(call.args[arg]);
    if (text === null) continue;
    const m = index.firstMatch(text);
    if (m) return allowRuleReason(m.rule, text);
  }
  return null;
}

/** File tools reach only the mounts; an edit needs a writable one. */
function mountDenies(call: ToolCall, ctx: GateContext, access: Access): Reason[] {
  if (!ctx.mounts || call.tool === 'shell_command') return [];
  const path = call.args['path'];
  if (typeof path !== 'string' || !BUILTIN_TOOLS.get(call.tool)?.arguments.includes('path')) return [];
  const v = resolveVirtual(ctx.mounts.cwd, path);
  const m = mountOf(ctx.mounts, v);
  if (!m) {
    // the path is not echoed: outside every mount it may be a host path, and a refusal never names one
    return [reason('write-right', { rule: 'mounts', set: 'mounts', matched: null, message: `${call.tool} reaches only the mounts, and its path is under none`, remedy: 'use a path under /workspace, /output, /tmp or /user-config' })];
  }
  if (access === 'edit' && !m.writable) {
    return [reason('write-right', { rule: 'write right', set: 'mounts', matched: v, message: `${v} is under the read-only mount ${m.virtual}`, remedy: 'write under /workspace, /output or /tmp' })];
  }
  return [];
}

export function decide(call: ToolCall, ctx: GateContext): Decision {
  if (!call || typeof call.tool !== 'string' || call.tool.length === 0) return invalid(ctx, 'the call names no tool');
  if (call.args === null || typeof call.args !== 'object' || Array.isArray(call.args)) return invalid(ctx, `the arguments of ${call.tool} are not an object`);
  return call.tool === 'shell_command' ? decideShell(call, ctx) : decideTool(call, ctx);
}

function decideTool(call: ToolCall, ctx: GateContext): Decision {
  const builtin = BUILTIN_TOOLS.get(call.tool);
  const extra = builtin ? undefined : extraToolListed(ctx.extraTools, call.tool);
  const access = declaredAccess(call.tool, call.args, extra);
  const denies = argumentDenies(call, ctx);
  if (call.tool === 'edit_batch' && (ctx.rules.hasSet('state-files') || ctx.rules.hasSet('secrets'))) {
    const batch = readEditBatch(call.args);
    if (!batch.ok) denies.push(reason('structural', { rule: '(structural) edit_batch read as its editors', set: 'state-files', matched: null, message: batch.why, remedy: batch.remedy }));
    else for (const op of batch.operations) denies.push(...argumentDenies({ tool: op.tool, args: op.args }, ctx));
  }
  denies.push(...mountDenies(call, ctx, access));
  if (denies.length) return { decision: 'deny', reasons: denies, commands: [], mode: ctx.mode };
  if (builtin && !offeredIn(ctx.mode, builtin)) {
    return { decision: 'deny', reasons: [modeReason(ctx, access, call.tool, 'deny')], commands: [], mode: ctx.mode };
  }
  if (readsAllowRules(ctx.mode)) {
    const allowed = allowMatch(call, ctx);
    if (allowed) return { decision: 'allow', reasons: [allowed], commands: [], mode: ctx.mode };
  }
  const verdict = modeVerdict(ctx.mode, access);
  const whatAllows = () => `would run with an allow rule (allow ${call.tool} …) or in mode ${modesAllowing(access).join(' or ')}, or asked with a terminal`;
  return finish(ctx, verdict, [modeReason(ctx, access, call.tool, verdict)], [], whatAllows);
}

function decideShell(call: ToolCall, ctx: GateContext): Decision {
  const command = call.args['command'];
  if (typeof command !== 'string') return invalid(ctx, 'shell_command needs a command, as a string');
  if (!ctx.readShell) throw Object.assign(new Error('the gate was built without the shell front-end'), { code: 'ORKEON_NO_SHELL_READER' });
  const read = ctx.readShell(command);
  const otherDenies = argumentDenies(call, ctx, COMMAND_ARGUMENT);
  if (!read.ok) {
    const r = read.refusal;
    const denies = [reason('input', { rule: `front-end: ${r.code}`, set: 'front-end', matched: null, message: r.message, remedy: 'send the command in plain ASCII shell syntax, without control or invisible characters' })];
    const tr = ctx.rules.forTool('shell_command').deny.get('command');
    const m = tr?.firstMatch(command);
    if (m) denies.push(denyRuleReason(m.rule, command));
    return { decision: 'deny', reasons: [...denies, ...otherDenies], commands: [], mode: ctx.mode };
  }
  const { reading } = read;
  const findings = judgeShellReading(command, reading, { rules: ctx.rules, shell: ctx.shell, mounts: ctx.mounts });
  const denies = [...findings.denies, ...otherDenies];
  if (denies.length) return { decision: 'deny', reasons: denies, commands: reading.commands, mode: ctx.mode };
  const builtin = BUILTIN_TOOLS.get('shell_command')!;
  if (!offeredIn(ctx.mode, builtin)) {
    return { decision: 'deny', reasons: [modeReason(ctx, 'execute', 'shell_command', 'deny')], commands: reading.commands, mode: ctx.mode };
  }
  if (findings.asks.length) {
    return finish(ctx, 'ask', findings.asks, reading.commands, 'nothing but a person: rewrite the command as the reasons say, or approve it in a session with a terminal');
  }
  if (readsAllowRules(ctx.mode)) {
    const other = allowMatch(call, ctx, COMMAND_ARGUMENT);
    const allowedBy = findings.allowedBy ?? (other ? [other] : null);
    if (allowedBy) return { decision: 'allow', reasons: allowedBy, commands: reading.commands, mode: ctx.mode };
  }
  const verdict = modeVerdict(ctx.mode, 'execute');
  const whatAllows = () => {
    const first = reading.commands.find((c) => c.argv.length > 0)?.argv.join(' ') ?? command;
    return `would run with an allow rule (allow shell_command command=${clip(first)}*) or in mode bypassPermissions, or asked with a terminal`;
  };
  return finish(ctx, verdict, [modeReason(ctx, 'execute', 'shell_command', verdict)], reading.commands, whatAllows);
}
