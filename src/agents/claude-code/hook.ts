// `orkeon-code hook claude-code`: one PreToolUse call in, one answer out. The call is read strictly
// (hook-input.ts), mapped onto the seed's tools with virtual paths (map-tools.ts), decided by the gate in
// the narrower of the two modes (mode.ts) with the session's rules, the claude-code guard (guard.ts) and,
// with --stage, the dev-stage sets, and answered as Claude Code reads a hook (decision.ts). Whatever goes
// wrong (bad input, a bad option, unreadable settings, a bug) the answer is a deny that says why: a hook
// that fails any other way lets Claude Code go on with the call.
import fs from 'node:fs';
import path from 'node:path';
import type { Mode } from '../../policy/types.js';
import type { GateContext } from '../../policy/context.js';
import { parseRuleTexts } from '../../policy/rule-options.js';
import { readHookInput, type HookInputResult } from './hook-input.js';
import { hostMounts, type HostMount } from './paths.js';
import { mapToolCall } from './map-tools.js';
import { combineModes } from './mode.js';
import { claudeCodeGuardRules } from './guard.js';
import { decideMapped, denyAnswer, hookAnswer, refusedVerdict } from './decision.js';

export interface HookOptions {
  readonly mode?: string;
  readonly stage?: boolean;
  readonly batch?: boolean;
  readonly rule?: readonly string[];
  readonly settings?: string;
  /** The project's folder (its real path is read); else $CLAUDE_PROJECT_DIR, which Claude Code sets for hooks. */
  readonly project?: string;
  /** The host folder the session mounts at /output. */
  readonly output?: string;
  /** The session's `--mount physical:virtual[:ro|rw]` values, host sides absolute. */
  readonly mount?: readonly string[];
}

type Env = Readonly<Record<string, string | undefined>>;

const FIX_HOOK = "fix the hook's command line in the Claude Code settings (orkeon-code hook claude-code --help), or start Claude Code with orkeon-code [folder] -- claude";

/** The hook's answer (a JSON line for standard output) to one call on standard input. Never throws. */
export async function answerHook(stdin: Buffer | string, options: HookOptions, env: Env, warn: (line: string) => void = () => {}): Promise<string> {
  // Read once: a Bash call needs the shell reader, whose wasm compiles on other threads while the gate is
  // prepared (the call's answer awaits the same load, and reports a failure of it).
  const read = readHookInput(stdin);
  if (read.ok && read.call.toolName === 'Bash') void import('../../shell/index.js').then((shell) => shell.initShellReader()).catch(() => {});
  const hook = await prepareAnswers(options, env, warn);
  return hook.answerRead(read);
}

/** A hook ready to answer calls: its options read, the settings loaded and the gate built, once. */
export interface PreparedHook {
  /** The answer to one call. Never throws. */
  answer(stdin: Buffer | string): Promise<string>;
}

interface PreparedAnswers extends PreparedHook {
  /** The answer to a call its caller has already read (readHookInput). Never throws. */
  answerRead(read: HookInputResult): Promise<string>;
}

/**
 * Reads the options, the settings, the project and the mounts, and builds the gate, once: a hook process
 * answers one call with it, the launcher's gate server (gate-server.ts) every call of a session. A hook
 * whose command line or settings are wrong answers deny to every call. Never throws.
 */
export async function prepareHook(options: HookOptions, env: Env, warn: (line: string) => void = () => {}): Promise<PreparedHook> {
  return prepareAnswers(options, env, warn);
}

async function prepareAnswers(options: HookOptions, env: Env, warn: (line: string) => void): Promise<PreparedAnswers> {
  const hidden = hiddenPaths(env);
  const answering = (answerRead: (read: HookInputResult) => Promise<string>): PreparedAnswers => ({
    answerRead,
    answer: async (stdin) => {
      let read: HookInputResult;
      try {
        read = readHookInput(stdin);
      } catch (err) {
        return internalError(err, hidden);
      }
      return answerRead(read);
    },
  });
  const failed = (message: string, remedy: string): PreparedAnswers =>
    answering(async (read) => (read.ok ? denyAnswer(message, remedy, hidden) : denyAnswer(read.why, INPUT_REMEDY, hidden)));
  try {
    const ready = await prepare(options, env, hidden, warn);
    if (!ready.ok) return failed(ready.message, ready.remedy);
    return answering(async (read) => {
      try {
        return await answerWith(ready, read);
      } catch (err) {
        return internalError(err, hidden);
      }
    });
  } catch (err) {
    return answering(async () => internalError(err, hidden));
  }
}

const INPUT_REMEDY = 'this hook reads one PreToolUse call from Claude Code; nothing ran';

function internalError(err: unknown, hidden: readonly string[]): string {
  const code = (err as { code?: unknown } | null)?.code;
  return denyAnswer(`the hook failed (${typeof code === 'string' ? code : 'internal error'}), so the call is refused`, 'report it as a bug; nothing ran', hidden);
}

interface Ready {
  readonly ok: true;
  readonly options: HookOptions;
  readonly mounts: readonly HostMount[];
  readonly hidden: readonly string[];
  readonly orkeonMode: Mode;
  readonly fallback: boolean;
  readonly context: GateContext;
  readonly policy: typeof import('../../policy/index.js');
}

