// A count of the pipe operators of a text, before parsing (see MAX_PIPES). It skips quotes, escapes,
// comments and here-document bodies as bash would; where it is unsure it counts, so it can only refuse a
// text too early, never let a long pipeline reach tree-sitter unseen.

export function countPipes(text: string): number {
  let count = 0;
  let i = 0;
  const n = text.length;
  const pendingHeredocs: string[] = [];
  while (i < n) {
    const c = text[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      i = close === -1 ? n : close + 1;
      continue;
    }
    if (c === '"') {
      i++;
      while (i < n && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
      continue;
    }
    if (c === '#' && (i === 0 || /[\s;&|()]/.test(text[i - 1]!))) {
      while (i < n && text[i] !== '\n') i++;
      continue;
    }
    if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      i += 2;
      if (text[i] === '-') i++;
      while (text[i] === ' ' || text[i] === '\t') i++;
      const m = /^(?:'([^']*)'|"([^"]*)"|\\?([^\s;&|()<>]+))/.exec(text.slice(i, i + 256));
      if (m) {
        pendingHeredocs.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/[\\'"]/g, ''));
        i += m[0].length;
      }
      continue;
    }
    if (c === '\n' && pendingHeredocs.length) {
      // skip the bodies, in order, each to the line that holds only its delimiter (after tabs)
      i++;
      for (const delimiter of pendingHeredocs) {
        for (;;) {
          const nl = text.indexOf('\n', i);
          const line = text.slice(i, nl === -1 ? n : nl);
          i = nl === -1 ? n : nl + 1;
          if (line.replace(/^\t+/, '') === delimiter || nl === -1) break;
        }
      }
      pendingHeredocs.length = 0;
      continue;
    }
    if (c === '|' && text[i + 1] !== '|' && text[i - 1] !== '|') count++;
    i++;
  }
  return count;
}
