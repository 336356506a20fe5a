// git: its global options (so the verb is found after `-C dir`, `-c k=v`, `--git-dir=…`), the configuration
// keys whose value git runs as a program or as shell (`alias.x=!cmd`, `core.sshCommand`, `core.pager`, …),
// and the subcommands that run commands (`rebase -x`, `bisect run`, `submodule foreach`, …).
import type { Word } from '../model.js';
import { normalisePath } from '../paths.js';
import type { Arg } from './grammars.js';
import type { Findings, Handler } from './interpret.js';
import { parseOptions } from './options.js';

// git's own tables, shared with the policy's reading of git (src/policy/shell/git.ts): one list, no drift.
/** Global options that take the next word as their value. */
export const GLOBAL_WITH_VALUE: ReadonlySet<string> = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--exec-path', '--list-cmds', '--attr-source']);
/** Global options that never take a value. */
export const GLOBAL_FLAGS: ReadonlySet<string> = new Set(['-p', '-P', '--paginate', '--no-pager', '--bare', '--no-replace-objects', '--literal-pathspecs', '--no-literal-pathspecs', '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-optional-locks', '--no-advice', '--html-path', '--man-path', '--info-path', '--version', '--help', '-v', '-h', '--no-lazy-fetch']);
/** Global options whose value is a path (normalised like one). */
const PATH_VALUED = new Set(['-C', '--git-dir', '--work-tree']);
/** `--exec-path` alone prints; `--exec-path=DIR` takes its value glued only. */
export const GLUED_ONLY: ReadonlySet<string> = new Set(['--exec-path', '--list-cmds']);
/** `git config` options that take the next word as their value. */
export const CONFIG_VALUED: ReadonlySet<string> = new Set(['-f', '--file', '--blob', '--type', '--default', '--comment', '--value', '--url']);

/**
 * Index of git's verb in `argv` (or words): the first word after the global options, or null when there is
 * none or a dynamic word or an unknown option stands where the verb would be (the verb is then unknown).
 */
export function findGitVerb(argv: readonly string[], dynamic: readonly number[] = []): number | null {
  let i = 1;
  while (i < argv.length) {
    if (dynamic.includes(i)) return null;
    const a = argv[i]!;
    if (!a.startsWith('-')) return i;
    const eq = a.indexOf('=');
    const name = eq === -1 ? a : a.slice(0, eq);
    if (GLOBAL_FLAGS.has(a)) i++;
    else if (GLOBAL_WITH_VALUE.has(name)) i += eq === -1 && !GLUED_ONLY.has(name) ? 2 : 1;
    else return null;
  }
  return null;
}

/** git's argv: global options kept whole, their path values read as paths; the rest as written. */
export function gitArgs(words: readonly Word[]): Arg[] {
  const out: Arg[] = [{ text: words[0]?.value ?? '', from: 0, kind: 'name' }];
  let i = 1;
  let global = true;
  while (i < words.length) {
    const w = words[i]!;
    const v = w.value;
    if (global && !w.dynamic && v.startsWith('-')) {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v : v.slice(0, eq);
      if (GLOBAL_WITH_VALUE.has(name) && eq === -1 && !GLUED_ONLY.has(name) && i + 1 < words.length) {
        out.push({ text: v, from: i, kind: 'option' });
        const value = words[i + 1]!;
        out.push({ text: PATH_VALUED.has(name) && !value.dynamic ? normalisePath(value.value) : value.value, from: i + 1, kind: 'value' });
        i += 2;
        continue;
      }
      if (PATH_VALUED.has(name) && eq !== -1) {
        out.push({ text: `${name}=${normalisePath(v.slice(eq + 1))}`, from: i, kind: 'option' });
        i++;
        continue;
      }
      out.push({ text: v, from: i, kind: 'option' });
      i++;
      continue;
    }
    global = false;
    out.push({ text: v, from: i, kind: v.startsWith('-') && !w.dynamic ? 'option' : 'operand' });
    i++;
  }
  return out;
}