async function prepare(options: HookOptions, env: Env, hidden: readonly string[], warn: (line: string) => void): Promise<Ready | { ok: false; message: string; remedy: string }> {
  // A hook whose own command line is wrong refuses every call, and says so to the person as well.
  const misconfigured = (message: string) => {
    warn(message);
    return { ok: false as const, message, remedy: FIX_HOOK };
  };
  const [policy, settingsStage, mountsStage] = await Promise.all([import('../../policy/index.js'), import('../../settings/index.js'), import('../../mounts/index.js')]);
  if (options.mode !== undefined && !policy.isMode(options.mode)) return misconfigured(`the hook's --mode '${options.mode}' is not a mode`);
  if (options.batch && !options.stage) return misconfigured("the hook's --batch needs --stage");
  const rules = parseRuleTexts(options.rule ?? []);
  if (!rules.ok) return misconfigured(`the hook's --rule '${rules.text}' does not parse: ${rules.error}`);
  for (const w of rules.warnings) warn(`--rule '${w.text}': ${w.warning}`);

  const loaded = settingsStage.loadUserSettings({ file: options.settings ?? null, env });
  if (loaded.issues.length > 0) {
    // The allowlist or the interpreters could be what the file narrows: a guess could widen it.
    for (const i of loaded.issues) warn(`settings: ${i.key}${i.value === null ? '' : ` = ${i.value}`}: ${i.message} (fix: ${i.fix})`);
    return { ok: false, message: "orkeon-code's settings cannot be read as written, so no call is decided", remedy: 'the user fixes the settings file (orkeon-code check -- true names the problem)' };
  }
  const settings = loaded.settings;

  const project = options.project ?? env['CLAUDE_PROJECT_DIR'];
  if (project === undefined || project === '') return misconfigured('the hook does not know the project (no --project, no CLAUDE_PROJECT_DIR)');
  const projectReal = realFolder(project);
  if (projectReal === null) return misconfigured('the project folder the hook was given is not a folder');

  const userMounts: HostMount[] = [];
  const specs = [];
  for (const text of options.mount ?? []) {
    const spec = mountsStage.parseMountString(text);
    if (!spec.ok) return misconfigured(`the hook's --mount is not a mount (${spec.error.code})`);
    if (!path.posix.isAbsolute(spec.value.physical)) return misconfigured("the hook's --mount names a relative host folder");
    specs.push(spec.value);
    userMounts.push({ physical: spec.value.physical, virtual: spec.value.virtual, writable: spec.value.writable });
  }
  const mounts = hostMounts({ project: projectReal, output: options.output ?? null, user: userMounts });
  const built = policy.buildGateContext({
    rules: [...rules.rules, ...claudeCodeGuardRules()],
    stage: options.stage === true,
    batch: options.batch === true,
    shell: { allowInterpreters: settings.shell.allowInterpreters, allowlist: settings.shell.allowlist },
    // A person answers through Claude Code's own question: an ask stays an ask (under -p, Claude Code
    // counts it as a deny).
    terminal: true,
    mounts: mountsStage.mountViewOf(specs, '/workspace'),
    // Every tool Claude Code offers is one a rule may name; none declares anything to the gate: a write.
    extraTools: [{ name: '*', access: 'write' }],
    readShell: null,
  });
  for (const w of built.warnings) warn(w);
  return {
    ok: true,
    options,
    mounts,
    hidden: [...hidden, ...mounts.map((m) => m.physical)],
    orkeonMode: (options.mode as Mode | undefined) ?? settings.permissions.fallback ?? 'default',
    fallback: options.mode === undefined && settings.permissions.fallback !== null,
    context: built.context,
    policy,
  };
}

async function answerWith(ready: Ready, read: HookInputResult): Promise<string> {
  if (!read.ok) return denyAnswer(read.why, INPUT_REMEDY, ready.hidden);
  const call = read.call;
  const { mounts, hidden } = ready;
  const mapped = mapToolCall(call, mounts);
  const combined = combineModes(ready.orkeonMode, call.permissionMode);
  if (!mapped.ok) {
    return hookAnswer({ toolName: call.toolName, seedTool: mapped.refusal.seedTool, verdict: refusedVerdict(mapped.refusal, combined.mode), modeNote: combined.note, mounts, hidden });
  }
  let context = ready.policy.withMode(
    ready.context,
    combined.mode,
    // The launcher hands the session's mode on with --mode; Claude Code's narrower mode is the session's too.
    ready.fallback && combined.from === 'orkeon-code' ? 'fallback' : ready.options.mode !== undefined || combined.from === 'claude-code' ? 'session' : 'default',
  );
  if (mapped.mapped.calls.some((c) => c.tool === 'shell_command')) {
    const shell = await import('../../shell/index.js');
    await shell.initShellReader();
    context = { ...context, readShell: shell.readShellCommand };
  }
  const verdict = decideMapped(mapped.mapped, context);
  return hookAnswer({ toolName: call.toolName, seedTool: mapped.mapped.seedTool, verdict, modeNote: combined.note, mounts, hidden });
}

function realFolder(p: string): string | null {
  try {
    const real = fs.realpathSync.native(p);
    return fs.statSync(real).isDirectory() ? real : null;
  } catch {
    return null;
  }
}

/** Host paths no answer may name: the home folder, orkeon-code's own folder. */
function hiddenPaths(env: Env): string[] {
  const out: string[] = [];
  for (const p of [env['HOME'], env['ORKEON_CODE_HOME']]) if (p !== undefined && p.length > 1 && p.startsWith('/')) out.push(p.replace(/\/+$/, ''));
  return out;
}
