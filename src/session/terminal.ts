// The embedded session's real terminal: node's readline on standard input (line editing and history at a
// terminal; plain lines from a pipe). While a command runs, the session lends it the terminal: readline
// stops reading and the terminal goes back to line mode, so the command reads what is typed and Ctrl-C
// reaches the session's process group, whose handler the runner forwards to the command. At the prompt,
// Ctrl-C clears the line, as a shell does; Ctrl-D on an empty line ends the session.
import readline from 'node:readline';
import tty from 'node:tty';
import type { SessionTerminal } from './embedded.js';

export interface ProcessTerminal extends SessionTerminal {
  /** Gives standard input back (the process can then end). */
  close(): void;
}

export function processTerminal(): ProcessTerminal {
  const isTty = tty.isatty(0) && tty.isatty(1);
  const input = process.stdin;
  const rl = readline.createInterface({ input, output: process.stdout, terminal: isTty, historySize: isTty ? 500 : 0 });
  const queued: string[] = [];
  let waiting: ((line: string | null) => void) | null = null;
  let closed = false;
  rl.on('line', (line) => {
    if (waiting !== null) {
      const w = waiting;
      waiting = null;
      w(line);
    } else queued.push(line);
  });
  rl.on('close', () => {
    closed = true;
    if (waiting !== null) {
      const w = waiting;
      waiting = null;
      w(null);
    }
  });
  rl.on('SIGINT', () => {
    // At the prompt (raw mode), Ctrl-C drops what was typed and shows the prompt again, as a shell does.
    const edited = rl as unknown as { line: string; cursor: number };
    edited.line = '';
    edited.cursor = 0;
    process.stdout.write('^C\n');
    rl.prompt();
  });
  // A Ctrl-C that arrives while the terminal is lent (line mode, the runner forwarding it) or between two
  // commands must never end the session.
  const keepSession = (): void => {};
  process.on('SIGINT', keepSession);

  return {
    interactive: isTty,
    readLine(prompt: string, purpose: 'command' | 'answer' = 'command'): Promise<string | null> {
      rl.setPrompt(prompt);
      const forget = (line: string): void => {
        const history = (rl as unknown as { history?: string[] }).history;
        if (purpose === 'answer' && history !== undefined && history[0] === line) history.shift();
      };
      // A line typed ahead (while a command ran) is shown after its prompt, as is every line read from a
      // pipe, which nothing echoes: the transcript reads like the session.
      if (queued.length > 0) {
        const next = queued.shift()!;
        forget(next);
        process.stdout.write(`${prompt}${next}\n`);
        return Promise.resolve(next);
      }
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => {
        waiting = (line) => {
          if (line !== null) forget(line);
          if (!isTty && line !== null) process.stdout.write(`${line}\n`);
          resolve(line);
        };
        rl.prompt();
      });
    },
    write(text: string): void {
      process.stdout.write(text);
    },
    async lend<T>(run: () => Promise<T>): Promise<T> {
      rl.pause();
      const raw = isTty && (input as tty.ReadStream).isRaw;
      if (raw) (input as tty.ReadStream).setRawMode(false);
      try {
        return await run();
      } finally {
        if (raw) (input as tty.ReadStream).setRawMode(true);
        if (!closed) rl.resume();
      }
    },
    close(): void {
      process.off('SIGINT', keepSession);
      rl.close();
      input.pause();
      if (typeof (input as { unref?: () => void }).unref === 'function') (input as { unref: () => void }).unref();
    },
  };
}
