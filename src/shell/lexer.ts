// The reader's own word lexer: bash's rules for one word (quotes, escapes, `$'…'`, `$"…"`, expansions,
// globs, braces, tilde), run on the source text. It is the second, independent reading the brief asks for:
// tree-sitter says where a word starts and what statement it belongs to; this lexer says where bash ends
// it and what bash makes of it, and any disagreement between the two is a refusal. It also decides which
// substitutions really run (tree-sitter misses `$(…)` inside single quotes inside a double-quoted `${…}`,
// which bash runs), asking the tree only for the extent of `$(…)`, `$((…))` and `<(…)`.
import { AnsiCDecodeError, decodeAnsiC } from './ansi-c.js';
import type { SyntaxNode } from './syntax.js';
import type { ShellRefusalCode } from './types.js';

export class ReadError extends Error {
  constructor(
    readonly refusalCode: ShellRefusalCode,
    message: string,
    readonly offset?: number,
  ) {
    super(message);
  }
}

export interface LexContext {
  readonly src: string;
  /** The syntax node of `type` that starts at `offset`, if the tree has one. */
  nodeAt(offset: number, type: string): SyntaxNode | undefined;
}

/** A substitution that runs commands: its text is read as shell in its own right. */
export interface Substitution {
  readonly kind: '$(' | '`' | '<(' | '>(';
  readonly start: number;
  readonly end: number;
  /** Its source text, as `words` keeps it. */
  readonly source: string;
  /** The tree's node for `$(…)`, `<(…)`, `>(…)`; a backquote is re-read from `body` instead. */
  readonly node?: SyntaxNode;
  /** For a backquote: its text after bash's backslash rules (`\$`, `` \` ``, `\\`, and `\"` in double quotes). */
  readonly body?: string;
  /** Filled in by the reader: the substitution as the reading's `line` shows it. */
  line?: string;
}

export type Part = string | Substitution;

export interface LexedWord {
  readonly start: number;
  readonly end: number;
  /** The word bash passes, expansions kept as their source text. */
  readonly value: string;
  /** `value` with every substitution still a placeholder, for the line. */
  readonly parts: readonly Part[];
  readonly dynamic: boolean;
  /** An expansion outside double quotes, a glob or a brace: bash may make several words of it. */
  readonly splits: boolean;
  /** Why it is dynamic: 'variable', 'substitution', 'arithmetic', 'glob', 'brace', 'tilde'. */
  readonly why: ReadonlySet<string>;
  readonly subs: readonly Substitution[];
  /** True when any part of the word was quoted or escaped (a here-document delimiter then disables expansion). */
  readonly quoted: boolean;
}

/**
 * - `word`: an ordinary word: ends at a blank or metacharacter; globs, braces and `~` are dynamic.
 * - `assign`: the value of `NAME=value`: no globbing or brace expansion, `~` after `=` or `:` expands.
 * - `pattern`: a `[[ ]]` operand, a case pattern, a regex: globs are matching patterns, not expansions.
 */
export type WordMode = 'word' | 'assign' | 'pattern';

const BLANK_OR_META = new Set([' ', '\t', '\n', '|', '&', ';', '(', ')', '<', '>']);
const SPECIAL_PARAMS = new Set(['@', '*', '#', '?', '-', '$', '!', '0']);
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

/** The `why` of a word that expands nothing (shared: a finished word's set is never changed). */
const NOTHING_EXPANDS: ReadonlySet<string> = new Set();

class WordBuilder {
  parts: Part[] = [];
  text = '';
  dynamic = false;
  splits = false;
  quoted = false;
  /** Made on the first expansion: most words have none. */
  why: Set<string> | null = null;
  /** `why` holds 'glob' or 'brace' (checked at every character of a word). */
  globOrBrace = false;
  subs: Substitution[] = [];
  // brace expansion: an unquoted `{`, then an unquoted `,` or `..`, then an unquoted `}`
  braceOpen = false;
  braceSep = false;
  bracketOpen = false;
  sawEquals = false;

  lit(s: string): void {
    this.text += s;
  }
  flush(): void {
    if (this.text) {
      this.parts.push(this.text);
      this.text = '';
    }
  }
  expansion(source: string, why: string): void {
    this.flush();
    this.parts.push(source);
    this.mark(why);
  }
  sub(s: Substitution): void {
    this.flush();
    this.parts.push(s);
    this.subs.push(s);
    this.mark('substitution');
  }
  marks = 0;
  mark(why: string): void {
    this.marks++;
    this.dynamic = true;
    this.addWhy(why);
  }
  addWhy(why: string): void {
    (this.why ??= new Set()).add(why);
    if (why === 'glob' || why === 'brace') this.globOrBrace = true;
  }
}

