// `env -S STRING` (GNU coreutils): env splits STRING into words itself, with its own small syntax. Anything
// outside the part of that syntax read here (`${VAR}` expansion, an escape env does not know) makes the
// caller treat the string as opaque.
import type { Word } from '../model.js';

const ESCAPES: Record<string, string> = { f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '#': '#', $: '$', '\\': '\\', '"': '"', "'": "'" };

/** The words env makes of `text`, or null when it cannot be read statically. */
export function splitEnvString(text: string): Word[] | null {
  const out: Word[] = [];
  let cur = '';
  let inWord = false;
  let i = 0;
  const end = (): void => {
    if (inWord) out.push({ value: cur, dynamic: false });
    cur = '';
    inWord = false;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r') {
      end();
      i++;
      continue;
    }
    if (c === '#' && !inWord) break;
    if (c === '$') return null;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) return null;
      const body = text.slice(i + 1, close);
      if (body.includes('\\')) return null;
      cur += body;
      inWord = true;
      i = close + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      for (; j < text.length && text[j] !== '"'; j++) {
        const d = text[j]!;
        if (d === '$') return null;
        if (d === '\\') {
          const n = text[j + 1];
          if (n === '_') cur += ' ';
          else if (n !== undefined && ESCAPES[n] !== undefined) cur += ESCAPES[n];
          else return null;
          j++;
          continue;
        }
        cur += d;
      }
      if (j >= text.length) return null;
      inWord = true;
      i = j + 1;
      continue;
    }
    if (c === '\\') {
      const n = text[i + 1];
      if (n === 'c') break;
      if (n === '_') {
        end();
        i += 2;
        continue;
      }
      if (n === undefined || ESCAPES[n] === undefined) return null;
      cur += ESCAPES[n];
      inWord = true;
      i += 2;
      continue;
    }
    cur += c;
    inWord = true;
    i++;
  }
  end();
  return out;
}
