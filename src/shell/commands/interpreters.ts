// Shells and language interpreters: a shell's `-c` string is read as shell (bash's language only: fish,
// csh, pwsh, … are opaque); code given inline to python, node, perl, ruby, php, … is an opaque run; and a
// shell or interpreter reading its program from standard input (a pipe, a here-string, a here-document,
// `-`, /dev/stdin) is read when the text is known and opaque otherwise.
import type { Word } from '../model.js';
import { BOURNE_SHELLS, FOREIGN_SHELLS, isPythonName, type Arg } from './grammars.js';
import type { CommandContext, Handler } from './interpret.js';

const STDIN_NAMES = new Set(['-', '/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

export function interpreterHandler(name: string): Handler | undefined {
  if (BOURNE_SHELLS.has(name) || FOREIGN_SHELLS.has(name)) return shell;
  if (isPythonName(name)) return python;
  if (/^(node|nodejs|bun|tsx|ts-node|ts-node-esm)$/.test(name)) return jsRuntime;
  if (name === 'deno') return deno;
  if (/^perl(5[.\d]*)?$/.test(name)) return codeOptions(['-e', '-E']);
  if (/^ruby([\d.]+)?$/.test(name)) return codeOptions(['-e']);
  if (/^php([\d.]+)?$/.test(name)) return codeOptions(['-r', '-B', '-R', '-E', '--process-begin', '--process-code', '--process-end']);
  if (/^lua(jit|[\d.]+)?$/.test(name)) return codeOptions(['-e']);
  if (/^(julia|Rscript|osascript|R)$/.test(name)) return codeOptions(['-e', '-E', '--eval', '--print']);
  return undefined;
}

function args(ctx: CommandContext): readonly Arg[] {
  return ctx.split ?? [];
}

/** The first operand and where it is (the script or, for `sh -c`, the command string). */
function firstOperand(list: readonly Arg[]): Arg | undefined {
  return list.find((a) => a.kind === 'operand');
}

/** Standard input feeds the program: read it if its text is known, else say it cannot be read. */
function programOnStdin(ctx: CommandContext, readAsShell: boolean): void {
  const { stdin, stdinText } = ctx.base;
  const label = stdin === 'herestring' ? `${ctx.name} <<<` : stdin === 'heredoc' ? `${ctx.name} <<` : `${ctx.name} stdin`;
  if (stdinText !== null && (stdin === 'heredoc' || stdin === 'herestring')) {
    if (readAsShell) ctx.found.shell(label, stdinText);
    else ctx.found.opaqueRun(label, stdinText.value);
    return;
  }
  if (stdin !== 'inherited') ctx.found.opaqueRun(label, `(program on standard input: ${stdin})`);
}

const shell: Handler = (ctx) => {
  const list = args(ctx);
  const bourne = BOURNE_SHELLS.has(ctx.name);
  const hasC = list.some((a) => a.kind === 'option' && /^-[A-Za-z]*$/.test(a.text) && a.text === '-c');
  if (ctx.name === 'fish' || !bourne) {
    // fish -c CMD, pwsh -c/-Command, csh -c: another language
    const c = list.findIndex((a) => a.kind === 'option' && /^(-c|--command|-Command|-command|-EncodedCommand|-ec|-e)$/i.test(a.text));
    if (c !== -1) {
      const value = list[c + 1];
      ctx.found.opaqueRun(`${ctx.name} ${list[c]!.text}`, value?.text ?? '');
      return;
    }
    const op = firstOperand(list);
    if (!op || STDIN_NAMES.has(op.text)) programOnStdin(ctx, false);
    return;
  }
  const op = firstOperand(list);
  if (hasC) {
    if (!op) return;
    const word = ctx.words[op.from]!;
    ctx.found.shell(`${ctx.name} -c`, word);
    return;
  }
  const readsStdin = list.some((a) => a.kind === 'option' && a.text === '-s');
  if (!op || readsStdin || STDIN_NAMES.has(op.text)) programOnStdin(ctx, true);
};

const python: Handler = (ctx) => {
  const list = args(ctx);
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    if (a.kind !== 'option') continue;
    if (a.text === '-c') {
      ctx.found.opaqueRun(`${ctx.name} -c`, list[i + 1]?.text ?? '');
      return;
    }
    if (a.text === '-m') {
      const mod = list[i + 1]?.text ?? '';
      // modules whose arguments are code: timeit runs its statements, cProfile/trace/pdb run a script or -c
      if (['timeit', 'cProfile', 'profile', 'trace', 'pdb', 'code', 'runpy'].includes(mod)) {
        ctx.found.opaqueRun(`${ctx.name} -m ${mod}`, list.slice(i + 2).map((x) => x.text).join(' '));
      }
      return;
    }
  }
  const op = firstOperand(list);
  if (!op || STDIN_NAMES.has(op.text)) programOnStdin(ctx, false);
};

const jsRuntime: Handler = (ctx) => {
  const list = args(ctx);
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    if (a.kind !== 'option') continue;
    if (['-e', '--eval', '-p', '--print'].includes(a.text)) {
      const value = list[i + 1];
      if (value && value.kind !== 'option') {
        ctx.found.opaqueRun(`${ctx.name} ${a.text}`, value.text);
        return;
      }
    }
    if (a.text === '-pe' || a.text === '-ep') {
      ctx.found.opaqueRun(`${ctx.name} ${a.text}`, list[i + 1]?.text ?? '');
      return;
    }
  }
  const op = firstOperand(list);
  if (ctx.name === 'bun' && op && ['run', 'x', 'exec'].includes(op.text)) {
    bunSubcommand(ctx, op);
    return;
  }
  if (!op || STDIN_NAMES.has(op.text)) programOnStdin(ctx, false);
};

