// The embedded session: a confined shell where each line goes through the gate and, when it may run,
// runs in a fresh sandbox with the project at /workspace. The session's own commands (/mode, /plan,
// /permissions, /help, /exit), a `mode:` prefix for one line, and the seed's question when the gate asks.
// The terminal and the runner are interfaces (the real ones in terminal.ts and start.ts; tests hand in
// doubles for the session's logic and drive the real ones through a pseudo-terminal).
import { decide } from '../policy/decide.js';
import { splitModePrefix } from '../policy/modes.js';
import type { ShellReader } from '../policy/context.js';
import type { Decision, Mode, ModeSource, Rule } from '../policy/types.js';
import type { ShellReading } from '../shell/types.js';
import { approvalQuestion, nextMode, parseSessionCommand, readApproval, type SessionCommand } from './commands.js';
import { stageSetSizes, type SessionGate } from './gate.js';
import { lineArgv } from './line-argv.js';
import { addSessionRule, listLines, removeSessionRule, surfaceLines } from './permissions.js';
import { oneLine, reasonLines, refusalText } from './refusal.js';

/** The session's side of the terminal. The real one is terminal.ts; a test double scripts the lines. */
export interface SessionTerminal {
  /** Whether a person answers: without one, the gate's questions are refusals. */
  readonly interactive: boolean;
  /**
   * Shows `prompt` and resolves with the next line typed (no newline), or null at end of input. An
   * answer to a question is not a command to recall: a terminal keeps it out of its history.
   */
  readLine(prompt: string, purpose?: 'command' | 'answer'): Promise<string | null>;
  /** Shows the session's own text (a command's output does not pass here). */
  write(text: string): void;
  /** Lends the terminal to a running command until `run` settles (line mode; the session reads nothing). */
  lend<T>(run: () => Promise<T>): Promise<T>;
}

export interface LineRun {
  readonly argv: readonly string[];
  /** The virtual working folder. */
  readonly workdir: string;
  /** Collect standard output rather than show it (cd reads `pwd -P` back). */
  readonly capture: boolean;
}

export interface LineResult {
  /** The exit status (128+n for signal n); the setup failure's code when the sandbox could not be made. */
  readonly exitCode: number;
  readonly signal: string | null;
  /** Whether the program ran at all. */
  readonly started: boolean;
  readonly stdout: string;
  /** Lines for the person: why it could not start, the backend's warnings, git files left behind. */
  readonly notes: readonly string[];
}

/** Runs one line's argv confined. The real one opens a fresh sandbox each time. */
export interface LineRunner {
  run(run: LineRun): Promise<LineResult>;
}

export interface EmbeddedSessionInput {
  readonly terminal: SessionTerminal;
  readonly runner: LineRunner;
  readonly gate: SessionGate;
  readonly readShell: ShellReader;
  readonly mode: Mode;
  readonly modeSource: ModeSource;
  /** The session's first rules (`--rule`); the session's own, never saved. */
  readonly rules?: readonly Rule[];
  /** Lines shown before the first prompt. */
  readonly banner?: readonly string[];
}

/** Where a session starts, and where `cd` alone goes back to. */
export const HOME_FOLDER = '/workspace';

/** `orkeon /workspace (default)> `: the virtual folder and the mode, never a host path. */
export function promptText(cwd: string, mode: Mode): string {
  return `orkeon ${cwd} (${mode})> `;
}

export const HELP_TEXT = `Each line is a shell command, decided by the gate, then run confined in a fresh sandbox (the project is /workspace).
  <mode>: <command>      this line only in another mode, e.g. plan: git status, acceptEdits: npm test
  /mode [mode]           the session's mode; /mode alone steps default, acceptEdits, plan, bypassPermissions
                         (dontAsk only by name: /mode dontAsk)
  /plan                  plan on, or back to the mode before it
  /permissions           the mode, this session's rules and the rule sets in the gate
  /permissions add <rule>      allow|deny <tool> [<argument>=<pattern>], e.g. allow shell_command command=npm test*
  /permissions remove <rule>   the same rule as it was added
  /permissions list | clear    this session's rules (they last until the session ends and are never saved)
  /help, /exit (or Ctrl-D)
When the gate asks: [y] runs the line once, [s] runs it and every later shell command the mode would ask
about, without asking, until the session ends (not a rule: /permissions neither lists nor clears it), [n]
refuses. A line asked about for what it holds (e.g. a command name bash expands) is asked every time; a
deny is never asked about.
Each line starts in the folder the prompt shows. \`cd DIR\` alone on a line moves it (to a folder under
/workspace, /output or one of your mounts; \`cd\` alone goes back to /workspace); a cd inside a longer line
lasts for that line only. Ctrl-C stops the running command, not the session.
`;

type LineOutcome = 'continue' | 'exit';

export class EmbeddedSession {
  private mode: Mode;
  private modeSource: ModeSource;
  private modeBeforePlan: Mode | null = null;
  private rules: Rule[];
  /** Tools the person answered [s] for: asked no more until the session ends. Not rules. */
  private readonly approvedForSession = new Set<string>();
  private cwd = HOME_FOLDER;