/** Keys (lower-case, `*` for a subsection) whose value git runs as shell or as a program. */
const SHELL_KEYS: readonly RegExp[] = [
  /^core\.sshcommand$/, /^core\.pager$/, /^core\.editor$/, /^core\.askpass$/, /^core\.gitproxy$/,
  /^sequence\.editor$/, /^diff\.external$/, /^diff\..+\.command$/, /^diff\..+\.textconv$/, /^merge\..+\.driver$/,
  /^filter\..+\.(clean|smudge|process)$/, /^gpg\.program$/, /^gpg\..+\.program$/, /^gpg\.ssh\.defaultkeycommand$/,
  /^sendemail\.(sendmailcmd|tocmd|cccmd|headercmd)$/, /^uploadpack\.packobjectshook$/, /^remote\..+\.(uploadpack|receivepack)$/,
  /^man\..+\.cmd$/, /^browser\..+\.cmd$/, /^difftool\..+\.cmd$/, /^mergetool\..+\.cmd$/, /^interactive\.difffilter$/,
  /^web\.browser$/, /^instaweb\.httpd$/, /^credential\.(.+\.)?helper$/, /^pager\..+$/, /^core\.fsmonitor$/,
];
/** Keys that load configuration (and so programs) from elsewhere: never readable statically. */
const LOADING_KEYS: readonly RegExp[] = [/^include\.path$/, /^includeif\..+\.path$/, /^core\.hookspath$/];
const BOOLEAN = /^(true|false|yes|no|on|off|1|0|)$/i;

/** What running git with `key=value` in its configuration runs. */
export function gitConfigRuns(key: string, value: Word, found: Findings, via: string): void {
  const k = canonicalKey(key);
  if (k.startsWith('alias.')) {
    // `!cmd` is shell text; otherwise the alias expands to git arguments, which the gate must know of
    const v = value.value.trimStart();
    if (v.startsWith('!')) found.shell(via, { value: v.slice(1), dynamic: value.dynamic });
    else found.opaqueRun(via, `git ${value.value}`);
    return;
  }
  if (LOADING_KEYS.some((re) => re.test(k))) {
    found.opaqueRun(via, value.value);
    return;
  }
  if (!SHELL_KEYS.some((re) => re.test(k))) return;
  if (!value.dynamic && BOOLEAN.test(value.value.trim()) && (k === 'core.fsmonitor' || k.startsWith('pager.'))) return;
  if (k.startsWith('credential.')) {
    const v = value.value.trim();
    if (v.startsWith('!')) found.shell(via, { value: v.slice(1), dynamic: value.dynamic });
    else if (v.startsWith('/')) found.shell(via, value);
    else if (v) found.opaqueRun(via, `git credential-${v}`);
    return;
  }
  found.shell(via, value);
}

/** `core.sshCommand` → `core.sshcommand`; a subsection keeps its case. */
function canonicalKey(key: string): string {
  const first = key.indexOf('.');
  const last = key.lastIndexOf('.');
  if (first === -1) return key.toLowerCase();
  if (first === last) return key.toLowerCase();
  return `${key.slice(0, first).toLowerCase()}.${key.slice(first + 1, last)}.${key.slice(last + 1).toLowerCase()}`;
}

export const gitHandler: Handler = (ctx) => {
  const { words, found } = ctx;
  // global options: -c key=value, --config-env=key=ENV
  let i = 1;
  while (i < words.length) {
    const w = words[i]!;
    if (w.dynamic || !w.value.startsWith('-')) break;
    const v = w.value;
    const eq = v.indexOf('=');
    const name = eq === -1 ? v : v.slice(0, eq);
    if (v === '-c' && words[i + 1]) {
      configPair(words[i + 1]!, found, 'git -c');
      i += 2;
      continue;
    }
    if (name === '--config-env') {
      const pair = eq === -1 ? words[i + 1]?.value ?? '' : v.slice(eq + 1);
      found.opaqueRun('git --config-env', pair);
      i += eq === -1 ? 2 : 1;
      continue;
    }
    if (GLOBAL_WITH_VALUE.has(name) && eq === -1 && !GLUED_ONLY.has(name)) i += 2;
    else i++;
  }
  const verbWord = words[i];
  if (!verbWord || verbWord.dynamic) return;
  const verb = verbWord.value;
  const rest = words.slice(i + 1);
  const sub = SUBCOMMANDS.get(verb);
  sub?.(rest, ctx.found, words.slice(0, i + 1));
};

function configPair(word: Word, found: Findings, via: string): void {
  const eq = word.value.indexOf('=');
  const key = eq === -1 ? word.value : word.value.slice(0, eq);
  const value = eq === -1 ? 'true' : word.value.slice(eq + 1);
  if (word.dynamic && !/^[\w.-]+=/.test(word.value)) {
    found.opaqueRun(via, word.value);
    return;
  }
  gitConfigRuns(key, { value, dynamic: word.dynamic }, found, `${via} ${key}`);
}

