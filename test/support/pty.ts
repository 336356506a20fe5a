// A real pseudo-terminal for tests, through python3's pty module (node-pty has no Linux prebuilds here
// and its install script is blocked). The driver, pty-driver.py beside this file, runs the command with
// the terminal as its controlling terminal and fds 0-2; this side types into it and reads what it shows.
//
//   const term = spawnPty(['node', 'bin/orkeon-code.js', 'trust', 'check', dir], { env });
//   await term.waitFor('[y/N]');
//   term.sendLine('y');
//   const { code } = await term.exit();
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DRIVER = fileURLToPath(new URL('./pty-driver.py', import.meta.url));
const PYTHON = process.env.PYTHON ?? 'python3';

/** Whether a pseudo-terminal can be had here (python3 with its pty module). */
export const hasPty: boolean = (() => {
  const probe = spawnSync(PYTHON, ['-c', 'import pty, termios, fcntl'], { stdio: 'ignore' });
  return probe.status === 0;
})();

export interface PtyOptions {
  readonly cwd?: string;
  /** The command's whole environment (not merged with this process's). TERM defaults to `dumb`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly cols?: number;
  readonly rows?: number;
  /** The driver kills the command's process group after this long, whatever the test does. */
  readonly hardTimeoutMs?: number;
}

export interface PtyExit {
  /** The exit code, or null when a signal ended it. */
  readonly code: number | null;
  /** The signal number that ended it, or null. */
  readonly signal: number | null;
  /** Everything the terminal showed, cleaned (see `PtySession.text`). */
  readonly text: string;
}

export class PtyTimeoutError extends Error {
  constructor(what: string, readonly seen: string, readonly exited: boolean) {
    super(`${what}; the terminal showed${exited ? ' (and the command has exited)' : ''}:\n----\n${seen.slice(-3000)}\n----`);
    this.name = 'PtyTimeoutError';
  }
}

export class PtySession {
  private raw = '';
  private cursor = 0;
  private stderr = '';
  private exitInfo: { code: number | null; signal: number | null } | null = null;
  private readonly exited: Promise<void>;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.raw += chunk;
      this.notify();
    });
    child.stderr.on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((resolve) => {
      child.on('close', () => {
        const match = /PTY-EXIT (\{.*\})\s*$/.exec(this.stderr);
        const parsed = match ? (JSON.parse(match[1]!) as { code: number | null; signal: number | null }) : { code: null, signal: null };
        this.exitInfo = { code: parsed.code, signal: parsed.signal };
        this.notify();
        resolve();
      });
    });
  }

  /** What the terminal showed so far, as received (CR LF line ends, escape sequences kept). */
  get output(): string {
    return this.raw;
  }

  /** What the terminal showed so far, CR LF turned into LF, lone CRs and ANSI escape sequences removed. */
  text(): string {
    return cleanTerminalText(this.raw);
  }

  /** Whatever the driver said on its own standard error (start failures, timeouts). */
  get driverLog(): string {
    return this.stderr;
  }

  /**
   * Waits until the text after the previous match contains `pattern`; resolves with the text up to and
   * including the match, and moves past it. Rejects with what was seen after `timeoutMs`, or as soon as
   * the command is gone without showing it.
   */
  waitFor(pattern: string | RegExp, timeoutMs = 10_000): Promise<string> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const text = this.text();
        const rest = text.slice(this.cursor);
        let end = -1;
        if (typeof pattern === 'string') {
          const at = rest.indexOf(pattern);
          if (at >= 0) end = at + pattern.length;
        } else {
          const m = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(rest);
          if (m) end = m.index + m[0].length;
        }
        if (end >= 0) {
          this.cursor += end;
          finish();
          resolve(rest.slice(0, end));
          return true;
        }
        if (this.exitInfo !== null) {
          finish();
          reject(new PtyTimeoutError(`the command exited (code ${this.exitInfo.code}, signal ${this.exitInfo.signal}) without showing ${String(pattern)}`, this.seenSoFar(), true));
          return true;
        }
        return false;
      };
      const timer = setTimeout(() => {
        finish();
        reject(new PtyTimeoutError(`timed out after ${timeoutMs} ms waiting for ${String(pattern)}`, this.seenSoFar(), this.exitInfo !== null));
      }, timeoutMs);
      const listener = (): void => void check();
      const finish = (): void => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      this.listeners.add(listener);
      check();
    });
  }

  /** Everything shown, with a marker where the last match ended (what a failed wait searched is after it). */
  private seenSoFar(): string {
    const text = this.text();
    return `${text.slice(0, this.cursor)}→[searched from here]←${text.slice(this.cursor)}`;
  }

  /** Types `data` as is. */
  write(data: string): void {
    this.child.stdin.write(data);
  }

  /** Types a line and Enter (a carriage return, as a keyboard sends it). */
  sendLine(line: string): void {
    this.write(`${line}\r`);
  }

  /** Ctrl-D: end of input for a reader in the terminal's line mode (at the start of a line). */
  sendEof(): void {
    this.write('\x04');
  }

  /** Ctrl-C. */
  sendInterrupt(): void {
    this.write('\x03');
  }

  /** Waits for the command to be gone; rejects with what was seen after `timeoutMs` (and kills it). */
  async exit(timeoutMs = 15_000): Promise<PtyExit> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    const result = await Promise.race([this.exited.then(() => 'done' as const), timedOut]);
    clearTimeout(timer);
    if (result === 'timeout') {
      this.kill();
      throw new PtyTimeoutError(`the command did not exit within ${timeoutMs} ms`, this.text(), false);
    }
    return { code: this.exitInfo!.code, signal: this.exitInfo!.signal, text: this.text() };
  }

  /** Kills the command's process group (through the driver). */
  kill(): void {
    if (this.exitInfo === null) this.child.kill('SIGTERM');
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** Runs `argv` in a fresh pseudo-terminal. */
export function spawnPty(argv: readonly string[], options: PtyOptions = {}): PtySession {
  if (argv.length === 0) throw new Error('spawnPty: no command');
  const driverArgs = [
    DRIVER,
    '--cols', String(options.cols ?? 120),
    '--rows', String(options.rows ?? 40),
    '--timeout', String((options.hardTimeoutMs ?? 120_000) / 1000),
    '--',
    ...argv,
  ];
  const env = options.env ?? process.env;
  const child = spawn(PYTHON, driverArgs, {
    cwd: options.cwd,
    env: { TERM: 'dumb', ...definedOnly(env) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new PtySession(child);
}

export function cleanTerminalText(raw: string): string {
  return raw
    .replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '') // CSI sequences
    .replace(/\x1b\][^\x07\x1b]*(\x07|\x1b\\)/g, '') // OSC sequences
    .replace(/\x1b[@-Z\\-_]/g, '')
    .replace(/\r+\n/g, '\n')
    .replace(/\r/g, '');
}

function definedOnly(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
