// Here-documents, checked against bash's own line rules rather than trusted to the tree: the body ends at
// the first line equal to the delimiter, after `<<-` strips leading tabs and, when the delimiter is unquoted,
// after backslash-newline joins two lines (so a line `EO\` followed by `F` ends it in bash). Where the tree
// ends the body elsewhere, the reader refuses.
import { ReadError } from './lexer.js';

/** Where bash ends a here-document body that starts at `bodyStart`: the offset of its delimiter line. */
export function findHeredocEnd(src: string, bodyStart: number, delimiter: string, stripTabs: boolean, quoted: boolean): number | null {
  let lineStart = bodyStart;
  while (lineStart <= src.length) {
    // a logical line: physical lines joined while one ends in an unescaped backslash (unquoted delimiter)
    let logical = '';
    let at = lineStart;
    for (;;) {
      const nl = src.indexOf('\n', at);
      const physical = nl === -1 ? src.slice(at) : src.slice(at, nl);
      if (!quoted && nl !== -1 && endsWithUnescapedBackslash(physical)) {
        logical += physical.slice(0, -1);
        at = nl + 1;
        continue;
      }
      logical += physical;
      at = nl === -1 ? src.length + 1 : nl + 1;
      break;
    }
    const candidate = stripTabs ? logical.replace(/^\t+/, '') : logical;
    if (candidate === delimiter) return lineStart;
    if (at > src.length) return null;
    lineStart = at;
  }
  return null;
}

function endsWithUnescapedBackslash(line: string): boolean {
  let n = 0;
  for (let i = line.length - 1; i >= 0 && line[i] === '\\'; i--) n++;
  return n % 2 === 1;
}

/**
 * Checks the tree's body extent against bash's and returns the body as bash reads it: from the start of
 * its first line to the start of the delimiter line. (With `<<-`, tree-sitter starts the body and the
 * delimiter after their leading tabs.) Throws a refusal when the two disagree.
 */
export function checkHeredocExtent(src: string, treeBodyStart: number, treeEnd: number, delimiter: string, stripTabs: boolean, quoted: boolean): { start: number; end: number } {
  let bodyStart = treeBodyStart;
  if (stripTabs) while (bodyStart > 0 && src[bodyStart - 1] === '\t') bodyStart--;
  if (bodyStart > 0 && src[bodyStart - 1] !== '\n') {
    throw new ReadError('parse-error', `the here-document at offset ${bodyStart} does not start on its own line`, bodyStart);
  }
  const end = findHeredocEnd(src, bodyStart, delimiter, stripTabs, quoted);
  if (end === null) {
    throw new ReadError('parse-error', `the here-document delimiter '${delimiter}' is missing; end the here-document with a line holding only '${delimiter}'`, bodyStart);
  }
  let delimiterAt = end;
  if (stripTabs) while (src[delimiterAt] === '\t') delimiterAt++;
  if (delimiterAt !== treeEnd) {
    throw new ReadError('parse-error', `the parser and bash would end the here-document at offset ${bodyStart} in different places; the command is refused`, bodyStart);
  }
  return { start: bodyStart, end };
}

/** `<<-` removes leading tabs from every body line. */
export function stripLeadingTabs(body: string): string {
  return body.replace(/^\t+/gm, '');
}
