// The trust stage's contract: a folder in, whether a session may start there out. Nothing of the folder
// is read before this says yes (its real path is resolved, nothing more).

/** How the question is put to a person; a test double answers it in unit tests, a real pty in integration tests. */
export interface TrustPrompt {
  /** Whether a person can be asked (standard input and output are a terminal). */
  readonly interactive: boolean;
  /** Shows the question and resolves to the answer line, or null at end of input. */
  ask(question: string): Promise<string | null>;
}

export interface TrustRequest {
  /** The folder as the user named it (relative, symlinked, …). */
  readonly folder: string;
  /** `--trust` given: start this once, save nothing. */
  readonly trustFlag: boolean;
  /** The process environment, read for ORKEON_CODE_TRUST (honoured only with CI=true) and ORKEON_CODE_HOME. */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly prompt: TrustPrompt;
  /** Where a relative `folder` is read from; the process's working folder when absent. */
  readonly cwd?: string;
  /** The fixture `--demo` prepared under $ORKEON_CODE_HOME/demo: trusted for this run, saved nowhere. */
  readonly demo?: boolean;
}

export type TrustOutcome =
  /** Trusted (saved, covered by a saved parent, answered y, or started once by --trust / ORKEON_CODE_TRUST). */
  | { readonly kind: 'start'; readonly realPath: string; readonly via: 'registry' | 'answer' | 'flag' | 'env' | 'demo'; readonly message: string | null }
  /** n, an empty answer or end of input at the question: exit 0 for the launcher, 4 for `trust check`. */
  | { readonly kind: 'declined'; readonly realPath: string; readonly message: string }
  /** No terminal to ask: exit 3, the message names --trust, ORKEON_CODE_TRUST=1 with CI=true and `trust add`. */
  | { readonly kind: 'no-terminal'; readonly realPath: string; readonly message: string }
  /** The registry cannot be read in its one form: trusts nothing, never rewritten; the message names its path. */
  | { readonly kind: 'registry-broken'; readonly registryPath: string; readonly message: string }
  /** The folder does not exist or is not a directory. */
  | { readonly kind: 'bad-folder'; readonly folder: string; readonly message: string };
