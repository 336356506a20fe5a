// The gate's contract: a tool call and its context in, a decision out. The policy runs nothing.
import type { SimpleCommand } from '../shell/types.js';

export type Mode = 'plan' | 'dontAsk' | 'default' | 'acceptEdits' | 'bypassPermissions';
export const MODES: readonly Mode[] = ['plan', 'dontAsk', 'default', 'acceptEdits', 'bypassPermissions'];

export type Verdict = 'allow' | 'ask' | 'deny';

/** One call of a tool, as an agent or a crew file sends it: `{"tool":"shell_command","args":{"command":"…"}}`. */
export interface ToolCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
}

export type RuleEffect = 'allow' | 'deny';

/** `allow|deny <tool> [<argument>=<pattern>]`, parsed. */
export interface Rule {
  readonly effect: RuleEffect;
  readonly tool: string;
  /** snake_case argument name, or null for a rule on every call of the tool. */
  readonly argument: string | null;
  /** The pattern with one pair of matching quotes removed; `*` is any run of characters. */
  readonly pattern: string | null;
  /** The rule in the seed's own syntax, as it is shown to people and agents. */
  readonly text: string;
  /** The rule set it belongs to: a dev-stage set's name, 'session', 'user', 'settings', … */
  readonly set: string;
}

export type ReasonKind =
  | 'rule' // a deny or allow rule decided
  | 'mode' // the mode decided
  | 'allowlist' // the command name is not on the allowlist
  | 'interpreter' // interpreters and shells need Orkeon:Tools:Shell:AllowInterpreters
  | 'dynamic' // a word bash expands at run time sits where the gate must read it
  | 'structural' // a structural check (program fed on stdin, git config write, exec option, …)
  | 'input' // refused before or at parsing
  | 'write-right' // a path the command can write is not writable
  | 'no-terminal'; // an ask with nobody to answer

export interface Reason {
  readonly kind: ReasonKind;
  /** The rule in the seed's syntax (or the structural check's name). */
  readonly rule: string | null;
  /** The set it came from (`git-readonly`, `session`, `allowlist`, `mode`, …). */
  readonly set: string | null;
  /** The text the rule or check matched; virtual paths only, never a host path. */
  readonly matched: string | null;
  /** What to do instead, one line. */
  readonly remedy: string;
  /** One line that says what happened. */
  readonly message: string;
}

export interface Decision {
  readonly decision: Verdict;
  readonly reasons: readonly Reason[];
  /** For shell_command: what the front-end read (the explain shape). Empty for other tools. */
  readonly commands: readonly SimpleCommand[];
  /** The mode that applied, and where it came from. */
  readonly mode: Mode;
}
