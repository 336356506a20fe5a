// The confinement stage's contract: one typed plan, which each backend turns into an argv; the runner
// (the I/O edge) spawns that argv and reports how the command ended. The plan decides nothing about
// whether a command may run: the gate did that before a plan is built.

export type Backend = 'bubblewrap' | 'docker' | 'none';
export type ConfinementMode = 'auto' | Backend;
export const CONFINEMENT_MODES: readonly ConfinementMode[] = ['auto', 'bubblewrap', 'docker', 'none'];

/** Why a bind is there: the session's mounts, and what the backends add to keep the host safe. */
export type BindPurpose =
  | 'workspace'
  | 'output'
  | 'user-config'
  | 'user'
  /** A folder on the way to a protected path, bound onto itself so it cannot be renamed and replaced. */
  | 'pin'
  /** A path a command must not change (the project's git hooks and config, orkeon-code's own files). */
  | 'protect'
  /** A host socket made reachable (ssh agent, session bus). */
  | 'socket';

export type PlanMount =
  | {
      readonly kind: 'bind';
      readonly purpose: BindPurpose;
      readonly physical: string;
      readonly virtual: string;
      readonly writable: boolean;
    }
  | {
      readonly kind: 'tmpfs';
      readonly purpose: 'tmp' | 'home' | 'runtime';
      readonly virtual: string;
      /** Permission bits of the folder (0o1777 for /tmp, 0o700 for the home). */
      readonly mode: number;
    };

/** Who the command runs as. */
export interface SandboxIdentity {
  readonly uid: number;
  readonly gid: number;
  readonly user: string;
}

/** Host files holding the sandbox's own /etc/passwd and /etc/group (no host account is listed in them). */
export interface SandboxEtc {
  readonly passwd: string;
  readonly group: string;
}

export interface SandboxPlan {
  readonly backend: Backend;
  /** Shallowest first; a backend mounts them in this order, so a deeper mount wins for its subtree. */
  readonly mounts: readonly PlanMount[];
  /** The command's whole environment (built by buildCommandEnv, never the host's). */
  readonly env: Readonly<Record<string, string>>;
  /** The working directory the command sees (virtual). */
  readonly cwd: string;
  /** The same folder on the host (the `none` backend runs there). */
  readonly hostCwd: string;
  /** Whether the command may use the network (the host's network namespace). */
  readonly network: boolean;
  /** The program and its arguments, never a shell-joined string. */
  readonly command: readonly string[];
  readonly identity: SandboxIdentity;
  /** bubblewrap: the sandbox's passwd and group files, or null to leave /etc/passwd out. */
  readonly etc: SandboxEtc | null;
}

/** What a backend turned a plan into: one argv to spawn, its environment and working directory. */
export interface Invocation {
  readonly backend: Backend;
  /** argv[0] is the program (an absolute path for bwrap and docker). Never joined into a shell string. */
  readonly argv: readonly string[];
  /**
   * bubblewrap: how many entries after argv[0] the runner hands over through `--args FD` rather than
   * the command line, so that neither the host's process list nor the sandbox's /proc/1/cmdline shows
   * the environment's values or the host paths. 0 for the other backends.
   */
  readonly fdArgs: number;
  /** The environment of the spawned program (bwrap's is empty; docker's CLI reads `-e NAME` values from it). */
  readonly env: Readonly<Record<string, string>>;
  /** The spawned program's working directory on the host. */
  readonly cwd: string;
  /** docker: the container's name, so a runner can remove a container its CLI left behind. */
  readonly container: string | null;
}

export interface SandboxError {
  readonly code: 'mount' | 'backend' | 'plan' | 'setup';
  /** One line a user can act on. */
  readonly message: string;
}

/**
 * Exit codes of a run that could not be set up, by its SandboxError (sysexits): a bad --mount/--output
 * or plan (EX_USAGE), a missing backend (EX_UNAVAILABLE), a broken environment (EX_SOFTWARE).
 */
export const SETUP_EXIT: Readonly<Record<SandboxError['code'], number>> = { mount: 64, plan: 64, backend: 69, setup: 70 };

export type SandboxResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SandboxError };
