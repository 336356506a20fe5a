// Shell builtins that run strings as shell (`eval`, `alias`, `trap`, `source /dev/stdin`, …), that set
// environment values programs run (`export GIT_SSH_COMMAND=…`), or that evaluate arithmetic where a quoted
// array subscript runs a substitution (`[[ -v 'a[$(cmd)]' ]]`, `let 'a[$(cmd)]=1'`).
import type { Word } from '../model.js';
import { envValueRuns } from './env-values.js';
import { joinWords } from './git.js';
import type { CommandContext, Handler } from './interpret.js';
import { ASSIGNMENT_WORD, hasOption, optionValue, parseOptions } from './options.js';

const evalBuiltin: Handler = (ctx) => {
  const args = ctx.words.slice(ctx.words[1]?.value === '--' ? 2 : 1);
  if (args.length === 0) return;
  ctx.found.shell('eval', joinWords(args));
};

const alias: Handler = (ctx) => {
  for (const w of ctx.words.slice(1)) {
    if (!w.dynamic && w.value.startsWith('-')) continue;
    const eq = w.value.indexOf('=');
    if (eq <= 0) continue;
    // the alias value is read as shell wherever the alias is used
    ctx.found.shell(`alias ${w.value.slice(0, eq)}`, { value: w.value.slice(eq + 1), dynamic: w.dynamic });
  }
};

const trap: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'lpP' });
  if (hasOption(parsed, '-l', '-p', '-P')) return;
  const action = ctx.words[parsed.next];
  if (!action || ctx.words.length < parsed.next + 2) return;
  if (!action.dynamic && (action.value === '-' || action.value === '')) return;
  // with signals after it, the first operand is the action bash runs when they come
  if (!action.dynamic && /^\d+$/.test(action.value)) return;
  ctx.found.shell('trap', action);
};

const STDIN_FILES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

const source: Handler = (ctx) => {
  const file = ctx.words[ctx.words[1]?.value === '--' ? 2 : 1];
  if (!file) return;
  if (file.dynamic && /^<\(/.test(file.value)) {
    ctx.found.opaqueRun(`${ctx.name} <(…)`, file.value);
    return;
  }
  if (file.dynamic || !STDIN_FILES.has(file.value)) return;
  const { stdinText, stdin } = ctx.base;
  if (stdinText !== null && (stdin === 'heredoc' || stdin === 'herestring')) ctx.found.shell(`${ctx.name} ${file.value}`, stdinText);
  else if (stdin !== 'inherited') ctx.found.opaqueRun(`${ctx.name} ${file.value}`, `(standard input: ${stdin})`);
};

/** `mapfile -C callback`, `compgen -C cmd`, `complete -C cmd`: the value is run as a command. */
function callbackOption(letter: string, spec: { flags?: string; values?: string }): Handler {
  return (ctx) => {
    const parsed = parseOptions(ctx.words, 1, spec);
    for (const o of parsed.options) if (o.name === `-${letter}` && o.value) ctx.found.shell(`${ctx.name} -${letter}`, o.value);
  };
}

const hash: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'rdlt', values: 'p' });
  const path = optionValue(parsed, '-p');
  // `hash -p /bin/sh ls` makes every later `ls` run /bin/sh
  if (path) ctx.found.opaqueRun('hash -p', `${path.value} ${ctx.words.slice(parsed.next).map((w) => w.value).join(' ')}`.trim());
};

const enable: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'adnps', values: 'f' });
  const lib = optionValue(parsed, '-f');
  if (lib) ctx.found.opaqueRun('enable -f', lib.value);
};

const fc: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'lnrs', values: 'e' });
  if (hasOption(parsed, '-l')) return;
  ctx.found.opaqueRun('fc', ctx.words.slice(1).map((w) => w.value).join(' '));
};

const bind: Handler = (ctx) => {
  const parsed = parseOptions(ctx.words, 1, { flags: 'lpsvPSVX', values: 'mqufrx' });
  const x = optionValue(parsed, '-x');
  if (x) ctx.found.opaqueRun('bind -x', x.value);
};

/** `export`, `declare -x`, `typeset`, `local`, `readonly`: values of variables programs run. */
const declaration: Handler = (ctx) => {
  for (const w of ctx.words.slice(1)) {
    const m = ASSIGNMENT_WORD.exec(w.value);
    if (!m) continue;
    envValueRuns(m[1]!, { value: m[2]!, dynamic: w.dynamic }, ctx.found, `${ctx.name} ${m[1]}`);
  }
};

/** Builtins whose arguments bash may evaluate as arithmetic, or as variable names with subscripts. */
const ARITHMETIC_READERS = new Set(['let', '[[', '((', 'test', '[', 'printf', 'read', 'unset', 'declare', 'typeset', 'local', 'export', 'readonly', 'mapfile', 'readarray', 'wait', 'getopts', 'shift', 'return', 'exit', 'ulimit']);

/**
 * A quoted word `a[$(cmd)]` given to one of these is a substitution bash runs when it evaluates the
 * subscript, though no quote-aware reader sees it as one. It is an opaque run of the command.
 */
export function checkArithmeticSubscripts(ctx: CommandContext): void {
  if (!ARITHMETIC_READERS.has(ctx.name)) return;
  for (const w of ctx.words.slice(1)) {
    if (/\[[^\]]*(\$\(|`|\$\[|\$\{)/.test(w.value) && !w.dynamic) ctx.found.opaqueRun('arithmetic subscript', w.value);
  }
}

/** Assignments whose static value holds a subscript substitution: `x='a[$(cmd)]'; (( x ))` runs cmd. */
export function arithmeticValue(value: Word): boolean {
  return !value.dynamic && /\[[^\]]*(\$\(|`)/.test(value.value);
}

export const builtinHandlers: ReadonlyArray<[string, Handler]> = [
  ['eval', evalBuiltin],
  ['alias', alias],
  ['trap', trap],
  ['source', source],
  ['.', source],
  ['mapfile', callbackOption('C', { values: 'dnOsuCc', flags: 't' })],
  ['readarray', callbackOption('C', { values: 'dnOsuCc', flags: 't' })],
  ['compgen', callbackOption('C', { values: 'AGWXPSFCo', flags: 'abcdefgjksuvV' })],
  ['complete', callbackOption('C', { values: 'AGWXPSFCo', flags: 'abcdefgjksuvDEIpr' })],
  ['hash', hash],
  ['enable', enable],
  ['fc', fc],
  ['bind', bind],
  ['export', declaration],
  ['declare', declaration],
  ['typeset', declaration],
  ['local', declaration],
  ['readonly', declaration],
];
