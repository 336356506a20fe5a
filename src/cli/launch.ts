// The default action: `orkeon-code [folder] [options] [-- command…]`. The stages run in one direction:
// the folder's real path and trust (nothing of the folder is read, mounted or run before trust says yes),
// then the user's settings and the project's .orkeon/config.json (which can only narrow them), the
// exports, the mounts, and the session (src/session/start.ts). Also registers `exports`, which the
// launcher scripts call to learn the variables to export.
import type { Command } from 'commander';
import { UsageError } from './exit-codes.js';
import type { TrustPrompt } from '../trust/types.js';

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
    .option('--demo', 'prepare the demo project under $ORKEON_CODE_HOME/demo and start there')
    .option('--settings <file>', 'the user settings file (default: $ORKEON_CODE_HOME/settings.json)')
    .option('--mode <mode>', 'the session mode: plan, dontAsk, default, acceptEdits, bypassPermissions')
    .option('--confinement <mode>', 'auto, bubblewrap, docker or none')
    .option('--mount <physical:virtual[:ro|rw]>', 'mount a host path into the session (repeatable)', collect)
    .option('--output <dir>', 'the host folder mounted at /output')
    .option('--network', 'let the session\'s commands use the network')
    .option('--dry-run', 'resolve everything, print the session it would start as JSON, start nothing')
    .action(async function (this: Command) {
      const { commandArgv, folder } = splitOperands(this);
      const io: LaunchIo = {
        env: process.env,
        cwd: process.cwd(),
        prompt: (await import('../trust/index.js')).terminalTrustPrompt(),
        stdout: (t) => process.stdout.write(t),
        stderr: (t) => process.stderr.write(t),
      };
      process.exitCode = await launch(folder, commandArgv, this.opts<LaunchOptions>(), io);
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

function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
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
  const { CONFINEMENTS } = await import('../session/start.js');
  if (options.mode !== undefined && !(MODES as readonly string[]).includes(options.mode)) {
    throw new UsageError(`--mode ${options.mode} is not a mode; use one of ${MODES.join(', ')}`);
  }
  if (options.confinement !== undefined && !(CONFINEMENTS as readonly string[]).includes(options.confinement)) {
    throw new UsageError(`--confinement ${options.confinement} is not a backend; use one of ${CONFINEMENTS.join(', ')}`);
  }
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
  return startAfterTrust(outcome.realPath, outcome.via, command, options, io);
}

async function startAfterTrust(
  _project: string,
  _via: 'registry' | 'answer' | 'flag' | 'env' | 'demo',
  _command: readonly string[] | null,
  _options: LaunchOptions,
  io: LaunchIo,
): Promise<number> {
  // The settings stage (loadUserSettings, applyProjectSettings) is not in this build yet.
  io.stderr('orkeon-code: internal error (ORKEON_SETTINGS_NOT_BUILT): this build cannot read settings yet; nothing was started\n');
  return 70;
}

/** `exports`: the variables for the launcher scripts, in `sh` (eval) or `ps1`/`json` form. */
async function printExports(launcherArgs: readonly string[], format: string, env: Readonly<Record<string, string | undefined>>): Promise<number> {
  if (format !== 'sh' && format !== 'ps1' && format !== 'json') throw new UsageError(`--format ${format} is not a format; use sh, ps1 or json`);
  void launcherArgs;
  void env;
  process.stderr.write('orkeon-code: internal error (ORKEON_SETTINGS_NOT_BUILT): this build cannot read settings yet\n');
  return 70;
}
