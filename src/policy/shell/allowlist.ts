// The shell runs only allowlisted commands (seed 000 "Ce qu'aucun mode ne change"). The default list holds
// read-mostly tools; Orkeon:Tools:Shell:Allowlist extends it (`*` admits every command name). Interpreters
// and shells run only under Orkeon:Tools:Shell:AllowInterpreters; without it git runs only status, log,
// diff and show with no option before them. A name the user adds runs with every option, and can write.
import type { ShellPolicySettings } from '../types.js';
import type { CommandIdentity } from './identity.js';
import { interpreterSpec } from './interpreters.js';

/** A check on the words of a default entry: the reason it is refused, or null. */
type Restriction = (argv: readonly string[]) => string | null;

const optionAmong = (names: string[]): Restriction => (argv) => {
  for (const a of argv.slice(1)) {
    const name = a.startsWith('--') && a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (names.includes(name)) return `${argv[0]} ${name} writes files`;
  }
  return null;
};
const operandsAtMost = (n: number, what: string): Restriction => (argv) =>
  argv.slice(1).filter((a) => !a.startsWith('-')).length > n ? `${argv[0]} with ${n + 1} operands writes ${what}` : null;

/** The git verbs git runs without AllowInterpreters (no option before them). */
export const GIT_WITHOUT_INTERPRETERS = ['status', 'log', 'diff', 'show'];
const NPM_SCRIPTS = ['test', 't', 'run', 'run-script', 'ls', 'list', 'outdated', 'view', 'info', 'explain', 'why', '--version', '-v'];

/**
 * The default allowlist: name → restriction (null: any options). Read-mostly tools, shell builtins that
 * change nothing outside the shell, and the wrappers whose target the front-end reads as its own command.
 * `npm test` and `npm run <script>` are in it: they run the project's own scripts, which can write, so
 * they need the write right on the working directory (see write-rights.ts).
 */
export const DEFAULT_ALLOWLIST: ReadonlyMap<string, Restriction | null> = new Map<string, Restriction | null>([
  // reading files and text
  ['ls', null], ['cat', null], ['head', null], ['tail', null], ['wc', null], ['grep', null], ['egrep', null], ['fgrep', null],
  ['rg', optionAmong(['--pre'])], ['find', optionAmong(['-delete', '-fprint', '-fprint0', '-fprintf', '-fls'])],
  ['sed', optionAmong(['-i', '--in-place'])], ['awk', null], ['sort', optionAmong(['-o', '--output'])],
  ['uniq', operandsAtMost(1, 'its output file')], ['cut', null], ['tr', null], ['diff', null], ['cmp', null], ['comm', null],
  ['join', null], ['paste', null], ['fold', null], ['fmt', null], ['nl', null], ['column', null], ['expand', null],
  ['unexpand', null], ['rev', null], ['tac', null], ['od', null], ['xxd', operandsAtMost(1, 'its output file')],
  ['hexdump', null], ['strings', null], ['base64', null], ['md5sum', null], ['sha1sum', null], ['sha256sum', null],
  ['sha512sum', null], ['b2sum', null], ['cksum', null], ['jq', null], ['tree', optionAmong(['-o'])], ['file', null],
  ['stat', null], ['du', null], ['df', null], ['realpath', null], ['readlink', null], ['basename', null], ['dirname', null],
  ['pwd', null], ['which', null], ['type', null], ['whoami', null], ['id', null], ['uname', null], ['hostname', null],
  ['date', optionAmong(['-s', '--set'])], ['echo', null], ['printf', null], ['true', null], ['false', null], ['test', null],
  ['[', null], ['[[', null], [':', null], ['seq', null], ['sleep', null], ['printenv', null],
  // shell builtins that change nothing outside the shell (eval's code is read as its own commands)
  ['cd', null], ['read', null], ['export', null], ['unset', null], ['local', null], ['declare', null], ['typeset', null],
  ['readonly', null], ['shift', null], ['set', null], ['shopt', null], ['wait', null], ['break', null], ['continue', null],
  ['return', null], ['exit', null], ['let', null], ['getopts', null], ['umask', null], ['ulimit', null], ['eval', null],
  ['hash', optionAmong(['-p'])], ['mapfile', null], ['readarray', null], ['times', null], ['jobs', null],
  // wrappers: the front-end reads what they run as its own command, checked in turn
  ['env', null], ['command', null], ['builtin', null], ['exec', null], ['nohup', null], ['time', null], ['nice', null],
  ['timeout', null], ['stdbuf', null], ['setsid', null], ['ionice', null], ['taskset', null], ['xargs', null],
  // git and npm, restricted
  ['git', null], ['npm', (argv) => (argv[1] !== undefined && !NPM_SCRIPTS.includes(argv[1]) ? `npm ${argv[1]} is not one of: ${NPM_SCRIPTS.join(', ')}` : null)],
]);

