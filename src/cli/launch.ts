// The default action: `orkeon-code [folder] [options] [-- command…]`. The stages run in one direction:
// the folder's real path and trust (nothing of the folder is read, mounted or run before trust says yes),
// then the user's settings and the project's .orkeon/config.json (which can only narrow them), the
// exports, the mounts, and the session (src/session/start.ts). Also registers `exports`, which the
// launcher scripts call to learn the variables to export.
import type { Command } from 'commander';
import { UsageError } from './exit-codes.js';
import { addConfinementOptions, addGateOptions } from './options.js';
import type { TrustPrompt } from '../trust/types.js';
import type { Mode, Rule } from '../policy/types.js';
import type { Confinement, SessionRequest, TrustedVia } from '../session/start.js';
import type { CrewRequest } from '../session/crew.js';
import type { CommandEnvSettings } from '../env/command-env.js';
import type { EffectiveSettings } from '../settings/index.js';
import fs from 'node:fs';

export interface LaunchOptions {
  readonly trust?: boolean;
  readonly demo?: boolean;
  readonly settings?: string;
  readonly mode?: string;
  readonly confinement?: string;
  readonly mount?: readonly string[];
  readonly output?: string;
  readonly network?: boolean;
  readonly dryRun?: boolean;
  /** The five dev-stage rule sets in the session's gate (`--demo` puts them there too). */
  readonly stage?: boolean;
  /** `--rule` values: the session's first rules (never saved). */
  readonly rule?: readonly string[];
  /** `orkeon-code crew`: the crew file and whether to keep going after a refusal or failure. */
  readonly crew?: CrewRequest;
}

/** Where the launcher reads and writes; the CLI passes the process's, tests their own. */
export interface LaunchIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly prompt: TrustPrompt;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
}

export function register(program: Command): void {
  // Options belong to the command they are written after: `trust check --trust` and `exec --mode` are
  // theirs, `orkeon-code --trust dir` is the launcher's.
  program.enablePositionalOptions();
  program
    .argument('[folder]', 'the project folder (default: the working folder)')
    .argument('[session-command...]', 'after --: the command that is the session, run confined')
    .option('--trust', 'start in an untrusted folder this once, saving nothing')
    .option('--demo', 'prepare the demo project under $ORKEON_CODE_HOME/demo and start there');
  addConfinementOptions(addGateOptions(program, { stageNote: '; on with --demo' }))
    .option('--dry-run', 'resolve everything, print the session it would start as JSON, start nothing')
    .action(async function (this: Command) {
      const { commandArgv, folder } = splitOperands(this);
      process.exitCode = await launch(folder, commandArgv, this.opts<LaunchOptions>(), await processLaunchIo());
    });

  program
    .command('exports', { hidden: true })
    .description('print the variables the launcher scripts export (reads --settings from the launcher arguments after --)')
    .option('--format <format>', 'sh, ps1 or json', 'sh')
    .argument('[launcherArgs...]')
    .action(async (launcherArgs: string[], options: { format: string }) => {
      process.exitCode = await printExports(launcherArgs, options.format, process.env);
    });
}

/** This process's environment, working folder, terminal (for the trust question) and streams. */
export async function processLaunchIo(): Promise<LaunchIo> {
  const { terminalTrustPrompt } = await import('../trust/index.js');
  return {
    env: process.env,
    cwd: process.cwd(),
    prompt: terminalTrustPrompt(),
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  };
}

/** The folder operand and the argv after the first `--` (commander folds both into one list). */
function splitOperands(command: Command): { folder: string | undefined; commandArgv: string[] | null } {
  // commander (pinned) keeps the arguments as given in `rawArgs`, not in its typings; it is the only
  // place that still shows where `--` was.
  const raw = (command as unknown as { rawArgs?: unknown }).rawArgs;
  if (!Array.isArray(raw)) throw Object.assign(new Error('commander no longer exposes rawArgs'), { code: 'ORKEON_COMMANDER_RAWARGS' });
  const dash = raw.indexOf('--');
  const commandArgv = dash >= 0 ? (raw.slice(dash + 1) as string[]) : null;
  const operands = command.args.slice(0, command.args.length - (commandArgv?.length ?? 0));
  if (operands.length > 1) {
    throw new UsageError(
      `one folder only, got ${operands.map((o) => JSON.stringify(o)).join(' ')}; ${commandNames(command).includes(operands[0]!) ? '' : `${JSON.stringify(operands[0])} is not a command either (orkeon-code --help lists them); `}put a command for the session after --: orkeon-code ${operands[0]} -- ${operands.slice(1).join(' ')}`,
    );
  }
  if (commandArgv !== null && commandArgv.length === 0) throw new UsageError('nothing after --; name the command the session runs, or drop the --');
  return { folder: operands[0], commandArgv };
}

