// git read as git parses its command line: global options, then the verb, then the verb's words. The text
// rules of git-readonly decide most refusals; this reading closes what a glob cannot see (the verb after
// options a rule does not list, git's dashed executables, `git config <key> <value>`, verbs it does not know).
import { CONFIG_VALUED, GLOBAL_FLAGS, GLOBAL_WITH_VALUE, GLUED_ONLY } from '../../shell/commands/git.js';

export interface GitReading {
  /** Index in argv of the verb, or null (`git --version`). */
  readonly verbIndex: number | null;
  readonly verb: string | null;
  /** The verb's own words (after the verb). */
  readonly args: readonly string[];
  /** Values of `-c key=value` and `--config-env=name=envvar`. */
  readonly configs: readonly string[];
  /** `--exec-path=<dir>`: git would look for its programs there. */
  readonly execPath: string | null;
  /** A global option git does not have (the reading stops there). */
  readonly unknownOption: string | null;
  /** The global options as written, for messages. */
  readonly globals: readonly string[];
}


/** Reads argv of git (`git …`) or of a dashed executable (`git-push …`, verb given). */
export function readGit(argv: readonly string[], dashedVerb: string | null = null): GitReading {
  if (dashedVerb) {
    return { verbIndex: 0, verb: dashedVerb, args: argv.slice(1), configs: [], execPath: null, unknownOption: null, globals: [] };
  }
  const configs: string[] = [];
  const globals: string[] = [];
  let execPath: string | null = null;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('-')) return { verbIndex: i, verb: a, args: argv.slice(i + 1), configs, execPath, unknownOption: null, globals };
    globals.push(a);
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(0, eq) : a;
    if (name === '--exec-path' && eq > 0) {
      execPath = a.slice(eq + 1);
      continue;
    }
    if (GLOBAL_FLAGS.has(a)) continue;
    if (GLOBAL_WITH_VALUE.has(name)) {
      // `--exec-path` alone prints git's folder, `--list-cmds` takes its value glued only
      const value = eq > 0 ? a.slice(eq + 1) : GLUED_ONLY.has(name) ? undefined : argv[++i];
      if (value !== undefined && eq < 0) globals.push(value);
      if (name === '-c' || name === '--config-env') configs.push(value ?? '');
      continue;
    }
    return { verbIndex: null, verb: null, args: [], configs, execPath, unknownOption: a, globals };
  }
  return { verbIndex: null, verb: null, args: [], configs, execPath, unknownOption: null, globals };
}

/** Verbs that only read the repository (what runs once git-readonly is in the gate and no rule matches). */
export const GIT_READ_VERBS: ReadonlySet<string> = new Set([
  'status', 'log', 'diff', 'show', 'blame', 'annotate', 'cat-file', 'rev-parse', 'rev-list', 'ls-files', 'ls-tree',
  'ls-remote', 'describe', 'shortlog', 'grep', 'show-ref', 'for-each-ref', 'name-rev', 'merge-base', 'diff-tree',
  'diff-files', 'diff-index', 'var', 'help', 'version', 'count-objects', 'verify-commit', 'verify-tag', 'verify-pack',
  'whatchanged', 'cherry', 'range-diff', 'check-ignore', 'check-attr', 'check-ref-format', 'check-mailmap',
  'show-branch', 'get-tar-commit-id', 'archive', 'format-patch', 'request-pull', 'patch-id', 'show-index', 'column',
  'stripspace', 'fsck', 'hash-object', 'config', 'branch', 'tag', 'notes', 'reflog', 'submodule', 'replace', 'remote',
  'stash',
]);

/** The seed's verbs refused by three patterns (a prefix right after git, a whole word after an option). */
export const GIT_THREE_PATTERN_VERBS: ReadonlySet<string> = new Set([
  'add', 'am', 'apply', 'checkout', 'cherry-pick', 'clean', 'commit', 'fetch', 'filter-branch', 'gc', 'merge', 'mv', 'pull',
  'push', 'rebase', 'reset', 'restore', 'revert', 'rm', 'switch', 'update-ref', 'worktree', 'init', 'clone', 'update-index',
  'symbolic-ref', 'prune', 'repack', 'read-tree', 'checkout-index', 'commit-tree', 'write-tree', 'mktag', 'mktree',
  'fast-import', 'maintenance', 'update-server-info', 'bisect', 'sparse-checkout', 'pack-refs', 'unpack-objects', 'rerere',
]);
/** Verbs that only list when typed alone: refused with any word after them. */
export const GIT_LIST_VERBS: ReadonlySet<string> = new Set(['branch', 'notes', 'reflog', 'submodule', 'tag', 'replace']);
export const GIT_REMOTE_WRITES: ReadonlySet<string> = new Set(['add', 'rename', 'remove', 'rm', 'set-head', 'set-branches', 'set-url', 'prune', 'update']);
export const GIT_STASH_WRITES: ReadonlySet<string> = new Set(['push', 'pop', 'apply', 'drop', 'clear', 'store', 'save', 'branch', 'create']);

