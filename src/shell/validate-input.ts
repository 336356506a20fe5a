// Refuse before parsing what bash would read differently from what a person (or a rule) sees: characters
// that cut a word (NUL), end a line where none shows (CR), draw nothing (zero-width, bidi controls) or look
// like a blank without being one (non-ASCII spaces). Everything else, non-ASCII letters included, is read.
import { MAX_INPUT_BYTES } from './limits.js';
import type { ShellRefusal, ShellRefusalCode } from './types.js';

/** Zero-width, format and other default-ignorable characters: they show nothing yet change the word. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** Space separators, line and paragraph separators other than the ASCII space. */
const NON_ASCII_SPACE = /[\p{Zs}\p{Zl}\p{Zp}]/u;

/** The first character bash would read differently from what is shown, or null when there is none. */
export function validateInputCharacters(source: string): ShellRefusal | null {
  // a UTF-16 unit is at most 3 UTF-8 bytes: a short input needs no byte count
  if (source.length > MAX_INPUT_BYTES || (source.length * 3 > MAX_INPUT_BYTES && Buffer.byteLength(source, 'utf8') > MAX_INPUT_BYTES)) {
    return {
      code: 'too-long',
      message: `the command is longer than ${MAX_INPUT_BYTES / 1024} KiB (${Buffer.byteLength(source, 'utf8')} bytes); write it to a script file and run the file`,
    };
  }
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) continue;
    if (c === 0x09 || c === 0x0a) continue;
    if (c < 0xa0) return refuse(controlCode(c), c, i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = source.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = source.codePointAt(i) ?? c;
        const refusal = classifyNonAscii(cp, i);
        if (refusal) return refusal;
        i++;
        continue;
      }
      return refuse('lone-surrogate', c, i);
    }
    const refusal = classifyNonAscii(c, i);
    if (refusal) return refusal;
  }
  return null;
}

function classifyNonAscii(cp: number, offset: number): ShellRefusal | null {
  const ch = String.fromCodePoint(cp);
  if (NON_ASCII_SPACE.test(ch)) return refuse('non-ascii-space', cp, offset);
  if (INVISIBLE.test(ch)) return refuse('invisible-character', cp, offset);
  return null;
}

function controlCode(c: number): ShellRefusalCode {
  if (c === 0) return 'nul';
  if (c === 0x0d) return 'carriage-return';
  return 'control-character';
}

/** `U+00A0`: the notation every refusal uses to name a character. */
export function codePointName(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
}

const WHY: Record<string, string> = {
  nul: 'a NUL character ends the word for bash but not for a reader',
  'carriage-return': 'a carriage return hides the text before it on a terminal and is part of the word for bash',
  'control-character': 'a control character is invisible and bash keeps it in the word',
  'lone-surrogate': 'a lone UTF-16 surrogate is not a character and cannot be passed to bash faithfully',
  'invisible-character': 'an invisible (zero-width or format) character changes the word without showing',
  'non-ascii-space': 'a non-ASCII space looks like a blank but bash reads it as part of the word',
};

function refuse(code: ShellRefusalCode, cp: number, offset: number): ShellRefusal {
  return {
    code,
    offset,
    message: `${codePointName(cp)} at offset ${offset}: ${WHY[code]}; retype the command with plain ASCII blanks and no hidden characters`,
  };
}