function commandNames(command: Command): string[] {
  return command.commands.map((c) => c.name());
}

/** The whole launch; returns the exit code. */
export async function launch(folderArg: string | undefined, command: readonly string[] | null, options: LaunchOptions, io: LaunchIo): Promise<number> {
  const { MODES } = await import('../policy/types.js');
  const { CONFINEMENT_MODES } = await import('../sandbox/types.js');
  if (options.mode !== undefined && !(MODES as readonly string[]).includes(options.mode)) {
    throw new UsageError(`--mode ${options.mode} is not a mode; use one of ${MODES.join(', ')}`);
  }
  if (options.confinement !== undefined && !(CONFINEMENT_MODES as readonly string[]).includes(options.confinement)) {
    throw new UsageError(`--confinement ${options.confinement} is not a backend; use one of ${CONFINEMENT_MODES.join(', ')}`);
  }
  const { parseRuleTexts } = await import('../policy/rule-options.js');
  const parsedRules = parseRuleTexts(options.rule ?? []);
  if (!parsedRules.ok) throw new UsageError(`--rule '${parsedRules.text}': ${parsedRules.error}`);
  if (options.demo === true && folderArg !== undefined) {
    throw new UsageError(`--demo starts in its own fixture folder; drop ${JSON.stringify(folderArg)} (or drop --demo to start there)`);
  }

  const t = await import('../trust/index.js');
  const say = (text: string | null): void => {
    if (text !== null) io.stderr(`orkeon-code: ${text}\n`);
  };

  let folder = folderArg ?? '.';
  if (options.demo === true) {
    const { prepareDemo } = await import('../session/demo.js');
    const demo = prepareDemo(t.orkeonHome(io.env), io.env);
    if (!demo.ok) {
      say(demo.message);
      return 1;
    }
    for (const note of demo.notes) say(note);
    if (demo.created) say(`prepared the demo project in ${demo.folder}`);
    folder = demo.folder;
  }

  const outcome = await t.resolveTrust({ folder, trustFlag: options.trust === true, env: io.env, prompt: io.prompt, cwd: io.cwd, demo: options.demo === true });
  say(outcome.message);
  if (outcome.kind !== 'start') return t.exitCodeForTrust(outcome, 'launcher');

  // Trust said yes: from here on the folder may be read.
  for (const w of parsedRules.warnings) say(`--rule '${w.text}': ${w.warning}`);
  return startAfterTrust(outcome.realPath, outcome.via, command, options, parsedRules.rules, io);
}