function bunSubcommand(ctx: CommandContext, op: Arg): void {
  const rest = ctx.words.slice(op.from + 1);
  if (op.text === 'x') ctx.found.command('bun x', rest);
  // `bun exec` runs its argument with Bun's shell, whose language is bash-like
  else if (op.text === 'exec' && rest[0]) ctx.found.shell('bun exec', rest[0]);
}

const deno: Handler = (ctx) => {
  const words = ctx.words;
  let i = 1;
  while (i < words.length && !words[i]!.dynamic && words[i]!.value.startsWith('-')) i++;
  const sub = words[i];
  if (!sub || sub.dynamic) return;
  if (sub.value === 'eval') {
    let j = i + 1;
    while (j < words.length && !words[j]!.dynamic && words[j]!.value.startsWith('-')) j++;
    ctx.found.opaqueRun('deno eval', words[j]?.value ?? '');
    return;
  }
  if (sub.value === 'run') {
    let j = i + 1;
    while (j < words.length && !words[j]!.dynamic && words[j]!.value.startsWith('-')) j++;
    const script = words[j];
    if (!script || STDIN_NAMES.has(script.value)) programOnStdin(ctx, false);
    return;
  }
  if (sub.value === 'task') return;
};

/** Interpreters whose inline-code options are `names` (perl -e, ruby -e, php -r, …). */
function codeOptions(names: readonly string[]): Handler {
  return (ctx) => {
    const list = args(ctx);
    const code: string[] = [];
    let label = '';
    for (let i = 0; i < list.length; i++) {
      const a = list[i]!;
      if (a.kind === 'option' && names.includes(a.text)) {
        code.push(list[i + 1]?.text ?? '');
        label ||= `${ctx.name} ${a.text}`;
      }
    }
    if (code.length) {
      ctx.found.opaqueRun(label, code.join('\n'));
      return;
    }
    const op = list.length ? firstOperand(list) : ctx.words[1] ? ({ text: ctx.words[1].value } as Arg) : undefined;
    if (!op || STDIN_NAMES.has(op.text)) programOnStdin(ctx, false);
  };
}

export type { Word };
