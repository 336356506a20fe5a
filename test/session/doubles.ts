// Test doubles for the embedded session's two interfaces (Deno-style: the prompt behind an interface).
// The gate and the shell reader stay real: a test double stands in for the terminal and the sandbox
// only, which the pseudo-terminal tests (session-pty.test.ts, demo-pty.test.ts) run for real.
import type { LineResult, LineRun, LineRunner, SessionTerminal } from '../../src/session/embedded.js';

/** A terminal that types the given lines, in order, and keeps everything it was shown. */
export class ScriptedTerminal implements SessionTerminal {
  readonly interactive: boolean;
  transcript = '';
  readonly prompts: string[] = [];
  lent = 0;
  private readonly lines: string[];

  constructor(lines: readonly string[], options: { interactive?: boolean } = {}) {
    this.lines = [...lines];
    this.interactive = options.interactive ?? true;
  }

  readLine(prompt: string): Promise<string | null> {
    this.prompts.push(prompt);
    this.transcript += prompt;
    const line = this.lines.shift();
    if (line === undefined) return Promise.resolve(null);
    this.transcript += `${line}\n`;
    return Promise.resolve(line);
  }

  write(text: string): void {
    this.transcript += text;
  }

  async lend<T>(run: () => Promise<T>): Promise<T> {
    this.lent += 1;
    return run();
  }

  /** How many times the approval question was shown. */
  get questions(): number {
    return this.prompts.filter((p) => p.startsWith('approve ')).length;
  }

  /** Lines left untyped (the session ended before them). */
  get unread(): readonly string[] {
    return this.lines;
  }
}

/** A runner that records each run and answers with `answer` (exit 0 by default). */
export class RecordingRunner implements LineRunner {
  readonly runs: LineRun[] = [];

  constructor(private readonly answer: (run: LineRun) => Partial<LineResult> = () => ({})) {}

  run(run: LineRun): Promise<LineResult> {
    this.runs.push(run);
    return Promise.resolve({ exitCode: 0, signal: null, started: true, stdout: '', notes: [], ...this.answer(run) });
  }

  /** The argv of each run, joined by spaces (bash -c runs show their script). */
  get commands(): string[] {
    return this.runs.map((r) => r.argv.join(' '));
  }
}
