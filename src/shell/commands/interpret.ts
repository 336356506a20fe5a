// What each command's own grammar makes of its words: `argv` (option groups split, paths read lexically),
// the commands it runs (wrappers), the strings it runs as shell (`bash -c`, `eval`, `git -c alias.x=!…`), and
// the programs it runs that are not shell (`python3 -c`, `awk 'BEGIN{system(…)}'`): opaque runs.
import type { BaseCommand, InnerCommand, Interpretation, NestedShell, Word } from '../model.js';
import { normaliseCommandName, normalisePath } from '../paths.js';
import type { OpaqueRun } from '../types.js';
import { arithmeticValue, builtinHandlers, checkArithmeticSubscripts } from './builtins.js';
import { envValueRuns } from './env-values.js';
import { gitHandler, gitArgs } from './git.js';
import { grammarFor, plainArgs, splitByGrammar, type Arg, type SplitGrammar } from './grammars.js';
import { interpreterHandler } from './interpreters.js';
import { runnerHandlers } from './runners.js';
import { wrapperHandlers } from './wrappers.js';

/** What handlers add to a command's reading. */
export class Findings {
  readonly opaque: OpaqueRun[] = [];
  readonly shells: NestedShell[] = [];
  readonly inner: InnerCommand[] = [];

  constructor(private readonly words: readonly Word[]) {}

  /** Shell text that will run: read it, or, when it is dynamic, say it cannot be read. */
  shell(via: string, text: Word | string, stdin?: NestedShell['stdin']): void {
    const w = typeof text === 'string' ? { value: text, dynamic: false } : text;
    if (w.dynamic) this.opaque.push({ via, text: w.value });
    else this.shells.push(stdin ? { via, text: w.value, stdin } : { via, text: w.value });
  }

  /** A program that is not shell, or that cannot be resolved. */
  opaqueRun(via: string, text: string): void {
    this.opaque.push({ via, text });
  }

  /**
   * A command this one runs with `words` (a wrapper's target). When a dynamic word comes before it among
   * the wrapper's own words, bash may split that word into several and move the command: its name is then
   * marked dynamic, since it cannot be known before run time.
   */
  command(via: string, words: readonly Word[], extra: Partial<Omit<InnerCommand, 'via' | 'words'>> = {}): void {
    if (words.length === 0) return;
    const first = words[0]!;
    const at = this.words.indexOf(first);
    const before = at === -1 ? this.words.slice(1).filter((w) => !words.includes(w)) : this.words.slice(1, at);
    const shifted = before.some((w) => w.splits === true);
    const placed = shifted && !first.dynamic ? [{ value: first.value, dynamic: true }, ...words.slice(1)] : words;
    this.inner.push({ via, words: placed, assignments: extra.assignments ?? [], ...(extra.clearsEnvironment ? { clearsEnvironment: true } : {}), ...(extra.stdin ? { stdin: extra.stdin } : {}) });
  }
}

export interface CommandContext {
  readonly base: BaseCommand;
  readonly words: readonly Word[];
  /** The command's basename (`/usr/bin/env` → `env`); '' when the name is dynamic. */
  readonly name: string;
  readonly found: Findings;
  /** The words split by the command's own grammar (`python3 -Ic…` → `-I -c …`), null when it has none. */
  readonly split: readonly Arg[] | null;
}

export type Handler = (ctx: CommandContext) => void;

const HANDLERS: ReadonlyMap<string, Handler> = new Map<string, Handler>([
  ...builtinHandlers,
  ...wrapperHandlers,
  ...runnerHandlers,
  ['git', gitHandler],
]);

/** Commands whose first operand is a pattern or program text, never a path. */
const PATTERN_FIRST = new Set(['sed', 'gsed', 'awk', 'gawk', 'mawk', 'nawk', 'grep', 'egrep', 'fgrep', 'rg', 'ag', 'ack', 'jq', 'yq', 'gojq', 'tr', 'expr', 'printf', 'echo']);

const handlerCache = new Map<string, Handler | null>();
const grammarCache = new Map<string, SplitGrammar | null>();

function handlerFor(name: string): Handler | null {
  let h = handlerCache.get(name);
  if (h === undefined) {
    h = HANDLERS.get(name) ?? interpreterHandler(name) ?? null;
    if (handlerCache.size < 4096) handlerCache.set(name, h);
  }
  return h;
}

function cachedGrammar(name: string): SplitGrammar | null {
  let g = grammarCache.get(name);
  if (g === undefined) {
    g = grammarFor(name);
    if (grammarCache.size < 4096) grammarCache.set(name, g);
  }
  return g;
}

export function commandBasename(word: Word | undefined): string {
  if (!word || word.dynamic) return '';
  const v = word.value;
  const slash = v.lastIndexOf('/');
  return slash === -1 ? v : v.slice(slash + 1);
}

export function interpretCommand(base: BaseCommand): Interpretation {
  const found = new Findings(base.words);
  const name = commandBasename(base.words[0]);
  // split once: the handler reads the split words, and so does argv
  const grammar = name && name !== 'git' && base.words.length > 0 ? cachedGrammar(name) : null;
  const split = grammar ? splitByGrammar(base.words, grammar) : null;
  const ctx: CommandContext = { base, words: base.words, name, found, split };

  // environment values that programs run, on any command (and on assignments alone)
  for (const a of base.assignments) {
    envValueRuns(a.name, { value: a.value, dynamic: a.dynamic }, found, a.name);
    // `x='a[$(cmd)]'; (( x ))`: arithmetic on x later runs cmd
    if (arithmeticValue({ value: a.value, dynamic: a.dynamic })) found.opaqueRun('arithmetic subscript', a.value);
  }

  if (base.words.length > 0 && name) {
    handlerFor(name)?.(ctx);
    checkArithmeticSubscripts(ctx);
  }

  const args = split ?? argsOf(base.words, name);
  const { argv, dynamic } = argvOf(base.words, args, name);
  // built field by field: a spread into a literal with more fields takes V8's slow generic copy
  return { argv, dynamic, opaque: found.opaque, shells: found.shells, inner: found.inner };
}

/** The words of a command with no grammar of its own: git's global options, else every word as it is. */
function argsOf(words: readonly Word[], name: string): Arg[] {
  if (words.length === 0) return [];
  return name === 'git' ? gitArgs(words) : plainArgs(words);
}

function argvOf(words: readonly Word[], args: readonly Arg[], name: string): { argv: string[]; dynamic: number[] } {
  const argv: string[] = [];
  const dynamic: number[] = [];
  let seenOperand = false;
  for (const a of args) {
    const w = words[a.from]!;
    let text = a.text;
    if (!w.dynamic) {
      if (a.kind === 'name') text = normaliseCommandName(text);
      else if (a.kind === 'operand') {
        const pattern = !seenOperand && PATTERN_FIRST.has(name);
        if (!pattern) text = normalisePath(text);
      }
    }
    if (a.kind === 'operand') seenOperand = true;
    if (w.dynamic) dynamic.push(argv.length);
    argv.push(text);
  }
  return { argv, dynamic };
}
