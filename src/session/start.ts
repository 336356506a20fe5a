// The seam between the launcher and the session: the launcher hands over one typed request once trust
// said yes and the settings and exports are resolved; the session starts from it and answers with an
// exit code. With `-- command`, that command is the session, run confined. Without one: orkeon-repl when
// it is installed (repl.ts: ORKEON_REPL, else `orkeon-repl` on PATH), run confined the same way, else the
// embedded session (embedded.ts), a confined shell whose every line goes through the gate. `crew` runs a
// crew file's tool calls instead (crew.ts). Every program runs through confined.ts.
import tty from 'node:tty';
import type { Mode, Rule } from '../policy/types.js';
import type { SessionExports } from '../env/exports.js';
import type { CommandEnvSettings } from '../env/command-env.js';
import { SETUP_EXIT, type ConfinementMode } from '../sandbox/types.js';
import type { OpenedSandbox } from '../sandbox/index.js';
import { openSessionSandbox, runConfined } from './confined.js';
import { toVirtualPath } from '../mounts/map.js';
import type { CrewRequest } from './crew.js';
import type { LineRunner } from './embedded.js';

export { sessionEnvSettings } from './confined.js';

export type Confinement = ConfinementMode;

/** How the folder came to be trusted for this session. */
export type TrustedVia = 'registry' | 'answer' | 'flag' | 'env' | 'demo';

/** What the mounts stage needs, as the launcher resolved it (read and checked by openSandbox, after trust). */
export interface SessionMountInputs {
  /** `--output DIR` as given (relative to `cwd`), or null for `$ORKEON_CODE_HOME/output/<name>-<hash>`. */
  readonly output: string | null;
  /** `--mount physical:virtual[:ro|rw]` strings as given. */
  readonly userMounts: readonly string[];
  /** The user's own `orkeonCode` block (not the project's), handed read-only at /user-config/settings.json. */
  readonly userConfig: unknown;
  /** The user's settings file, kept unchangeable by a command when a mount would show it. */
  readonly settingsFile: string | null;
}

export interface SessionRequest {
  /** The project's real path (the trust stage resolved it; a symlink's target): /workspace. */
  readonly project: string;
  readonly trustedVia: TrustedVia;
  /** `--demo`: the project is the fixture under $ORKEON_CODE_HOME/demo. */
  readonly demo: boolean;
  /** `$ORKEON_CODE_HOME`. */
  readonly orkeonHome: string;
  /** Where relative `--mount`/`--output` values are read from. */
  readonly cwd: string;
  /**
   * The effective settings: the user's, with what the project's .orkeon/config.json may narrow applied
   * (never widened). Typed by the settings stage; `unknown` here so the seam does not depend on it.
   */
  readonly settings: unknown;
  /** The variables the launcher exports to the session (src/env/exports.ts). */
  readonly exports: SessionExports;
  /**
   * The launcher's environment with the exports applied and the launcher-only variables removed
   * (ORKEON_CODE_TRUST never reaches a session). A confined command's own environment is still built
   * from it by buildCommandEnv (a small base and the names Propagate lists), plus the exports.
   */
  readonly env: Readonly<Record<string, string>>;
  /** `Orkeon:Tools:Shell:Environment:SessionBus` and `…:Propagate`. */
  readonly envSettings: CommandEnvSettings;
  readonly mounts: SessionMountInputs;
  /** `--mode`, else the effective `permissions.fallback`, else `default`. */
  readonly mode: Mode;
  readonly modeSource: 'option' | 'settings' | 'default';
  /** `--confinement`, else `Orkeon:Tools:Shell:Confinement:Mode`, else `auto`. */
  readonly confinement: Confinement;
  /** `Orkeon:Tools:Shell:Confinement:Image` for docker, or null for the default image. */
  readonly image: string | null;
  /** `--network`: the session's commands may use the network. */
  readonly network: boolean;
  /** The argv after `--` (the session is that command), or null (orkeon-repl, else the embedded session). */
  readonly command: readonly string[] | null;
  /** `--dry-run`: resolve and print the session, start nothing. */
  readonly dryRun: boolean;
  /** `--stage` (and `--demo`): the five dev-stage rule sets in the gate of the embedded session and of a crew. */
  readonly stage?: boolean;
  /** `--rule` values, parsed: the session's first rules. The session's own: never written anywhere. */
  readonly rules?: readonly Rule[];
  /** `crew`: run this crew file's tool calls (no terminal: an ask is a refusal) instead of a session. */
  readonly crew?: CrewRequest | null;
}

