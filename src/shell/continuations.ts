// A backslash-newline outside quotes is deleted by bash before it reads any word (`gi\⏎t push` is
// `git push`), but tree-sitter-bash treats it as a blank and splits the word there. So the reader deletes,
// before the decisive parse, every backslash-newline the first parse shows outside any token; those inside
// single quotes, `$'…'`, comments and quoted here-documents are text, and those inside double quotes,
// words and unquoted here-documents are deleted by the word reader itself.
import { parseShell } from './parser.js';
import { ReadError } from './lexer.js';
import type { SyntaxNode } from './syntax.js';

/** Types inside which a backslash-newline is the lexers' business, never the splice's. */
const LEXED_INSIDE = new Set([
  'string', 'string_content', 'raw_string', 'ansi_c_string', 'translated_string', 'heredoc_body',
  'heredoc_content', 'heredoc_start', 'heredoc_end', 'comment', 'regex', 'extglob_pattern',
]);

const MAX_ROUNDS = 4;

export interface ParsedText {
  /** The text the tree was parsed from: the input with its line continuations deleted. */
  readonly src: string;
  readonly root: SyntaxNode;
}

export function parseWithContinuations(text: string, deadline: number): ParsedText {
  let src = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = parseShell(src, deadline);
    if (!parsed.ok) throw new ReadError(parsed.refusal.code, parsed.refusal.message, parsed.refusal.offset);
    const splice = src.includes('\\\n') ? continuationsOutsideTokens(src, parsed.root) : [];
    if (splice.length === 0) {
      const p = parsed.problem;
      if (p) throw new ReadError(p.code, p.message, p.offset);
      return { src, root: parsed.root };
    }
    let next = '';
    let from = 0;
    for (const at of splice) {
      next += src.slice(from, at);
      from = at + 2;
    }
    src = next + src.slice(from);
  }
  throw new ReadError('parse-error', 'the line continuations of this command cannot be resolved reliably; join the lines');
}

function continuationsOutsideTokens(src: string, root: SyntaxNode): number[] {
  const out: number[] = [];
  for (let i = src.indexOf('\\\n'); i !== -1; i = src.indexOf('\\\n', i + 2)) {
    if (isContinuation(src, root, i)) out.push(i);
  }
  return out;
}

/**
 * A backslash-newline bash deletes: outside every token, or inside a token where backslashes escape (a word,
 * or a token tree-sitter made of it while recovering from an error) and this backslash is not itself
 * escaped by the one before it.
 */
function isContinuation(src: string, root: SyntaxNode, at: number): boolean {
  let node = root;
  for (;;) {
    if (LEXED_INSIDE.has(node.type)) return false;
    const child = node.children.find((c) => c.start <= at && at < c.end);
    if (!child) return true;
    if (child.children.length === 0) {
      if (LEXED_INSIDE.has(child.type)) return false;
      let run = 0;
      for (let k = at - 1; k >= child.start && src[k] === '\\'; k--) run++;
      return run % 2 === 0;
    }
    node = child;
  }
}