  constructor(private readonly input: EmbeddedSessionInput) {
    this.mode = input.mode;
    this.modeSource = input.modeSource;
    this.rules = [...(input.rules ?? [])];
    input.gate.setRules(this.rules);
  }

  /** Runs until /exit or end of input; the session's exit status is 0. */
  async run(): Promise<number> {
    const t = this.input.terminal;
    for (const line of this.input.banner ?? []) t.write(`${line}\n`);
    for (const w of this.input.gate.warnings) t.write(`note: ${w}\n`);
    for (;;) {
      const line = await t.readLine(promptText(this.cwd, this.mode));
      if (line === null) {
        t.write('\n');
        return 0;
      }
      if ((await this.handle(line)) === 'exit') return 0;
    }
  }

  /** The session's state, for tests and /permissions. */
  get state(): { mode: Mode; modeSource: ModeSource; rules: readonly Rule[]; approvedForSession: readonly string[]; cwd: string } {
    return { mode: this.mode, modeSource: this.modeSource, rules: [...this.rules], approvedForSession: [...this.approvedForSession], cwd: this.cwd };
  }

  private write(line: string): void {
    this.input.terminal.write(`${line}\n`);
  }

  private async handle(raw: string): Promise<LineOutcome> {
    const line = raw.trim();
    if (line === '') return 'continue';
    const command = parseSessionCommand(line);
    if (command !== null) return this.sessionCommand(command);
    return this.shellLine(line);
  }

  private sessionCommand(c: SessionCommand): LineOutcome {
    switch (c.kind) {
      case 'exit':
        return 'exit';
      case 'help':
        this.input.terminal.write(HELP_TEXT);
        return 'continue';
      case 'error':
        this.write(c.message);
        return 'continue';
      case 'mode':
        this.setMode(c.mode ?? nextMode(this.mode));
        return 'continue';
      case 'plan':
        if (this.mode === 'plan') this.setMode(this.modeBeforePlan ?? 'default');
        else this.setMode('plan');
        return 'continue';
      case 'permissions':
        this.permissions(c);
        return 'continue';
    }
  }

  private setMode(mode: Mode): void {
    if (mode === 'plan' && this.mode !== 'plan') this.modeBeforePlan = this.mode;
    this.mode = mode;
    this.modeSource = 'session';
    const what: Readonly<Record<Mode, string>> = {
      plan: 'local reads only; the shell is refused',
      dontAsk: 'local reads only, nothing asked; the shell is refused',
      default: 'shell commands are asked about',
      acceptEdits: 'file edits run; shell commands are asked about',
      bypassPermissions: 'everything the rules do not refuse runs without asking',
    };
    this.write(`mode: ${mode} (${what[mode]})`);
  }

  private permissions(c: Extract<SessionCommand, { kind: 'permissions' }>): void {
    switch (c.action) {
      case 'show':
        for (const l of surfaceLines({
          mode: this.mode,
          modeSource: this.modeSource,
          rules: this.rules,
          stageSets: this.input.gate.stage ? stageSetSizes() : null,
          gateWarnings: this.input.gate.warnings,
          shell: this.input.gate.settings.shell,
          runtimeGate: this.input.gate.settings.runtimeGate,
        }))
          this.write(l);
        return;
      case 'list':
        for (const l of listLines(this.rules)) this.write(l);
        return;
      case 'clear': {
        const n = this.rules.length;
        this.setRules([]);
        this.write(n === 0 ? 'no rules to clear' : `cleared ${n} rule${n === 1 ? '' : 's'} of this session`);
        return;
      }
      case 'add':
      case 'remove': {
        const change = c.action === 'add' ? addSessionRule(this.rules, c.rule) : removeSessionRule(this.rules, c.rule);
        if (!change.ok) {
          this.write(change.message);
          return;
        }
        for (const l of change.lines) this.write(l);
        const before = new Set(this.input.gate.warnings);
        const warnings = this.setRules(change.rules);
        for (const w of warnings) if (!before.has(w)) this.write(`note: ${w}`);
        return;
      }
    }
  }

  private setRules(rules: Rule[]): readonly string[] {
    this.rules = rules;
    return this.input.gate.setRules(rules);
  }