export interface SessionOutcome {
  readonly exitCode: number;
  /** Lines for standard error (warnings, why it could not start), in order. */
  readonly messages: readonly string[];
  /** For `--dry-run`: what would start, as JSON, for standard output. */
  readonly plan?: unknown;
}

/** ORKEON_REPL names a program that is not there (as a shell says of a command it cannot find). */
export const REPL_MISSING_EXIT = 127;

export async function startSession(request: SessionRequest): Promise<SessionOutcome> {
  if (request.crew) {
    const { runCrew } = await import('./crew.js');
    return runCrew(request, request.crew, { stdout: (c) => process.stdout.write(c), stderr: (c) => process.stderr.write(c) });
  }
  if (request.command !== null) {
    const agents = await import('../agents/index.js');
    if (agents.isClaudeCodeCommand(request.command)) return agents.startClaudeCodeSession(request);
    return runProgramSession(request, { argv: request.command, mounts: [], what: 'the session' });
  }
  const { findRepl, replLaunch } = await import('./repl.js');
  const repl = findRepl(request.env);
  if (repl.kind === 'missing') return { exitCode: REPL_MISSING_EXIT, messages: [repl.message] };
  if (repl.kind === 'repl') return runProgramSession(request, { argv: [repl.path], mounts: [], what: 'orkeon-repl', relaunch: (backend) => replLaunch(repl.path, backend) });
  return startEmbeddedSession(request);
}

interface ProgramLaunch {
  readonly argv: readonly string[];
  readonly mounts: readonly string[];
  readonly what: string;
  /** The argv and mounts the program needs under a given backend (orkeon-repl: its folder mounted, outside `none`). */
  readonly relaunch?: (backend: 'bubblewrap' | 'docker' | 'none') => { argv: string[]; mounts: string[] };
}

