// The shell front-end's contract: what the reader hands to the gate, the explainer and the runners.
// The reader knows no rule: it says what bash would run, nothing about whether it may.

/** Why an input was refused before or at parsing. Each code has one clear message. */
export type ShellRefusalCode =
  | 'too-long'
  | 'nul'
  | 'carriage-return'
  | 'control-character'
  | 'lone-surrogate'
  | 'invisible-character'
  | 'non-ascii-space'
  | 'parse-error'
  | 'unknown-node'
  | 'unsupported-construct'
  | 'too-deep'
  | 'parse-timeout'
  | 'parser-failure';

export interface ShellRefusal {
  readonly code: ShellRefusalCode;
  /** One line a person or an agent can act on; never a host path. */
  readonly message: string;
  /** Character offset in the input the refusal points at, when there is one. */
  readonly offset?: number;
}

/** `NAME=value` written before a command name (or by `env`), kept with the command it prefixes. */
export interface Assignment {
  readonly name: string;
  /** Normalised value (quotes removed, escapes resolved); expansions kept as their source text. */
  readonly value: string;
  readonly dynamic: boolean;
}

export interface Redirection {
  /** `>`, `>>`, `>|`, `&>`, `&>>`, `<`, `<>`, `<&`, `>&`, `<<`, `<<-`, `<<<`. */
  readonly operator: string;
  /** The file descriptor written before the operator, when one was. */
  readonly fd: number | null;
  /** Normalised target word; for `<<`/`<<-` the here-document's body, for `<<<` the here-string. */
  readonly target: string;
  readonly dynamic: boolean;
  /** True when the redirection can create or change a file (`>`, `>>`, `>|`, `&>`, `&>>`, `<>`). */
  readonly writes: boolean;
}

/** Where a simple command's standard input comes from, as far as the text shows. */
export type StdinSource = 'inherited' | 'pipe' | 'herestring' | 'heredoc' | 'file' | 'process-substitution';

export interface SimpleCommand {
  /**
   * The words bash would pass to the program, exactly (quote removal, backslash escapes, `$'…'`
   * decoding, backslash-newline deletion). Dynamic words keep their expansions as source text.
   * This is what a runner executes; it is never option-split or path-normalised.
   */
  readonly words: readonly string[];
  /**
   * The normalised view the gate matches: `words` with option groups split by the command's own
   * grammar (`bash -xc` → `bash -x -c`) and project paths read lexically (`./a//b/../c` → `a/c`).
   */
  readonly argv: readonly string[];
  /** Indexes into `argv` of words bash expands at run time (variables, substitutions, globs, braces, `~`). */
  readonly dynamic: readonly number[];
  readonly assignments: readonly Assignment[];
  readonly redirects: readonly Redirection[];
  readonly stdin: StdinSource;
  /**
   * What nested this command, outermost first, joined by ' > ' ('' at top level): `$(…)`, `` `…` ``,
   * `<(…)`, `>(…)`, `eval`, `bash -c`, `bash <<<`, `xargs`, `find -exec`, a wrapper's name, `function f`, …
   */
  readonly via: string;
  /** Index in the reading's `commands` of the command this one runs (wrappers, xargs, find -exec), if any. */
  readonly runs: number | null;
  /**
   * Programs this command's options or operands will run that the reader could not resolve into simple
   * commands (`awk 'BEGIN{system(…)}'`, `sed 's/x/y/e'`, `make --eval`, a `sh -c` string that does not
   * parse, …). The gate must at least ask about each; `text` is what would run, normalised.
   */
  readonly opaque: readonly OpaqueRun[];
}

export interface OpaqueRun {
  /** The option or construct that runs it (`sed e`, `awk system()`, `tar --checkpoint-action`, …). */
  readonly via: string;
  readonly text: string;
}

export interface ShellReading {
  /** The input as bash reads it: comments dropped, quotes removed, escapes resolved, blank runs merged. */
  readonly line: string;
  /** Every simple command, outer before inner, in source order. */
  readonly commands: readonly SimpleCommand[];
}

export type ShellReadResult =
  | { readonly ok: true; readonly reading: ShellReading }
  | { readonly ok: false; readonly refusal: ShellRefusal };
