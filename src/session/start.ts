// The seam between the launcher and the session: the launcher hands over one typed request once trust
// said yes and the settings and exports are resolved; the session starts from it and answers with an
// exit code. With `-- command`, that command is the session, run confined through the sandbox stage's
// session edge (openSandbox + runInvocation). Without one (orkeon-repl, the embedded session) this build
// refuses with an internal-error code rather than pretend to start anything.
import tty from 'node:tty';
import type { Mode } from '../policy/types.js';
import type { SessionExports } from '../env/exports.js';
import type { CommandEnvSettings } from '../env/command-env.js';
import type { ConfinementMode } from '../sandbox/types.js';

export type Confinement = ConfinementMode;
export const CONFINEMENTS: readonly Confinement[] = ['auto', 'bubblewrap', 'docker', 'none'];

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
}

export interface SessionOutcome {
  readonly exitCode: number;
  /** Lines for standard error (warnings, why it could not start), in order. */
  readonly messages: readonly string[];
  /** For `--dry-run`: what would start, as JSON, for standard output. */
  readonly plan?: unknown;
}

/** EX_SOFTWARE: that part of the session is not in this build (a bug to report, never a user's doing). */
export const SESSION_NOT_BUILT = { exitCode: 70, code: 'ORKEON_SESSION_NOT_BUILT' } as const;

/** Exit codes of a session that could not start (sysexits): a bad --mount/--output, a missing backend, a broken environment. */
export const SESSION_SETUP_EXIT = { mount: 64, plan: 64, backend: 69, setup: 70 } as const;

export async function startSession(request: SessionRequest): Promise<SessionOutcome> {
  if (request.command === null) {
    return {
      exitCode: SESSION_NOT_BUILT.exitCode,
      messages: [`internal error (${SESSION_NOT_BUILT.code}): this build cannot start orkeon-repl or the embedded session yet; run a command as the session with -- <command>`],
    };
  }
  return runCommandSession(request, request.command);
}

/** The names a confined command receives from `env` besides its built base: the settings' and the exports'. */
export function sessionEnvSettings(request: Pick<SessionRequest, 'envSettings' | 'exports'>): CommandEnvSettings {
  const names = [...request.envSettings.propagate];
  for (const { name } of request.exports.set) if (!names.includes(name)) names.push(name);
  return { sessionBus: request.envSettings.sessionBus, propagate: names };
}

async function runCommandSession(request: SessionRequest, command: readonly string[]): Promise<SessionOutcome> {
  const { openSandbox, runInvocation } = await import('../sandbox/index.js');
  const interactive = tty.isatty(0) && tty.isatty(1);
  const opened = await openSandbox({
    mode: request.confinement,
    project: request.project,
    orkeonHome: request.orkeonHome,
    cwd: request.cwd,
    output: request.mounts.output,
    mounts: request.mounts.userMounts,
    userConfig: request.mounts.userConfig,
    hostEnv: request.env,
    envSettings: sessionEnvSettings(request),
    network: request.network,
    command,
    image: request.image,
    protect: request.mounts.settingsFile === null ? [] : [request.mounts.settingsFile],
    tty: interactive,
  });
  if (!opened.ok) return { exitCode: SESSION_SETUP_EXIT[opened.error.code], messages: [opened.error.message] };
  const sandbox = opened.value;
  const messages = sandbox.warnings.map((w) => w.replace(/^orkeon-code: /, ''));
  try {
    if (request.dryRun) {
      return {
        exitCode: 0,
        messages,
        plan: {
          project: request.project,
          trustedVia: request.trustedVia,
          mode: request.mode,
          modeSource: request.modeSource,
          backend: sandbox.plan.backend,
          network: sandbox.plan.network,
          command: sandbox.plan.command,
          cwd: sandbox.plan.cwd,
          mounts: sandbox.table.mounts,
          env: sandbox.plan.env,
          exports: request.exports,
          settings: request.settings,
        },
      };
    }
    const result = await runInvocation(sandbox.invocation, { stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
    if (!result.started && result.error !== null) messages.push(`the session could not start: ${result.error}`);
    const planted = sandbox.planted();
    if (planted.length > 0) {
      messages.push(`the session left git files that git outside the sandbox would run or read; look at them before you use git here: ${planted.join(', ')}`);
    }
    return { exitCode: result.exitCode, messages };
  } finally {
    sandbox.close();
  }
}