export function lexWord(ctx: LexContext, start: number, mode: WordMode, bound?: number): LexedWord {
  const { src } = ctx;
  const limit = bound ?? src.length;
  const w = new WordBuilder();
  let i = start;
  if (mode === 'word' && bound === undefined && src[i] === '#') {
    throw new ReadError('parse-error', `the parser and the word reader disagree at offset ${i}: '#' starts a comment there`, i);
  }
  // plain characters are added to the word a run at a time, not one by one
  let run = -1;
  while (i < limit) {
    const c = src[i]!;
    if (bound === undefined && BLANK_OR_META.has(c)) {
      if ((c === '<' || c === '>') && src[i + 1] === '(') {
        if (run >= 0) {
          w.lit(src.slice(run, i));
          run = -1;
        }
        i = processSubstitution(ctx, w, i);
        continue;
      }
      break;
    }
    if (run >= 0 && (c === '\\' || c === "'" || c === '"' || c === '$' || c === '`')) {
      w.lit(src.slice(run, i));
      run = -1;
    }
    if (c === '\\') {
      if (i + 1 >= limit) {
        // a backslash at the very end of the input is kept (bash: `echo a\` prints `a\`)
        w.lit('\\');
        i++;
      } else if (src[i + 1] === '\n') {
        i += 2;
      } else {
        w.quoted = true;
        w.lit(src[i + 1]!);
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close === -1 || close >= limit) throw unterminated(i, 'single quote');
      w.quoted = true;
      w.lit(src.slice(i + 1, close));
      i = close + 1;
      continue;
    }
    if (c === '"') {
      w.quoted = true;
      i = doubleQuoted(ctx, w, i + 1, limit);
      continue;
    }
    if (c === '$') {
      const before = w.marks;
      i = dollar(ctx, w, i, false, limit);
      if (w.marks !== before) w.splits = true;
      continue;
    }
    if (c === '`') {
      i = backquote(ctx, w, i, false, limit);
      w.splits = true;
      continue;
    }
    if (c === '~' && mode !== 'pattern') {
      // bash expands a leading ~, and one after the = or a : of an assignment (or an assignment-like word)
      const prev = src[i - 1];
      const afterEquals = (mode === 'assign' || w.sawEquals) && (prev === '=' || prev === ':');
      if (i === start || afterEquals) w.mark('tilde');
    }
    if (c === '=' ) w.sawEquals = true;
    if (mode === 'word') {
      if (c === '*' || c === '?') w.mark('glob');
      else if (c === '[') w.bracketOpen = true;
      else if (c === ']' && w.bracketOpen) w.mark('glob');
      else if (c === '{') w.braceOpen = true;
      else if (c === ',' && w.braceOpen) w.braceSep = true;
      else if (c === '.' && src[i + 1] === '.' && w.braceOpen) w.braceSep = true;
      else if (c === '}' && w.braceSep) w.mark('brace');
      if (w.globOrBrace) w.splits = true;
    }
    if (run < 0) run = i;
    i++;
  }
  if (run >= 0) w.lit(src.slice(run, i));
  if (bound !== undefined && i !== bound) {
    throw new ReadError('parse-error', `the parser and the word reader disagree about the word at offset ${start}`, start);
  }
  w.flush();
  // bash splits the expansions of ordinary words only, never an assignment's value or a [[ ]] operand
  if (mode !== 'word') w.splits = false;
  return finishWord(w, start, i);
}

/**
 * Reads `[start, end)` the way bash reads a here-document body with an unquoted delimiter or an arithmetic
 * expression: expansions run, `\` escapes only `$`, `` ` ``, `\` and a newline, quotes are literal.
 */
