// The seam between the launcher and the session: the launcher hands over one typed request once trust
// said yes and settings, exports and mounts are resolved; the session (a `-- command` run confined,
// orkeon-repl, or the embedded session) starts from it and answers with an exit code.
import type { Mode } from '../policy/types.js';
import type { SessionExports } from '../env/exports.js';

export type Confinement = 'auto' | 'bubblewrap' | 'docker' | 'none';
export const CONFINEMENTS: readonly Confinement[] = ['auto', 'bubblewrap', 'docker', 'none'];

/** How the folder came to be trusted for this session. */
export type TrustedVia = 'registry' | 'answer' | 'flag' | 'env' | 'demo';

/** What the launcher resolved, for the mounts stage (buildMountTable) and the backends. */
export interface SessionMountInputs {
  /** The project's real path: mounted at /workspace. */
  readonly project: string;
  /** The output folder's real path (created): mounted at /output. */
  readonly output: string;
  /** A private folder holding the user's `orkeonCode` block as a file: mounted read-only at /user-config. */
  readonly userConfig: string;
  /** `--mount` strings as the user wrote them (the mounts stage reads and resolves them). */
  readonly userMounts: readonly string[];
}

export interface SessionRequest {
  /** The project's real path (the trust stage resolved it; a symlink's target). */
  readonly project: string;
  readonly trustedVia: TrustedVia;
  /** `--demo`: the project is the fixture under $ORKEON_CODE_HOME/demo. */
  readonly demo: boolean;
  /**
   * The effective settings: the user's, with what the project's .orkeon/config.json may narrow applied
   * (never widened). Typed by the settings stage; `unknown` here so the seam does not depend on it.
   */
  readonly settings: unknown;
  /** The variables the launcher exports to the session (src/env/exports.ts). */
  readonly exports: SessionExports;
  /**
   * The launcher's own environment with the exports applied and the launcher-only variables removed
   * (ORKEON_CODE_TRUST never reaches a session). A confined command's environment is still built by
   * buildCommandEnv from this; the exports are added to it.
   */
  readonly env: Readonly<Record<string, string>>;
  readonly mounts: SessionMountInputs;
  /** `--mode`, else the settings' `permissions.fallback`, else `default`. */
  readonly mode: Mode;
  /** Where `mode` came from, for the line the session prints. */
  readonly modeSource: 'option' | 'settings' | 'default';
  /** `--confinement`, else `Orkeon:Tools:Shell:Confinement:Mode`, else `auto`. */
  readonly confinement: Confinement;
  /** `--network`: commands may use the network. */
  readonly network: boolean;
  /** The argv after `--` (the session is that command), or null (orkeon-repl, else the embedded session). */
  readonly command: readonly string[] | null;
}

export interface SessionOutcome {
  readonly exitCode: number;
  /** One line for the person, or null. */
  readonly message: string | null;
}

/** EX_SOFTWARE: the session part of orkeon-code is not there (a bug in this build, never a user's doing). */
export const SESSION_NOT_BUILT = { exitCode: 70, code: 'ORKEON_SESSION_NOT_BUILT' } as const;

/**
 * Starts the session. Until the session stage lands (the confined `-- command` runner, orkeon-repl, the
 * embedded session), it refuses with an internal-error code rather than pretend to start anything.
 */
export async function startSession(request: SessionRequest): Promise<SessionOutcome> {
  const what = request.command !== null ? `the command ${JSON.stringify(request.command.join(' '))}` : 'a session';
  return {
    exitCode: SESSION_NOT_BUILT.exitCode,
    message: `internal error (${SESSION_NOT_BUILT.code}): this build cannot start ${what} yet; nothing was run`,
  };
}
