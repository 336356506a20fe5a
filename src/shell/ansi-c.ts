// `$'…'` decoded exactly as bash 5 does (strtrans.c, ansicstr), byte by byte, in a UTF-8 locale: `\u` and `\U`
// give the character's UTF-8 bytes; `\x` and octal give raw bytes; a NUL ends the string (bash builds a C
// string). A result that is not valid UTF-8 cannot be shown or matched faithfully, so it is an error the
// caller turns into a refusal.

export class AnsiCDecodeError extends Error {
  readonly code = 'ORKEON_ANSI_C';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

const isOctal = (b: number | undefined): b is number => b !== undefined && b >= 0x30 && b <= 0x37;
const hexValue = (b: number | undefined): number => {
  if (b === undefined) return -1;
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x61 && b <= 0x66) return b - 0x61 + 10;
  if (b >= 0x41 && b <= 0x46) return b - 0x41 + 10;
  return -1;
};

const SIMPLE: Record<string, number> = { a: 7, v: 11, b: 8, e: 27, E: 27, f: 12, n: 10, r: 13, t: 9, '\\': 0x5c, "'": 0x27, '"': 0x22, '?': 0x3f };

/** Decodes the text between `$'` and the closing `'`. */
export function decodeAnsiC(body: string): string {
  const s = encoder.encode(body);
  const out: number[] = [];
  let i = 0;
  while (i < s.length) {
    const b = s[i++]!;
    if (b !== 0x5c || i >= s.length) {
      out.push(b);
      continue;
    }
    const e = s[i++]!;
    const ch = String.fromCharCode(e);
    const simple = SIMPLE[ch];
    if (simple !== undefined) {
      out.push(simple);
    } else if (e >= 0x30 && e <= 0x37) {
      let v = e - 0x30;
      for (let n = 0; n < 2 && isOctal(s[i]); n++) v = v * 8 + (s[i++]! - 0x30);
      out.push(v & 0xff);
    } else if (e === 0x78 /* x */) {
      let v = 0;
      let n = 0;
      while (n < 2 && hexValue(s[i]) >= 0) {
        v = v * 16 + hexValue(s[i++]);
        n++;
      }
      if (n === 0) out.push(0x5c, 0x78);
      else out.push(v & 0xff);
    } else if (e === 0x75 /* u */ || e === 0x55 /* U */) {
      const max = e === 0x75 ? 4 : 8;
      let v = 0;
      let n = 0;
      while (n < max && hexValue(s[i]) >= 0) {
        v = v * 16 + hexValue(s[i++]);
        n++;
      }
      if (n === 0) out.push(0x5c, e);
      else if (v <= 0x7f) out.push(v);
      else {
        if (v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff)) {
          throw new AnsiCDecodeError(`$'…' encodes U+${v.toString(16).toUpperCase()}, which is not a character`);
        }
        out.push(...encoder.encode(String.fromCodePoint(v)));
      }
    } else if (e === 0x63 /* c */) {
      if (i >= s.length) {
        out.push(0x5c, 0x63);
      } else {
        let c = s[i++]!;
        if (c === 0x5c && s[i] === 0x5c) i++;
        c = c === 0x3f ? 0x7f : toUpper(c) & 0x1f;
        out.push(c);
      }
    } else {
      out.push(0x5c, e);
    }
  }
  const nul = out.indexOf(0);
  const bytes = Uint8Array.from(nul === -1 ? out : out.slice(0, nul));
  try {
    return decoder.decode(bytes);
  } catch {
    throw new AnsiCDecodeError("$'…' decodes to bytes that are not UTF-8 text");
  }
}

function toUpper(c: number): number {
  return c >= 0x61 && c <= 0x7a ? c - 0x20 : c;
}
