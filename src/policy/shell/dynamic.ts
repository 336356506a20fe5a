// A word bash expands at run time, read as a pattern: each expansion (`$x`, `${…}`, `$(…)`, backticks,
// globs, braces, a leading `~`) becomes `*`. Over-approximating only turns an ask into a deny, never an
// allow, so anything unclear becomes `*` too.

function skipBalanced(word: string, open: number, o: string, c: string): number {
  let depth = 0;
  for (let i = open; i < word.length; i++) {
    if (word[i] === o) depth++;
    else if (word[i] === c && --depth === 0) return i + 1;
  }
  return word.length;
}

export function dynamicGlob(word: string): string {
  let out = '';
  let i = 0;
  while (i < word.length) {
    const ch = word[i]!;
    const next = word[i + 1];
    if (ch === '$' && next !== undefined) {
      if (next === '(') {
        i = skipBalanced(word, i + 1, '(', ')');
        out += '*';
        continue;
      }
      if (next === '{') {
        i = skipBalanced(word, i + 1, '{', '}');
        out += '*';
        continue;
      }
      if (/[A-Za-z_]/.test(next)) {
        i += 2;
        while (i < word.length && /[A-Za-z0-9_]/.test(word[i]!)) i++;
        out += '*';
        continue;
      }
      if (/[0-9@*#?$!\-'"]/.test(next)) {
        i += 2;
        out += '*';
        continue;
      }
    }
    if (ch === '`') {
      const j = word.indexOf('`', i + 1);
      i = j < 0 ? word.length : j + 1;
      out += '*';
      continue;
    }
    if (ch === '*' || ch === '?') {
      out += '*';
      i++;
      continue;
    }
    if (ch === '[' || ch === '{') {
      const j = word.indexOf(ch === '[' ? ']' : '}', i + 1);
      out += '*';
      i = j < 0 ? word.length : j + 1;
      continue;
    }
    if (ch === '~' && i === 0) {
      out += '*';
      i++;
      while (i < word.length && word[i] !== '/') i++;
      continue;
    }
    if (ch === '<' || ch === '>') {
      // process substitution `<(…)` kept as source text
      if (next === '(') {
        i = skipBalanced(word, i + 1, '(', ')');
        out += '*';
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out.replace(/\*+/g, '*');
}
