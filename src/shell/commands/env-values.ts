// Environment values that programs run: git, ssh, man, less, sudo and bash itself take a command from
// these variables (`GIT_SSH_COMMAND='sh -c "git push"' git ls-remote …` runs that shell text). An assignment
// to one, before a command, through `env`, `export` or `declare`, is read as the shell it will be.
import type { Word } from '../model.js';
import type { Findings } from './interpret.js';
import { gitConfigRuns } from './git.js';

/** Variables whose value is shell text (or a program path, which reads as a one-word command). */
const SHELL_VALUES = new Set([
  'GIT_SSH_COMMAND', 'GIT_SSH', 'GIT_EXTERNAL_DIFF', 'GIT_PAGER', 'PAGER', 'MANPAGER', 'SYSTEMD_PAGER',
  'BAT_PAGER', 'DELTA_PAGER', 'GH_PAGER', 'GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'EDITOR', 'VISUAL', 'SUDO_EDITOR',
  'FCEDIT', 'GIT_ASKPASS', 'SSH_ASKPASS', 'SUDO_ASKPASS', 'GIT_PROXY_COMMAND', 'PROMPT_COMMAND', 'BROWSER',
  'LESSCLOSE', 'RSYNC_RSH', 'CVS_RSH', 'GH_EDITOR', 'KUBE_EDITOR', 'GIT_DIFF_OPTS_EXTERNAL', 'DIFFPROG',
  'P4DIFF', 'SVN_EDITOR', 'HGEDITOR', 'HGMERGE', 'MERGE', 'TERMINAL', 'GIT_CLONE_PROTECTION_ACTIVE_HOOK',
]);

/** Variables bash expands like a prompt (`$(…)` inside runs) when it uses them. */
const PROMPT_VALUES = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/** Variables that load code into a program from a file or an option string: the gate must see them. */
// A Map: the name is the agent's word (`toString=1 ls` must find nothing). `BASH_FUNC_…` names are matched
// by their prefix below.
const CODE_LOADING: ReadonlyMap<string, RegExp> = new Map([
  ['NODE_OPTIONS', /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--env-file)\b/],
  ['PERL5OPT', /-[Mm][^\s]*[;(]/],
  ['LD_PRELOAD', /./],
  ['LD_AUDIT', /./],
  ['PYTHONSTARTUP', /./],
]);

export function envValueRuns(name: string, value: Word, found: Findings, via: string): void {
  if (SHELL_VALUES.has(name)) {
    if (value.value.trim() === '' && !value.dynamic) return;
    found.shell(via, value);
    return;
  }
  if (name === 'LESSOPEN') {
    // `|cmd %s` or `||cmd %s`: the command after the bars runs with the file name in place of %s
    const text = value.value.replace(/^\|\|?-?/, '');
    if (text.trim()) found.shell(via, { value: text, dynamic: value.dynamic });
    return;
  }
  if (PROMPT_VALUES.has(name)) {
    if (value.dynamic || /\$\(|`/.test(value.value)) found.opaqueRun(via, value.value);
    return;
  }
  if (name === 'GIT_CONFIG_PARAMETERS') {
    if (value.dynamic) {
      found.opaqueRun(via, value.value);
      return;
    }
    for (const [key, v] of parseGitConfigParameters(value.value)) gitConfigRuns(key, { value: v, dynamic: false }, found, `${via} ${key}`);
    return;
  }
  if (/^GIT_CONFIG_VALUE_\d+$/.test(name) || name === 'GIT_CONFIG_GLOBAL' || name === 'GIT_CONFIG_SYSTEM' || name === 'GIT_CONFIG') {
    // the key is in another variable, or the whole configuration comes from a chosen file
    found.opaqueRun(via, value.value);
    return;
  }
  const loading = CODE_LOADING.get(name) ?? (name.startsWith('BASH_FUNC_') ? /./ : undefined);
  if (loading && loading.test(value.value)) found.opaqueRun(via, value.value);
}

/** `'key=value' 'key2=value2'` as git writes GIT_CONFIG_PARAMETERS (single-quoted, `'\''` for a quote). */
export function parseGitConfigParameters(text: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const re = /'((?:[^']|'\\'')*)'(?:='((?:[^']|'\\'')*)')?/g;
  for (const m of text.matchAll(re)) {
    const unq = (s: string): string => s.replace(/'\\''/g, "'");
    const first = unq(m[1]!);
    if (m[2] !== undefined) out.push([first, unq(m[2])]);
    else {
      const eq = first.indexOf('=');
      out.push(eq === -1 ? [first, 'true'] : [first.slice(0, eq), first.slice(eq + 1)]);
    }
  }
  return out;
}