async function startAfterTrust(
  project: string,
  via: TrustedVia,
  command: readonly string[] | null,
  options: LaunchOptions,
  rules: readonly Rule[],
  io: LaunchIo,
): Promise<number> {
  const say = (text: string): void => io.stderr(`orkeon-code: ${text}\n`);
  const { orkeonHome } = await import('../trust/index.js');
  const home = orkeonHome(io.env);

  const settings = await resolveAndSayLaunchSettings({ settingsOption: options.settings ?? null, env: io.env, cwd: io.cwd, project }, say);
  if (!settings.ok) return settings.exitCode;
  const s = settings.value;

  const ex = await import('../env/exports.js');
  const exports = ex.buildSessionExports({ permissionGateEnabled: s.gate, hostEnv: io.env });
  for (const note of exports.notes) say(note);

  const mode = options.mode !== undefined ? { mode: options.mode as Mode, source: 'option' as const } : s.fallback !== null ? { mode: s.fallback, source: 'settings' as const } : { mode: 'default' as const, source: 'default' as const };
  const confinement = (options.confinement as Confinement | undefined) ?? s.confinement;

  const request: SessionRequest = {
    project,
    trustedVia: via,
    demo: options.demo === true,
    orkeonHome: home,
    cwd: io.cwd,
    settings: s.effective,
    exports,
    env: ex.applyExports(io.env, exports),
    envSettings: s.envSettings,
    mounts: { output: options.output ?? null, userMounts: options.mount ?? [], userConfig: s.userBlock, settingsFile: s.file },
    mode: mode.mode,
    modeSource: mode.source,
    confinement,
    image: s.image,
    network: options.network === true || s.network,
    command,
    dryRun: options.dryRun === true,
    stage: options.stage === true || options.demo === true,
    rules,
    crew: options.crew ?? null,
  };
  const { startSession } = await import('../session/start.js');
  const outcome = await startSession(request);
  for (const m of outcome.messages) say(m);
  if (outcome.plan !== undefined) io.stdout(`${JSON.stringify(outcome.plan, null, 2)}\n`);
  return outcome.exitCode;
}

/** `exports`: the variables for the launcher scripts, in `sh` (eval) or `ps1`/`json` form. Reads the user's settings only (the project is not trusted yet). */
async function printExports(launcherArgs: readonly string[], format: string, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  if (format !== 'sh' && format !== 'ps1' && format !== 'json') throw new UsageError(`--format ${format} is not a format; use sh, ps1 or json`);
  const user = await loadLaunchUserSettings({ settingsOption: settingsOptionOf(launcherArgs), env, cwd: process.cwd() });
  if (!user.ok) {
    process.stderr.write(`orkeon-code: ${user.message}\n`);
    return user.exitCode;
  }
  const ex = await import('../env/exports.js');
  const exports = ex.buildSessionExports({ permissionGateEnabled: user.value.gate, hostEnv: env });
  for (const note of exports.notes) process.stderr.write(`orkeon-code: ${note}\n`);
  process.stdout.write(ex.formatExports(exports, format));
  return 0;
}

/** `--settings F` / `--settings=F` among the launcher's own options (before any `--`); the last one wins, as commander reads it. */
export function settingsOptionOf(args: readonly string[]): string | null {
  let found: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === '--settings' && i + 1 < args.length) found = args[++i]!;
    else if (a.startsWith('--settings=')) found = a.slice('--settings='.length);
  }
  return found;
}

// ---- The settings stage, as the launcher uses it --------------------------------------------------

type Failed = { readonly ok: false; readonly message: string; readonly exitCode: number };

/** EX_CONFIG: the user's settings cannot be read as written; nothing starts on guessed settings. */
const SETTINGS_EXIT = 78;
/** The project file is a small JSON object; anything larger or not a regular file is not read. */
const MAX_PROJECT_FILE_BYTES = 1024 * 1024;

/** What the launcher needs from the user's settings alone (before trust: nothing of the project). */
export interface LaunchUserSettings {
  /** The settings file that was read, or null when there was none. */
  readonly file: string | null;
  /** The user's own `orkeonCode` block, handed to the session read-only at /user-config. */
  readonly userBlock: unknown;
  /** `Orkeon:Security:PermissionGate:Enabled` (file or environment override). */
  readonly gate: unknown;
  readonly user: EffectiveSettings;
}

/** The user's settings with what the project's .orkeon/config.json could narrow applied. */
export interface LaunchSettings extends LaunchUserSettings {
  readonly effective: EffectiveSettings;
  readonly fallback: Mode | null;
  readonly confinement: Confinement;
  readonly image: string | null;
  readonly network: boolean;
  readonly envSettings: CommandEnvSettings;
  /** What the project set without effect, one line each. */
  readonly ignored: readonly string[];
  readonly notes: readonly string[];
}

/**
 * The user's settings (`--settings FILE`, else $ORKEON_CODE_HOME/settings.json, then ORKEON_…__…
 * overrides). Any problem in them refuses the start: a key the user set that cannot be read could be one
 * that narrows (a confinement mode, an allowlist), and guessing it would widen what they allowed.
 */
