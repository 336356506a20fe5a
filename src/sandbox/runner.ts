// The I/O edge of the confinement stage: spawns an Invocation's argv (never a shell string), streams its
// output, forwards SIGINT/SIGTERM/SIGHUP to the command, and returns how the command ended (its exit
// status, 128+n when signal n killed it). It leaves no process behind: bubblewrap's pid namespace dies
// with the command, docker's container is removed, and `none` kills what is left of the command's
// process group. The runner decides nothing: what it is handed already passed the gate.
import { spawn, execFile, type ChildProcess, type StdioOptions } from 'node:child_process';
import os from 'node:os';
import type { Readable, Writable } from 'node:stream';
import type { Invocation } from './types.js';

export interface RunOptions {
  /** `inherit` (default), `ignore` (/dev/null), or a string fed to the command's standard input. */
  readonly stdin?: 'inherit' | 'ignore' | { readonly text: string };
  /** `inherit` (default) or `pipe` (collected into the result, and streamed to onStdout). */
  readonly stdout?: 'inherit' | 'pipe';
  readonly stderr?: 'inherit' | 'pipe';
  readonly onStdout?: (chunk: Buffer) => void;
  readonly onStderr?: (chunk: Buffer) => void;
  /** Signals received by this process that are passed on to the command. */
  readonly forwardSignals?: readonly NodeJS.Signals[];
  /** Called once the command runs, with the host pid of the process group that receives forwarded signals. */
  readonly onStart?: (info: { readonly pid: number; readonly group: number | null }) => void;
}

export interface RunResult {
  /** The command's exit status; 128+n when signal n ended it (as a shell reports it). */
  readonly exitCode: number;
  /** The signal that ended the command, when one did. */
  readonly signal: NodeJS.Signals | null;
  /**
   * Whether the command itself ran: false when the program could not be spawned (`none`: exit 127), when
   * bwrap could not set the sandbox up or execute the program (no exit status reported: exit 127, bwrap
   * says why on standard error), or when docker failed before the command (exit 125, docker's own).
   */
  readonly started: boolean;
  readonly stdout: string;
  readonly stderr: string;
  /** Why it did not start, one line, when it did not. */
  readonly error: string | null;
}

export const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

