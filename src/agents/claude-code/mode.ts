// How Claude Code's own permission mode and orkeon-code's mode combine: the gate decides in the narrower
// of the two. orkeon-code's mode is the session's (`--mode`, else `permissions.fallback`, else default);
// Claude Code's comes with each call (`permission_mode`: the user may switch it during the session). A
// narrower Claude Code mode narrows the gate (plan in Claude Code is plan here too), a wider one
// (bypassPermissions, `--dangerously-skip-permissions`) never widens it: what orkeon-code refuses or asks
// about stays refused or asked. A mode orkeon-code does not know (a newer Claude Code's) is read as
// default, the narrowest that still lets a person answer.
import { isMode, MODE_WIDTH } from '../../policy/modes.js';
import type { Mode } from '../../policy/types.js';

export interface CombinedMode {
  readonly mode: Mode;
  /** Which side set it: orkeon-code's own mode, or Claude Code's narrower one. */
  readonly from: 'orkeon-code' | 'claude-code';
  /** One line for the reason when Claude Code's mode changed anything, else null. */
  readonly note: string | null;
}

export function combineModes(orkeon: Mode, claude: string | null): CombinedMode {
  if (claude === null) return { mode: orkeon, from: 'orkeon-code', note: null };
  const known = isMode(claude);
  const read: Mode = known ? claude : 'default';
  if (MODE_WIDTH[read] >= MODE_WIDTH[orkeon]) return { mode: orkeon, from: 'orkeon-code', note: null };
  const what = known ? `Claude Code's permission mode ${claude}` : `Claude Code's permission mode ${JSON.stringify(claude.slice(0, 40))}, which orkeon-code reads as default,`;
  return { mode: read, from: 'claude-code', note: `${what} is narrower than orkeon-code's ${orkeon}: the gate decides in ${read}` };
}