export function lexSpan(ctx: LexContext, start: number, end: number): LexedWord {
  const { src } = ctx;
  const w = new WordBuilder();
  let i = start;
  while (i < end) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < end) {
      const n = src[i + 1]!;
      if (n === '\n') {
        i += 2;
        continue;
      }
      if (n === '$' || n === '`' || n === '\\') {
        w.lit(n);
        i += 2;
        continue;
      }
      w.lit(c);
      i++;
      continue;
    }
    if (c === '$') {
      i = dollar(ctx, w, i, true, end);
      continue;
    }
    if (c === '`') {
      i = backquote(ctx, w, i, false, end);
      continue;
    }
    w.lit(c);
    i++;
  }
  if (i !== end) throw new ReadError('parse-error', `an expansion runs past the end of its text at offset ${start}`, start);
  w.flush();
  return finishWord(w, start, end);
}

function finishWord(w: WordBuilder, start: number, end: number): LexedWord {
  let value = '';
  for (const p of w.parts) value += typeof p === 'string' ? p : p.source;
  return { start, end, value, parts: w.parts, dynamic: w.dynamic, splits: w.splits, why: w.why ?? NOTHING_EXPANDS, subs: w.subs, quoted: w.quoted };
}

function unterminated(at: number, what: string): ReadError {
  return new ReadError('parse-error', `unterminated ${what} at offset ${at}`, at);
}

/** From just after an opening `"` to just after its closing `"`. */
function doubleQuoted(ctx: LexContext, w: WordBuilder, from: number, limit: number): number {
  const { src } = ctx;
  let i = from;
  // plain characters are added a run at a time
  let run = -1;
  while (i < limit) {
    const c = src[i]!;
    if (run >= 0 && (c === '"' || c === '\\' || c === '$' || c === '`')) {
      w.lit(src.slice(run, i));
      run = -1;
    }
    if (c === '"') return i + 1;
    if (c === '\\' && i + 1 < limit) {
      const n = src[i + 1]!;
      if (n === '\n') {
        i += 2;
        continue;
      }
      if (n === '$' || n === '`' || n === '"' || n === '\\') {
        w.lit(n);
        i += 2;
        continue;
      }
      w.lit('\\');
      i++;
      continue;
    }
    if (c === '$') {
      i = dollar(ctx, w, i, true, limit);
      continue;
    }
    if (c === '`') {
      i = backquote(ctx, w, i, true, limit);
      continue;
    }
    if (run < 0) run = i;
    i++;
  }
  throw unterminated(from - 1, 'double quote');
}

function dollar(ctx: LexContext, w: WordBuilder, at: number, inDq: boolean, limit: number): number {
  const { src } = ctx;
  const n = src[at + 1];
  if (n === undefined || at + 1 >= limit) {
    w.lit('$');
    return at + 1;
  }
  if (n === '(') {
    if (src[at + 2] === '(') {
      const arith = ctx.nodeAt(at, 'arithmetic_expansion');
      if (arith) return arithmetic(ctx, w, at, arith.end, 3, 2);
    }
    const node = ctx.nodeAt(at, 'command_substitution');
    if (!node || src[node.end - 1] !== ')') {
      throw new ReadError('unsupported-construct', `a command substitution at offset ${at} is not where the parser saw one (for example inside single quotes inside a double-quoted \${…}, which bash runs); the command is refused`, at);
    }
    w.sub({ kind: '$(', start: at, end: node.end, source: src.slice(at, node.end), node });
    return node.end;
  }
  if (n === '[') {
    const arith = ctx.nodeAt(at, 'arithmetic_expansion');
    if (!arith) throw new ReadError('unsupported-construct', `an arithmetic expansion $[…] at offset ${at} is not where the parser saw one`, at);
    return arithmetic(ctx, w, at, arith.end, 2, 1);
  }
  if (n === '{') {
    const end = braceExpansionEnd(ctx, w, at, inDq);
    const node = ctx.nodeAt(at, 'expansion');
    if (node && node.end !== end) {
      throw new ReadError('parse-error', `the parser and the word reader disagree about where the \${…} at offset ${at} ends`, at);
    }
    w.flush();
    w.parts.push(src.slice(at, end));
    w.mark('variable');
    return end;
  }
  if (!inDq && n === "'") {
    let i = at + 2;
    while (i < limit && src[i] !== "'") i += src[i] === '\\' ? 2 : 1;
    if (i >= limit) throw unterminated(at, "$'…' string");
    try {
      w.lit(decodeAnsiC(src.slice(at + 2, i)));
    } catch (err) {
      if (err instanceof AnsiCDecodeError) throw new ReadError('unsupported-construct', `${err.message} (offset ${at})`, at);
      throw err;
    }
    w.quoted = true;
    return i + 1;
  }
  if (!inDq && n === '"') {
    w.quoted = true;
    return doubleQuoted(ctx, w, at + 2, limit);
  }
  if (NAME_START.test(n)) {
    let i = at + 2;
    while (i < limit && NAME_CHAR.test(src[i]!)) i++;
    w.expansion(src.slice(at, i), 'variable');
    return i;
  }
  if ((n >= '0' && n <= '9') || SPECIAL_PARAMS.has(n)) {
    w.expansion(src.slice(at, at + 2), 'variable');
    return at + 2;
  }
  w.lit('$');
  return at + 1;
}