async function loadLaunchUserSettings(input: { settingsOption: string | null; env: Readonly<Record<string, string | undefined>>; cwd: string }): Promise<{ ok: true; value: LaunchUserSettings } | Failed> {
  const { loadUserSettings } = await import('../settings/index.js');
  const path = await import('node:path');
  const file = input.settingsOption === null ? null : path.resolve(input.cwd, input.settingsOption);
  const loaded = loadUserSettings({ file, env: input.env });
  if (loaded.issues.length > 0) {
    const lines = loaded.issues.map((i) => `  ${i.key}${i.value === null ? '' : ` = ${i.value}`}: ${i.message}; ${i.fix}`);
    return { ok: false, exitCode: SETTINGS_EXIT, message: `the user settings (${loaded.file}) cannot be used as written; nothing was started:\n${lines.join('\n')}` };
  }
  const user = loaded.settings;
  return { ok: true, value: { file: loaded.found ? loaded.file : null, userBlock: user.orkeonCode, gate: user.gate.enabled, user } };
}

/** The settings as the launcher resolves them once trust said yes (also `exec`'s, so both refuse and narrow alike). */
type SettingsInput = { settingsOption: string | null; env: Readonly<Record<string, string | undefined>>; cwd: string; project: string };

/**
 * The settings of a trusted project, with what the user must hear about them said: their notes and what the
 * project's file set without effect, or why they refuse the start (then its exit code).
 */
export async function resolveAndSayLaunchSettings(input: SettingsInput, say: (text: string) => void): Promise<{ ok: true; value: LaunchSettings } | { ok: false; exitCode: number }> {
  const settings = await resolveLaunchSettings(input);
  if (!settings.ok) {
    say(settings.message);
    return { ok: false, exitCode: settings.exitCode };
  }
  for (const note of settings.value.notes) say(note);
  for (const ignored of settings.value.ignored) say(`the project's .orkeon/config.json sets ${ignored}`);
  return settings;
}

async function resolveLaunchSettings(input: SettingsInput): Promise<{ ok: true; value: LaunchSettings } | Failed> {
  const loaded = await loadLaunchUserSettings(input);
  if (!loaded.ok) return loaded;
  const user = loaded.value;
  const notes: string[] = [];
  const ignored: string[] = [];
  let effective = user.user;
  const project = readProjectConfig(input.project);
  if (project.note !== null) notes.push(project.note);
  if (project.text !== null) {
    const { applyProjectSettings } = await import('../settings/index.js');
    const applied = applyProjectSettings(user.user, project.text);
    effective = applied.settings;
    for (const issue of applied.issues) notes.push(`the project's .orkeon/config.json: ${issue.message}; ${issue.fix}`);
    for (const i of applied.ignored) ignored.push(`${i.key} = ${i.value} without effect: ${i.why}`);
  }
  return {
    ok: true,
    value: {
      ...user,
      effective,
      fallback: effective.permissions.fallback,
      confinement: effective.shell.confinement.mode,
      image: effective.shell.confinement.image,
      network: effective.shell.confinement.network,
      envSettings: { sessionBus: effective.shell.environment.sessionBus, propagate: [...effective.shell.environment.propagate] },
      ignored,
      notes,
    },
  };
}

/** The project's .orkeon/config.json, read only now that trust said yes: a regular file of a sane size, or nothing. */
function readProjectConfig(project: string): { text: string | null; note: string | null } {
  const file = `${project}/.orkeon/config.json`;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return { text: null, note: code === 'ENOENT' || code === 'ENOTDIR' ? null : `the project's .orkeon/config.json cannot be examined (${code ?? 'error'}); it is ignored` };
  }
  if (!stat.isFile()) return { text: null, note: "the project's .orkeon/config.json is not a regular file; it is ignored" };
  if (stat.size > MAX_PROJECT_FILE_BYTES) return { text: null, note: `the project's .orkeon/config.json is larger than ${MAX_PROJECT_FILE_BYTES} bytes; it is ignored` };
  try {
    return { text: fs.readFileSync(file, 'utf8'), note: null };
  } catch (err) {
    return { text: null, note: `the project's .orkeon/config.json cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); it is ignored` };
  }
}