/** Wrappers that only change how their target runs: an allow rule on the target covers them. */
export const NEUTRAL_WRAPPERS: ReadonlySet<string> = new Set(['env', 'command', 'builtin', 'exec', 'nohup', 'time', 'nice', 'timeout', 'stdbuf', 'setsid', 'ionice', 'taskset']);

export type AllowlistResult =
  | { readonly ok: true; readonly userAdded: boolean; readonly interpreter: boolean }
  | { readonly ok: false; readonly kind: 'allowlist' | 'interpreter'; readonly why: string; readonly remedy: string };

const ALLOWLIST_KEY = 'Orkeon:Tools:Shell:Allowlist';
const INTERPRETERS_KEY = 'Orkeon:Tools:Shell:AllowInterpreters';

export function checkAllowlist(id: CommandIdentity, argv: readonly string[], settings: ShellPolicySettings): AllowlistResult {
  const name = id.bare;
  const all = settings.allowlist.includes('*');
  const userListed = all || settings.allowlist.includes(id.written) || (name !== null && settings.allowlist.includes(name));
  const spec = name !== null ? interpreterSpec(name) : interpreterSpec(id.basename);
  if (spec) {
    if (!settings.allowInterpreters) {
      return {
        ok: false,
        kind: 'interpreter',
        why: `${id.basename} is ${spec.kind === 'shell' ? 'a shell' : spec.kind === 'runner' ? 'a package runner' : 'an interpreter'}; interpreters and shells run only under ${INTERPRETERS_KEY}`,
        remedy: `set ${INTERPRETERS_KEY}=true in the user settings (or ORKEON_Tools__Shell__AllowInterpreters=true) to let interpreters run`,
      };
    }
    if (name !== null || userListed) return { ok: true, userAdded: true, interpreter: true };
  }
  if (name === 'git' || id.gitDashedVerb !== null) {
    if (settings.allowInterpreters) return { ok: true, userAdded: false, interpreter: false };
    const verb = id.gitDashedVerb ?? argv[1];
    if (id.gitDashedVerb === null && verb !== undefined && GIT_WITHOUT_INTERPRETERS.includes(verb)) {
      const writes = argv.slice(2).find((a) => a === '-o' || a.startsWith('--output'));
      if (writes === undefined) return { ok: true, userAdded: false, interpreter: false };
      return { ok: false, kind: 'allowlist', why: `git ${verb} ${writes} writes a file`, remedy: `read the output instead (git ${verb} without ${writes}), or set ${INTERPRETERS_KEY}=true` };
    }
    return {
      ok: false,
      kind: 'allowlist',
      why: `without ${INTERPRETERS_KEY}, git runs only ${GIT_WITHOUT_INTERPRETERS.join(', ')} with no option before them`,
      remedy: `use git ${GIT_WITHOUT_INTERPRETERS.join('|')} without an option before the verb, or set ${INTERPRETERS_KEY}=true in the user settings`,
    };
  }
  if (userListed) return { ok: true, userAdded: name === null || !DEFAULT_ALLOWLIST.has(name), interpreter: false };
  if (name !== null && DEFAULT_ALLOWLIST.has(name)) {
    const why = DEFAULT_ALLOWLIST.get(name)?.(argv) ?? null;
    if (why === null) return { ok: true, userAdded: false, interpreter: false };
    return { ok: false, kind: 'allowlist', why, remedy: `add '${name}' to ${ALLOWLIST_KEY} in the user settings to run it with every option` };
  }
  const shown = id.hasSlash ? `'${id.written}' (a path, not a system command)` : `'${id.written}'`;
  return {
    ok: false,
    kind: 'allowlist',
    why: `${shown} is not on the shell's allowlist`,
    remedy: id.hasSlash
      ? `run the allowlisted command by its bare name, or add '${id.written}' to ${ALLOWLIST_KEY} in the user settings`
      : `add '${id.written}' to ${ALLOWLIST_KEY} in the user settings (or use an allowlisted command)`,
  };
}