/** A program as the session (`-- command`, orkeon-repl), confined, with the terminal handed to it. */
async function runProgramSession(request: SessionRequest, launch: ProgramLaunch): Promise<SessionOutcome> {
  const { runInvocation } = await import('../sandbox/index.js');
  const interactive = tty.isatty(0) && tty.isatty(1);
  // A backend asked for by name is the one the sandbox opens with (or it is refused); auto is bubblewrap unless it falls back.
  const expected = request.confinement === 'auto' ? 'bubblewrap' : request.confinement;
  let chosen = launch.relaunch ? launch.relaunch(expected) : { argv: [...launch.argv], mounts: [...launch.mounts] };
  let opened = await openSessionSandbox(request, chosen.argv, { tty: interactive, extraMounts: chosen.mounts });
  if (opened.ok && launch.relaunch && opened.value.plan.backend !== expected) {
    // The backend is known once the sandbox is open; a program that needs another launch there is opened again.
    const again = launch.relaunch(opened.value.plan.backend);
    if (again.argv.join('\0') !== chosen.argv.join('\0') || again.mounts.join('\0') !== chosen.mounts.join('\0')) {
      opened.value.close();
      chosen = again;
      opened = await openSessionSandbox(request, chosen.argv, { tty: interactive, extraMounts: chosen.mounts });
    }
  }
  if (!opened.ok) return { exitCode: SETUP_EXIT[opened.error.code], messages: [opened.error.message] };
  const sandbox = opened.value;
  const messages = [...sandbox.warnings];
  try {
    if (request.dryRun) return { exitCode: 0, messages, plan: dryRunPlan(request, sandbox, launch.what === 'the session' ? 'command' : 'orkeon-repl') };
    const result = await runInvocation(sandbox.invocation, { stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
    if (!result.started && result.error !== null) messages.push(`${launch.what} could not start: ${result.error}`);
    const planted = sandbox.planted();
    if (planted.length > 0) {
      messages.push(`the session left git files that git outside the sandbox would run or read; look at them before you use git here: ${planted.join(', ')}`);
    }
    return { exitCode: result.exitCode, messages };
  } finally {
    sandbox.close();
  }
}

function dryRunPlan(request: SessionRequest, sandbox: OpenedSandbox, session: 'command' | 'orkeon-repl' | 'embedded'): unknown {
  return {
    project: request.project,
    trustedVia: request.trustedVia,
    session,
    mode: request.mode,
    modeSource: request.modeSource,
    stage: request.stage === true,
    rules: (request.rules ?? []).map((r) => r.text),
    backend: sandbox.plan.backend,
    network: sandbox.plan.network,
    command: session === 'embedded' ? null : sandbox.plan.command,
    cwd: sandbox.plan.cwd,
    mounts: sandbox.table.mounts,
    env: sandbox.plan.env,
    exports: request.exports,
    settings: request.settings,
  };
}

/**
 * The embedded session. The sandbox is opened once before the first prompt, so a bad mount or a missing
 * backend ends the start with its line rather than every line of the session; each line then runs in a
 * sandbox of its own.
 */
async function startEmbeddedSession(request: SessionRequest): Promise<SessionOutcome> {
  const opened = await openSessionSandbox(request, ['true']);
  if (!opened.ok) return { exitCode: SETUP_EXIT[opened.error.code], messages: [opened.error.message] };
  const backend = opened.value.plan.backend;
  const warnings = opened.value.warnings;
  if (request.dryRun) {
    try {
      return { exitCode: 0, messages: warnings, plan: dryRunPlan(request, opened.value, 'embedded') };
    } finally {
      opened.value.close();
    }
  }
  opened.value.close();
  for (const w of warnings) process.stderr.write(`orkeon-code: ${w}\n`);

  const [shell, { SessionGate, gateSettingsOf, gateModeSource }, { runEmbeddedSession }, { processTerminal }] = await Promise.all([
    import('../shell/index.js'),
    import('./gate.js'),
    import('./embedded.js'),
    import('./terminal.js'),
  ]);
  await shell.initShellReader();
  const terminal = processTerminal();
  try {
    const stage = request.stage === true;
    // The session puts its rules (the --rule values first) in the gate itself.
    const gate = new SessionGate({ settings: gateSettingsOf(request.settings), stage, userMounts: request.mounts.userMounts, terminal: terminal.interactive, readShell: shell.readShellCommand });
    const banner = [
      `orkeon-code: embedded session in /workspace (${backend === 'none' ? 'NOT confined: --confinement none' : `confined by ${backend}`}), mode ${request.mode}${stage ? '; the dev-stage rule sets are in the gate' : ''}.`,
      'Each line is a shell command for the gate; /help lists the session commands; /exit or Ctrl-D ends the session.',
    ];
    const exitCode = await runEmbeddedSession({
      terminal,
      runner: confinedLineRunner(request, terminal.interactive, new Set(warnings)),
      gate,
      readShell: shell.readShellCommand,
      mode: request.mode,
      modeSource: gateModeSource(request.modeSource),
      rules: request.rules ?? [],
      banner,
    });
    return { exitCode, messages: [] };
  } finally {
    terminal.close();
  }
}

/** Each line in a sandbox of its own; its output streams to the terminal (or is collected, for cd). */
function confinedLineRunner(request: SessionRequest, interactive: boolean, seen: Set<string>): LineRunner {
  return {
    async run({ argv, workdir, capture }) {
      const out = await runConfined(request, argv, {
        workdir,
        stdin: interactive ? 'inherit' : 'ignore',
        capture,
        tty: interactive && !capture,
        ...(capture ? { onStderr: (c: Buffer) => process.stderr.write(c) } : {}),
      });
      if (!out.ok) return { exitCode: out.exitCode, signal: null, started: false, stdout: '', notes: [out.message] };
      const notes: string[] = [];
      for (const w of out.warnings) if (!seen.has(w)) (seen.add(w), notes.push(w));
      const r = out.result;
      if (!r.started && r.error !== null) notes.push(`could not run: ${r.error}`);
      if (out.planted.length > 0) notes.push(`this line left git files that git outside the sandbox would read or run; look at them before you use git here: ${out.planted.join(', ')}`);
      // Collected output is a folder read back (cd); `none` runs on the host and prints host paths.
      const stdout = capture && out.backend === 'none' ? r.stdout.replace(/^\/.*$/gm, (p) => toVirtualPath(out.table, p) ?? p) : r.stdout;
      return { exitCode: r.exitCode, signal: r.signal, started: r.started, stdout, notes };
    },
  };
}
