// The session's edge to the confinement: every program a session runs (the `-- command`, orkeon-repl, each
// line of the embedded session, each step of a crew) runs through openSandbox with the launcher's mounts,
// environment and exports, the project at /workspace. A fresh sandbox for each run; what it leaves in
// the project's git folder is reported.
import { openSandbox, runInvocation, type OpenSandboxInput, type OpenedSandbox, type RunResult, type SandboxResult } from '../sandbox/index.js';
import { SETUP_EXIT, type Backend } from '../sandbox/types.js';
import type { MountTable } from '../mounts/types.js';
import type { CommandEnvSettings } from '../env/command-env.js';
import type { SessionRequest } from './start.js';

export interface ConfinedRunOptions {
  /** The virtual working folder (default /workspace). */
  readonly workdir?: string;
  readonly stdin: 'inherit' | 'ignore' | { readonly text: string };
  /** Collect standard output and error (each chunk is still handed to onStdout/onStderr as it comes). */
  readonly capture?: boolean;
  readonly onStdout?: (chunk: Buffer) => void;
  readonly onStderr?: (chunk: Buffer) => void;
  /** docker: allocate a terminal. */
  readonly tty?: boolean;
  /** More `physical:virtual[:ro|rw]` mounts for this run only (orkeon-repl's folder). */
  readonly extraMounts?: readonly string[];
  /** Ends the command (SIGTERM, then SIGKILL) after this many seconds. */
  readonly timeoutSeconds?: number;
}

export type ConfinedOutcome =
  | {
      readonly ok: true;
      readonly backend: Backend;
      readonly result: RunResult;
      /** The backend's warnings (an unconfined fallback, what git cannot be kept from), one line each. */
      readonly warnings: readonly string[];
      /** Git files the command left that git outside the sandbox would read or run (virtual paths). */
      readonly planted: readonly string[];
      readonly timedOut: boolean;
      /** The run's mounts (to read a host path `none` printed back as the virtual path it is). */
      readonly table: MountTable;
    }
  | { readonly ok: false; readonly exitCode: number; readonly message: string };

/** The names a confined command receives from `env` besides its built base: the settings' and the exports'. */
export function sessionEnvSettings(request: Pick<SessionRequest, 'envSettings' | 'exports'>): CommandEnvSettings {
  const names = [...request.envSettings.propagate];
  for (const { name } of request.exports.set) if (!names.includes(name)) names.push(name);
  return { sessionBus: request.envSettings.sessionBus, propagate: names };
}

/** openSandbox's input for one program of the session. */
export function sandboxInput(request: SessionRequest, command: readonly string[], options: { workdir?: string; tty?: boolean; extraMounts?: readonly string[] } = {}): OpenSandboxInput {
  return {
    mode: request.confinement,
    project: request.project,
    orkeonHome: request.orkeonHome,
    cwd: request.cwd,
    output: request.mounts.output,
    mounts: [...request.mounts.userMounts, ...(options.extraMounts ?? [])],
    userConfig: request.mounts.userConfig,
    hostEnv: request.env,
    envSettings: sessionEnvSettings(request),
    network: request.network,
    command,
    image: request.image,
    protect: request.mounts.settingsFile === null ? [] : [request.mounts.settingsFile],
    tty: options.tty ?? false,
    ...(options.workdir !== undefined ? { workdir: options.workdir } : {}),
  };
}

/** Opens the session's sandbox for `command` without running it (the caller closes it). */
export function openSessionSandbox(request: SessionRequest, command: readonly string[], options: { workdir?: string; tty?: boolean; extraMounts?: readonly string[] } = {}): Promise<SandboxResult<OpenedSandbox>> {
  return openSandbox(sandboxInput(request, command, options));
}

/** Runs one program confined and reports how it ended. */
export async function runConfined(request: SessionRequest, command: readonly string[], options: ConfinedRunOptions): Promise<ConfinedOutcome> {
  const opened = await openSessionSandbox(request, command, options);
  if (!opened.ok) return { ok: false, exitCode: SETUP_EXIT[opened.error.code], message: opened.error.message };
  const sandbox = opened.value;
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  try {
    const capture = options.capture === true ? 'pipe' : 'inherit';
    const result = await runInvocation(sandbox.invocation, {
      stdin: options.stdin,
      stdout: capture,
      stderr: capture,
      ...(options.onStdout ? { onStdout: options.onStdout } : {}),
      ...(options.onStderr ? { onStderr: options.onStderr } : {}),
      onStart: ({ pid, group }) => {
        if (options.timeoutSeconds === undefined) return;
        timer = setTimeout(() => {
          timedOut = true;
          endGroup(group ?? pid, 'SIGTERM');
          setTimeout(() => endGroup(group ?? pid, 'SIGKILL'), 2000).unref();
        }, options.timeoutSeconds * 1000);
      },
    });
    return { ok: true, backend: sandbox.plan.backend, result, warnings: sandbox.warnings, planted: sandbox.planted(), timedOut, table: sandbox.table };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    sandbox.close();
  }
}

function endGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
  }
}