type Subcommand = (rest: readonly Word[], found: Findings, prefix: readonly Word[]) => void;

/** Options of a subcommand whose value is shell text: `--exec CMD`, `--exec=CMD`, `-x CMD`, `-xCMD`. */
function shellOptions(names: { short?: string[]; long?: string[] }, label: string): Subcommand {
  return (rest, found) => {
    for (let i = 0; i < rest.length; i++) {
      const w = rest[i]!;
      if (w.dynamic) continue;
      const v = w.value;
      if (v === '--') break;
      for (const s of names.short ?? []) {
        if (v === s && rest[i + 1]) {
          found.shell(`${label} ${s}`, rest[i + 1]!);
          i++;
        } else if (v.startsWith(s) && v.length > s.length && s.length === 2) {
          found.shell(`${label} ${s}`, v.slice(s.length));
        }
      }
      for (const l of names.long ?? []) {
        if (v === l && rest[i + 1]) {
          found.shell(`${label} ${l}`, rest[i + 1]!);
          i++;
        } else if (v.startsWith(`${l}=`)) {
          found.shell(`${label} ${l}`, v.slice(l.length + 1));
        }
      }
    }
  };
}

// A Map: the verb is the agent's word, and `git __proto__` must find nothing, not Object.prototype.
const SUBCOMMANDS = new Map<string, Subcommand>(Object.entries({
  rebase: shellOptions({ short: ['-x'], long: ['--exec'] }, 'git rebase'),
  bisect: (rest, found) => {
    if (rest[0]?.value === 'run' && !rest[0].dynamic && rest.length > 1) found.command('git bisect run', rest.slice(1));
  },
  submodule: (rest, found) => {
    const parsed = parseOptions(rest, 0, { flags: 'q', longValues: [] });
    const verb = rest[parsed.next];
    if (verb?.value !== 'foreach' || verb.dynamic) return;
    const after = parseOptions(rest, parsed.next + 1, { flags: 'q' });
    const cmd = rest.slice(after.next);
    if (cmd.length === 0) return;
    // git submodule foreach evaluates its arguments, joined, with sh
    found.shell('git submodule foreach', joinWords(cmd));
  },
  config: configWrites,
  'filter-branch': shellOptions({ long: ['--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter'] }, 'git filter-branch'),
  difftool: shellOptions({ short: ['-x'], long: ['--extcmd'] }, 'git difftool'),
  mergetool: shellOptions({ long: ['--tool-cmd'] }, 'git mergetool'),
  grep: shellOptions({ short: ['-O'], long: ['--open-files-in-pager'] }, 'git grep'),
  fetch: shellOptions({ long: ['--upload-pack'] }, 'git fetch'),
  pull: shellOptions({ long: ['--upload-pack'] }, 'git pull'),
  clone: shellOptions({ short: ['-u'], long: ['--upload-pack'] }, 'git clone'),
  'ls-remote': shellOptions({ long: ['--upload-pack'] }, 'git ls-remote'),
  archive: shellOptions({ long: ['--exec'] }, 'git archive'),
  push: shellOptions({ long: ['--receive-pack', '--exec'] }, 'git push'),
  'send-email': shellOptions({ long: ['--to-cmd', '--cc-cmd', '--header-cmd', '--sendmail-cmd'] }, 'git send-email'),
  daemon: shellOptions({ long: ['--access-hook'] }, 'git daemon'),
  'for-each-repo': shellOptions({}, 'git for-each-repo'),
}));

/** `git config [--global|--file F|…] KEY VALUE` (and `set`, `--add`, `--replace-all`): what the value runs. */
function configWrites(rest: readonly Word[], found: Findings): void {
  const operands: Word[] = [];
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (!w.dynamic && w.value.startsWith('-')) {
      if (CONFIG_VALUED.has(w.value)) i++;
      continue;
    }
    operands.push(w);
  }
  const args = operands[0]?.value === 'set' && !operands[0].dynamic ? operands.slice(1) : operands;
  if (args.length >= 2) gitConfigRuns(args[0]!.value, args[1]!, found, `git config ${args[0]!.value}`);
}

/** Words joined by spaces, as a shell string (dynamic if any part is). */
export function joinWords(words: readonly Word[]): Word {
  return { value: words.map((w) => w.value).join(' '), dynamic: words.some((w) => w.dynamic) };
}
