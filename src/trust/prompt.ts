// The trust question on the real terminal. The answer is read from fd 0 one byte at a time in the
// terminal's own line mode (no raw mode): Ctrl-C is the terminal's interrupt, Ctrl-D at the start of a
// line is end of input, and nothing typed after the answer's newline is consumed, so what the person
// types next is left for the session.
import fs from 'node:fs';
import tty from 'node:tty';
import type { TrustPrompt } from './types.js';

export interface TerminalFds {
  readonly input: number;
  readonly output: number;
}

export function terminalTrustPrompt(fds: TerminalFds = { input: 0, output: 1 }): TrustPrompt {
  return {
    // tty.isatty, not process.stdin.isTTY: touching process.stdin would open a stream on fd 0 (and may
    // make it non-blocking) before the session gets the terminal.
    interactive: tty.isatty(fds.input) && tty.isatty(fds.output),
    ask(question: string): Promise<string | null> {
      fs.writeSync(fds.output, question);
      return Promise.resolve(readLineSync(fds.input));
    },
  };
}

/** One line from `fd` without its newline; null at end of input before any character. */
export function readLineSync(fd: number): string | null {
  const bytes: number[] = [];
  const one = Buffer.alloc(1);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(fd, one, 0, 1, null);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN' || code === 'EWOULDBLOCK') {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      if (code === 'EIO' || code === 'EBADF') break; // the terminal went away: end of input
      throw err;
    }
    if (n === 0) break;
    if (one[0] === 0x0a) return decode(bytes);
    bytes.push(one[0]!);
  }
  return bytes.length === 0 ? null : decode(bytes);
}

function decode(bytes: number[]): string {
  return Buffer.from(bytes).toString('utf8').replace(/\r$/, '');
}
