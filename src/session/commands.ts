// The embedded session's own commands, read from a line: /mode [m], /plan, /permissions [add|remove|list|
// clear], /help, /exit. Pure. A line is a session command when its first word starts with `/` and holds
// no other `/` (`/usr/bin/git status` is a shell line); an unknown one is an error, never a shell line.
import { MODES, type Mode } from '../policy/types.js';
import { isMode } from '../policy/modes.js';

export type PermissionsAction = 'show' | 'list' | 'clear' | 'add' | 'remove';

export type SessionCommand =
  | { readonly kind: 'mode'; readonly mode: Mode | null }
  | { readonly kind: 'plan' }
  | { readonly kind: 'permissions'; readonly action: 'show' | 'list' | 'clear' }
  | { readonly kind: 'permissions'; readonly action: 'add' | 'remove'; readonly rule: string }
  | { readonly kind: 'help' }
  | { readonly kind: 'exit' }
  | { readonly kind: 'error'; readonly message: string };

/** What bare `/mode` steps through, in order; dontAsk is reached only by name. */
export const MODE_CYCLE: readonly Mode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions'];

export function nextMode(mode: Mode): Mode {
  const at = MODE_CYCLE.indexOf(mode);
  return at < 0 ? 'default' : MODE_CYCLE[(at + 1) % MODE_CYCLE.length]!;
}

/** Whether a line is for the session rather than the shell. */
export function isSessionLine(line: string): boolean {
  const first = line.trimStart().split(/[ \t]/, 1)[0] ?? '';
  return first.length > 1 && first.startsWith('/') && !first.slice(1).includes('/');
}

/** The session command a line holds, or null for a shell line. */
export function parseSessionCommand(line: string): SessionCommand | null {
  if (!isSessionLine(line)) return null;
  const text = line.trim();
  const space = text.search(/[ \t]/);
  const name = space < 0 ? text : text.slice(0, space);
  const rest = space < 0 ? '' : text.slice(space).trim();
  switch (name) {
    case '/mode': {
      if (rest === '') return { kind: 'mode', mode: null };
      if (isMode(rest)) return { kind: 'mode', mode: rest };
      return { kind: 'error', message: `/mode ${rest}: not a mode; use one of ${MODES.join(', ')} (or /mode alone to step through ${MODE_CYCLE.join(', ')})` };
    }
    case '/plan':
      return rest === '' ? { kind: 'plan' } : { kind: 'error', message: '/plan takes nothing; it turns plan on, or back off to the mode before it' };
    case '/permissions':
      return permissions(rest);
    case '/help':
      return { kind: 'help' };
    case '/exit':
    case '/quit':
      return { kind: 'exit' };
    default:
      return { kind: 'error', message: `${name} is not a session command; /help lists them (a program is run by its name or a path with a folder, e.g. ./x)` };
  }
}

function permissions(rest: string): SessionCommand {
  if (rest === '') return { kind: 'permissions', action: 'show' };
  const space = rest.search(/[ \t]/);
  const verb = space < 0 ? rest : rest.slice(0, space);
  const arg = space < 0 ? '' : rest.slice(space).trim();
  switch (verb) {
    case 'list':
    case 'clear':
      return arg === '' ? { kind: 'permissions', action: verb } : { kind: 'error', message: `/permissions ${verb} takes nothing` };
    case 'add':
    case 'remove':
      if (arg === '') return { kind: 'error', message: `/permissions ${verb} needs a rule: /permissions ${verb} allow|deny <tool> [<argument>=<pattern>], e.g. /permissions ${verb} deny shell_command command=git push*` };
      return { kind: 'permissions', action: verb, rule: arg };
    default:
      return { kind: 'error', message: `/permissions ${verb}: use /permissions add|remove <rule>, /permissions list, /permissions clear, or /permissions alone` };
  }
}

/** The question the gate's ask becomes (seed 000, "Les questions"). */
export function approvalQuestion(tool: string): string {
  return `approve ${tool}? [y] once / [s] session / [n] no `;
}

export type ApprovalAnswer = 'once' | 'session' | 'no';

/** An answer to the question, or null for a line that is not one (the question is then asked again whole). */
export function readApproval(line: string): ApprovalAnswer | null {
  switch (line.trim().toLowerCase()) {
    case 'y':
    case 'yes':
      return 'once';
    case 's':
    case 'session':
      return 'session';
    case 'n':
    case 'no':
      return 'no';
    default:
      return null;
  }
}
