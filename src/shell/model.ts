// Internal shapes shared by the reader and the command knowledge: a command as the syntax gives it (before
// any command's own grammar is applied) and what that grammar makes of it.
import type { Assignment, OpaqueRun, Redirection, StdinSource } from './types.js';

export interface Word {
  /** The word bash passes (expansions kept as their source text). */
  readonly value: string;
  readonly dynamic: boolean;
  /** Bash may make several words of it (an unquoted expansion, a glob, a brace). */
  readonly splits?: boolean;
}

/** A simple command as the syntax gives it: words, assignments, redirections, where its input comes from. */
export interface BaseCommand {
  readonly words: readonly Word[];
  readonly assignments: readonly Assignment[];
  readonly redirects: readonly Redirection[];
  readonly stdin: StdinSource;
  /** The text on standard input when it is a here-document or a here-string (dynamic when it expands). */
  readonly stdinText: Word | null;
  readonly via: readonly string[];
}

/** Shell text a command will run, to be read like the input itself (`bash -c`, `eval`, an alias value, …). */
export interface NestedShell {
  /** What runs it, as `via` shows it: `bash -c`, `eval`, `alias gp`, `git -c core.pager`, … */
  readonly via: string;
  readonly text: string;
  /** Where the nested program's standard input comes from, when it differs from the command's. */
  readonly stdin?: StdinSource;
}

/** A command a wrapper runs with (part of) its own words: `timeout 5 git push` runs `git push`. */
export interface InnerCommand {
  readonly via: string;
  readonly words: readonly Word[];
  /** Assignments the wrapper adds (`env A=1 cmd`). */
  readonly assignments: readonly Assignment[];
  /** The wrapper starts the command with an empty environment (`env -i`). */
  readonly clearsEnvironment?: boolean;
  /** The wrapper gives the command a different standard input (`xargs`: /dev/null). */
  readonly stdin?: StdinSource;
}

/** A command's interpretation: fresh arrays, which the reader keeps as the command's own. */
export interface Interpretation {
  readonly argv: string[];
  readonly dynamic: number[];
  readonly opaque: OpaqueRun[];
  readonly shells: readonly NestedShell[];
  readonly inner: readonly InnerCommand[];
}
