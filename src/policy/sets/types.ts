// A dev-stage rule set as data: its rules in the seed's own syntax (one a line, `#` lines are comments),
// and examples that must match and must not match, checked by tests (Codex execpolicy style).
import type { ToolCall } from '../types.js';

export interface RuleSetSource {
  readonly name: string;
  /** What the set refuses, in one line (the seed's table). */
  readonly refuses: string;
  /** What to do instead when one of its rules refuses a call. */
  readonly remedy: string;
  /** The rules, one a line, in the seed's syntax. */
  readonly text: string;
  /**
   * Rules of the set that the gate reads structurally rather than as a glob (their pattern names what is
   * matched, e.g. `*git config <key> <value>*`): listed and counted with the set, matched by code.
   */
  readonly structural?: readonly string[];
  /** Calls some rule of the set must match (by its pattern, on the argument as text). */
  readonly mustMatch: readonly ToolCall[];
  /** Calls no rule of the set may match. */
  readonly mustNotMatch: readonly ToolCall[];
}

export const sh = (command: string): ToolCall => ({ tool: 'shell_command', args: { command } });