export function runInvocation(invocation: Invocation, options: RunOptions = {}): Promise<RunResult> {
  const bubblewrap = invocation.backend === 'bubblewrap' && invocation.fdArgs > 0;
  const program = invocation.argv[0];
  if (program === undefined) return Promise.resolve(notStarted(127, 'there is no program to run'));
  const args = bubblewrap
    ? ['--args', '3', '--json-status-fd', '4', ...invocation.argv.slice(1 + invocation.fdArgs)]
    : invocation.argv.slice(1);

  const stdinMode = options.stdin ?? 'inherit';
  const stdio: StdioOptions = [
    typeof stdinMode === 'object' ? 'pipe' : stdinMode,
    options.stdout ?? 'inherit',
    options.stderr ?? 'inherit',
    ...(bubblewrap ? (['pipe', 'pipe'] as const) : []),
  ];

  return new Promise<RunResult>((resolve) => {
    let child: ChildProcess;
    try {
      // detached: the command gets its own process group, so a terminal's Ctrl-C reaches this process
      // alone and is forwarded once, and `none` can kill what the command left in its group.
      child = spawn(program, args, { stdio, env: { ...invocation.env }, cwd: invocation.cwd, detached: true, windowsHide: true });
    } catch (err) {
      resolve(notStarted(127, `${program}: ${(err as Error).message}`));
      return;
    }
    const out: Buffer[] = [];
    const errOut: Buffer[] = [];
    collect(child.stdout, out, options.onStdout);
    collect(child.stderr, errOut, options.onStderr);
    if (typeof stdinMode === 'object') child.stdin?.end(stdinMode.text);

    let group: number | null = invocation.backend === 'none' && child.pid !== undefined ? child.pid : null;
    let statusExit: number | null = null;
    let forwarded = false;

    if (bubblewrap) {
      const argsFd = child.stdio[3] as Writable | null;
      argsFd?.end(Buffer.from(invocation.argv.slice(1, 1 + invocation.fdArgs).map((a) => a + '\0').join('')));
      readStatus(child.stdio[4] as Readable | null, (doc) => {
        if (typeof doc['child-pid'] === 'number') {
          // bwrap's init in the new pid namespace leads the sandbox's session and process group.
          group = doc['child-pid'];
          options.onStart?.({ pid: child.pid ?? -1, group });
        }
        if (typeof doc['exit-code'] === 'number') statusExit = doc['exit-code'];
      });
    } else if (child.pid !== undefined) {
      options.onStart?.({ pid: child.pid, group });
    }

    const forward = (signal: NodeJS.Signals): void => {
      forwarded = true;
      try {
        if (group !== null) process.kill(-group, signal);
        else if (child.pid !== undefined) process.kill(child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const signals = options.forwardSignals ?? FORWARDED_SIGNALS;
    for (const s of signals) process.on(s, forward);
    const stopForwarding = (): void => {
      for (const s of signals) process.off(s, forward);
    };

    let spawnError: string | null = null;
    child.on('error', (err) => {
      spawnError = `${program}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'not found' : err.message}`;
    });

    child.on('exit', () => {
      // The command is done; whatever it started in its group goes with it (none: a background job
      // would otherwise outlive it and hold its output open).
      if (invocation.backend === 'none' && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Nothing left.
        }
      }
    });

    child.on('close', (code, signal) => {
      stopForwarding();
      const finish = (): void => {
        const stdout = Buffer.concat(out).toString('utf8');
        const stderr = Buffer.concat(errOut).toString('utf8');
        if (spawnError !== null) {
          resolve({ exitCode: 127, signal: null, started: false, stdout, stderr, error: spawnError });
          return;
        }
        // bwrap reports the command's exit status once the command ran; without it bwrap itself failed
        // (a mount it could not make, a program it could not execute) and said why on standard error.
        const bwrapFailed = bubblewrap && statusExit === null && signal === null;
        const exitCode = bwrapFailed ? 127 : (statusExit ?? (signal !== null ? 128 + (os.constants.signals[signal] ?? 0) : (code ?? 1)));
        const endedBy = exitCode > 128 ? signalName(exitCode - 128) : null;
        const started = !bwrapFailed && !(invocation.backend === 'docker' && exitCode === 125 && !forwarded);
        resolve({
          exitCode,
          signal: endedBy,
          started,
          stdout,
          stderr,
          error: started ? null : bwrapFailed ? 'bubblewrap could not set the sandbox up or run the program (its message is above)' : `docker could not start the command (exit ${exitCode})`,
        });
      };
      if (invocation.backend === 'docker' && invocation.container !== null && (signal !== null || forwarded)) {
        removeContainer(program, invocation.container, invocation.env).then(finish, finish);
      } else {
        finish();
      }
    });
  });
}

function collect(stream: Readable | null, into: Buffer[], onChunk?: (chunk: Buffer) => void): void {
  stream?.on('data', (chunk: Buffer) => {
    into.push(chunk);
    onChunk?.(chunk);
  });
}

/** bwrap writes one JSON document a line to its status fd: the child's pid, then its exit code. */
function readStatus(stream: Readable | null, onDoc: (doc: Record<string, unknown>) => void): void {
  if (stream === null) return;
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (line === '') continue;
      try {
        onDoc(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not a status document: ignore it rather than guess.
      }
    }
  });
}

function removeContainer(docker: string, name: string, env: Readonly<Record<string, string>>): Promise<void> {
  return new Promise((resolve) => {
    execFile(docker, ['rm', '-f', name], { env: { ...env }, timeout: 20_000 }, () => resolve());
  });
}

function signalName(n: number): NodeJS.Signals | null {
  for (const [name, value] of Object.entries(os.constants.signals)) if (value === n) return name as NodeJS.Signals;
  return null;
}

function notStarted(exitCode: number, error: string): RunResult {
  return { exitCode, signal: null, started: false, stdout: '', stderr: '', error };
}