/** `$((…))` or `$[…]`: the expression is read like a double-quoted string for the substitutions in it. */
function arithmetic(ctx: LexContext, w: WordBuilder, at: number, end: number, open: number, close: number): number {
  const inner = lexSpan(ctx, at + open, end - close);
  for (const s of inner.subs) w.subs.push(s);
  w.flush();
  w.parts.push(ctx.src.slice(at, end));
  w.mark('arithmetic');
  if (inner.subs.length) w.addWhy('substitution');
  return end;
}

/**
 * Where the `${…}` starting at `at` ends, by bash's rules: a backslash escapes, single quotes and double
 * quotes hide a `}`, nested `${`, `$(`, backquotes are skipped whole, and a bare `{` does not nest.
 * Substitutions found on the way are recorded. Inside double quotes, bash runs a `$(…)` even within single
 * quotes there; the tree does not see it, so such a text is refused by `dollar`.
 */
function braceExpansionEnd(ctx: LexContext, w: WordBuilder, at: number, inDq: boolean): number {
  const { src } = ctx;
  let i = at + 2;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '}') return i + 1;
    if (c === "'") {
      const close = src.indexOf("'", i + 1);
      if (close === -1) throw unterminated(i, 'single quote');
      if (inDq && /\$[({[]|`/.test(src.slice(i + 1, close))) {
        throw new ReadError('unsupported-construct', `a substitution inside single quotes inside a double-quoted \${…} at offset ${i} runs in bash but cannot be read reliably; the command is refused`, i);
      }
      i = close + 1;
      continue;
    }
    if (c === '"') {
      const sink = new WordBuilder();
      i = doubleQuoted(ctx, sink, i + 1, src.length);
      for (const s of sink.subs) w.subs.push(s);
      continue;
    }
    if (c === '$') {
      const sink = new WordBuilder();
      i = dollar(ctx, sink, i, inDq, src.length);
      for (const s of sink.subs) w.subs.push(s);
      continue;
    }
    if (c === '`') {
      const sink = new WordBuilder();
      i = backquote(ctx, sink, i, inDq, src.length);
      for (const s of sink.subs) w.subs.push(s);
      continue;
    }
    i++;
  }
  throw unterminated(at, '${…}');
}

/** A backquoted substitution: bash ends it at the first unescaped backquote, whatever the quotes. */
function backquote(ctx: LexContext, w: WordBuilder, at: number, inDq: boolean, limit: number): number {
  const { src } = ctx;
  let i = at + 1;
  let body = '';
  while (i < limit) {
    const c = src[i]!;
    if (c === '`') break;
    if (c === '\\' && i + 1 < limit) {
      const n = src[i + 1]!;
      if (n === '$' || n === '`' || n === '\\' || (inDq && n === '"')) body += n;
      else if (n !== '\n') body += c + n;
      i += 2;
      continue;
    }
    body += c;
    i++;
  }
  if (i >= limit) throw unterminated(at, 'backquote');
  const end = i + 1;
  const node = ctx.nodeAt(at, 'command_substitution');
  if (node && node.end !== end) {
    throw new ReadError('parse-error', `the parser and the word reader disagree about where the backquote at offset ${at} ends`, at);
  }
  w.sub({ kind: '`', start: at, end, source: src.slice(at, end), body });
  return end;
}

function processSubstitution(ctx: LexContext, w: WordBuilder, at: number): number {
  const node = ctx.nodeAt(at, 'process_substitution');
  if (!node || ctx.src[node.end - 1] !== ')') {
    throw new ReadError('parse-error', `a process substitution at offset ${at} is not where the parser saw one`, at);
  }
  w.sub({ kind: ctx.src[at] === '<' ? '<(' : '>(', start: at, end: node.end, source: ctx.src.slice(at, node.end), node });
  return node.end;
}
