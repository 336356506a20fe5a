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

// ---------------------------------------------------------------------------------------------------------
// Extensions of the contract (gate context, access classes, mounts). Existing fields above are unchanged.

/** What a call does, as the tool declares it (per call for http_api and github). */
export type Access = 'read' | 'network-read' | 'edit' | 'execute';

/** One mount as the session sees it: a virtual root and whether commands may write under it. */
export interface MountViewEntry {
  /** Virtual root (`/workspace`, `/output`, `/tmp`, `/user-config`); never a host path. */
  readonly virtual: string;
  readonly writable: boolean;
}

/** The mounts and the virtual working directory a shell command runs in. */
export interface MountView {
  readonly mounts: readonly MountViewEntry[];
  /** Virtual working directory (`/workspace` or below). */
  readonly cwd: string;
}

/** An extra tool (MCP server or plugin) listed by `tools.extra`, with the class the settings give it. */
export interface ExtraTool {
  readonly name: string;
  readonly access: 'read' | 'write';
}

/** The shell settings the gate reads (from `Orkeon:Tools:Shell:*`). */
export interface ShellPolicySettings {
  readonly allowInterpreters: boolean;
  /** Names added to the default allowlist; `*` admits every command name. */
  readonly allowlist: readonly string[];
}

/** Where the mode of a call came from, so a refusal can say which mode applied and why. */
export type ModeSource = 'option' | 'request-prefix' | 'session' | 'fallback' | 'default';

/** The four mounts every session has: the project and /output writable, a private /tmp, /user-config read-only. */
export const BASE_MOUNTS: readonly MountViewEntry[] = [
  { virtual: '/workspace', writable: true },
  { virtual: '/output', writable: true },
  { virtual: '/tmp', writable: true },
  { virtual: '/user-config', writable: false },
];