/**
 * The git-readonly rule a verb and its words fall under, in the seed's syntax, or null. Only the verbs the
 * set names; `config` is read by {@link gitConfigWrite}.
 */
export function gitReadonlyRuleFor(verb: string, args: readonly string[]): string | null {
  const rule = (p: string) => `deny shell_command command=${p}`;
  if (GIT_LIST_VERBS.has(verb)) return args.length > 0 ? rule(`*git ${verb} *`) : null;
  if (GIT_THREE_PATTERN_VERBS.has(verb)) return rule(`*git ${verb}*`);
  if (verb === 'hash-object') return args.includes('-w') ? rule('*git hash-object * -w*') : null;
  if (verb === 'remote') {
    const sub = args.find((a) => !a.startsWith('-'));
    return sub !== undefined && GIT_REMOTE_WRITES.has(sub) ? rule(`*git remote ${sub}*`) : null;
  }
  if (verb === 'stash') {
    if (args.length === 0) return rule('*git stash');
    if (args[0]!.startsWith('-')) return rule('*git stash -*');
    return GIT_STASH_WRITES.has(args[0]!) ? rule(`*git stash ${args[0]}*`) : null;
  }
  return null;
}

const CONFIG_READ_ACTIONS = new Set(['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list', '-l']);
const CONFIG_WRITE_ACTIONS = new Set(['--add', '--unset', '--unset-all', '--replace-all', '--rename-section', '--remove-section', '--edit', '-e']);
const CONFIG_READ_SUBCOMMANDS = new Set(['get', 'list']);
const CONFIG_WRITE_SUBCOMMANDS = new Set(['set', 'unset', 'rename-section', 'remove-section', 'edit']);

export const GIT_CONFIG_WRITE_RULE = 'deny shell_command command=*git config <key> <value>*';

/**
 * Whether `git config <args>` writes: a modifying option or subcommand anywhere among its options, or two or
 * more words after git config and its options with no read action before them. Returns what it read, for
 * the refusal's matched text, or null for a read.
 */
export function gitConfigWrite(args: readonly string[]): string | null {
  let read = false;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      words.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('-') && a.length > 1) {
      const eq = a.indexOf('=');
      const name = eq > 0 && a.startsWith('--') ? a.slice(0, eq) : a;
      if (CONFIG_WRITE_ACTIONS.has(name)) return a;
      if (CONFIG_READ_ACTIONS.has(name)) read = true;
      else if (CONFIG_VALUED.has(name) && eq < 0) i++;
      else if (/^-f./.test(a)) {
        /* -fFILE: a glued value */
      }
      continue;
    }
    if (words.length === 0 && !read) {
      if (CONFIG_WRITE_SUBCOMMANDS.has(a)) return a;
      if (CONFIG_READ_SUBCOMMANDS.has(a)) read = true;
    }
    words.push(a);
  }
  if (!read && words.length >= 2) return words.join(' ');
  return null;
}

/** Environment names that hand git a configuration or a program to run. */
export function isGitConfigEnv(name: string): boolean {
  return (
    /^GIT_CONFIG(_|$)/.test(name) ||
    name === 'GIT_EXEC_PATH' ||
    name === 'GIT_SSH' ||
    name === 'GIT_SSH_COMMAND' ||
    name === 'GIT_PAGER' ||
    name === 'GIT_EDITOR' ||
    name === 'GIT_SEQUENCE_EDITOR' ||
    name === 'GIT_EXTERNAL_DIFF' ||
    name === 'GIT_ASKPASS' ||
    name === 'GIT_PROXY_COMMAND' ||
    name === 'GIT_TEMPLATE_DIR' ||
    name === 'GIT_ALTERNATE_OBJECT_DIRECTORIES'
  );
}