  private async shellLine(line: string): Promise<LineOutcome> {
    const split = splitModePrefix(line);
    const source = split.rest.trim();
    if (source === '') {
      this.write(`nothing to run after '${split.mode}:'`);
      return 'continue';
    }
    // Decided again after a session command typed at the question (a rule added, the mode changed): the
    // question waits for the line as the session now stands.
    for (;;) {
      const ctx = split.mode !== null ? this.input.gate.context(split.mode, 'request-prefix', this.cwd) : this.input.gate.context(this.mode, this.modeSource, this.cwd);
      const decision = decide({ tool: 'shell_command', args: { command: source } }, ctx);
      if (decision.decision === 'deny') {
        this.input.terminal.write(refusalText(source, decision));
        return 'continue';
      }
      // An [s] answer spares the questions the mode asks. A line the gate asks about for what it holds (a
      // command name bash expands, a program-running variable, …) is asked every time: no mode runs it
      // unseen, bypassPermissions included, and an earlier answer did not see it either.
      const modeAsk = decision.reasons.every((r) => r.kind === 'mode');
      if (decision.decision === 'allow' || (modeAsk && this.approvedForSession.has('shell_command'))) break;
      const answer = await this.ask('shell_command', source, decision);
      if (answer === 'exit') return 'exit';
      if (answer === 'again') continue;
      if (answer === 'no') {
        this.write('not run: refused at the question');
        return 'continue';
      }
      if (answer === 'session') this.approvedForSession.add('shell_command');
      break;
    }
    const read = this.input.readShell(source);
    if (!read.ok) {
      // The gate read the same text; a reading that fails now is refused, never run.
      this.write(`refused: ${read.refusal.message}`);
      return 'continue';
    }
    const cd = cdTarget(read.reading);
    if (cd !== null) await this.changeFolder(cd);
    else await this.runLine(lineArgv(read.reading, source));
    return 'continue';
  }

  /**
   * The question, asked again whole after a line that is not an answer. A session command typed there runs,
   * and the line is decided again ('again').
   */
  private async ask(tool: string, source: string, decision: Decision): Promise<'once' | 'session' | 'no' | 'exit' | 'again'> {
    const t = this.input.terminal;
    const why = decision.reasons.some((r) => r.kind !== 'mode') ? reasonLines(decision) : '';
    for (;;) {
      t.write(`? ${tool} requires approval (mode ${decision.mode}): ${oneLine(source)}\n${why}`);
      const line = await t.readLine(approvalQuestion(tool), 'answer');
      if (line === null) {
        this.write('\nnot run: no answer (end of input)');
        return 'exit';
      }
      const answer = readApproval(line);
      if (answer !== null) return answer;
      const command = parseSessionCommand(line.trim());
      if (command !== null) {
        if (command.kind === 'exit') {
          this.write('not run: the session ends');
          return 'exit';
        }
        this.sessionCommand(command);
        return 'again';
      }
      this.write('answer y (once), s (for the session) or n (no)');
    }
  }

  private async runLine(argv: readonly string[]): Promise<LineResult> {
    const result = await this.input.terminal.lend(() => this.input.runner.run({ argv, workdir: this.cwd, capture: false }));
    this.report(result);
    return result;
  }

  private report(result: LineResult): void {
    for (const n of result.notes) this.write(n);
    // A command a signal ended (Ctrl-C) stopped mid-line: its status goes on a line of its own.
    if (result.started && result.exitCode !== 0) this.write(`${result.signal !== null ? '\n' : ''}[exit ${result.exitCode}${result.signal !== null ? `, ${result.signal}` : ''}]`);
    if (!result.started) this.write(`[not run: exit ${result.exitCode}]`);
  }

  /**
   * `cd DIR` alone on a line: bash itself resolves DIR in a sandbox and prints where it landed
   * (`pwd -P`); the session keeps that folder when it outlives a line (a mount, not the private /tmp).
   */
  private async changeFolder(target: string): Promise<void> {
    if (target === HOME_FOLDER) {
      // The project's root is always there (and `none` has no /workspace to cd to on the host).
      this.cwd = HOME_FOLDER;
      return;
    }
    const argv = ['bash', '-c', 'cd -- "$1" && pwd -P', 'cd', target];
    const result = await this.input.terminal.lend(() => this.input.runner.run({ argv, workdir: this.cwd, capture: true }));
    this.report(result);
    if (!result.started || result.exitCode !== 0) return;
    const landed = result.stdout.trim();
    if (!this.keeps(landed)) {
      this.write(`cd: ${landed || target} is not kept: a line starts under /workspace, /output or one of your mounts (the sandbox's /tmp is new for each line); the session stays in ${this.cwd}`);
      return;
    }
    this.cwd = landed;
  }

  /** Whether a folder is there for the next line too: under a mount other than the private /tmp. */
  private keeps(folder: string): boolean {
    if (!folder.startsWith('/') || folder.includes('\n')) return false;
    return this.input.gate.mountView.mounts.some((m) => m.virtual !== '/tmp' && (folder === m.virtual || folder.startsWith(`${m.virtual}/`)));
  }
}

/** The folder of a line that is only `cd [DIR]` (no operator, no expansion), or null. `cd` alone: /workspace. */
export function cdTarget(reading: ShellReading): string | null {
  if (reading.commands.length !== 1) return null;
  const c = reading.commands[0]!;
  if (c.words[0] !== 'cd' || c.words.length > 2 || c.via !== '' || c.runs !== null) return null;
  if (c.assignments.length > 0 || c.redirects.length > 0 || c.dynamic.length > 0 || c.opaque.length > 0) return null;
  if (reading.line.trim() !== c.words.join(' ')) return null;
  const target = c.words[1] ?? HOME_FOLDER;
  return target === '-' || target.startsWith('-') ? null : target;
}

export function runEmbeddedSession(input: EmbeddedSessionInput): Promise<number> {
  return new EmbeddedSession(input).run();
}
