// Refused before parsing: what bash would read differently from what a reader sees. One code and one
// message each, naming the character as U+XXXX and its offset.
import { describe, expect, it } from 'vitest';
import { MAX_INPUT_BYTES, validateInputCharacters } from '../../src/shell/index.js';
import { ready, read, refused } from './helpers.js';

await ready;

describe('characters refused before parsing', () => {
  const cases: Array<[string, string, string, number]> = [
    ['NUL', 'git pu\u0000sh', 'nul', 0x0000],
    ['carriage return', 'git status\rgit push', 'carriage-return', 0x000d],
    ['C0 control (BEL)', 'echo \u0007', 'control-character', 0x0007],
    ['C0 control (ESC)', 'echo \u001b[31m', 'control-character', 0x001b],
    ['vertical tab', 'echo a\u000bb', 'control-character', 0x000b],
    ['form feed', 'echo a\u000cb', 'control-character', 0x000c],
    ['DEL', 'echo \u007f', 'control-character', 0x007f],
    ['C1 control (NEL)', 'echo \u0085', 'control-character', 0x0085],
    ['C1 control (CSI)', 'echo \u009b', 'control-character', 0x009b],
    ['lone high surrogate', 'echo \ud800x', 'lone-surrogate', 0xd800],
    ['lone low surrogate', 'echo \udc00', 'lone-surrogate', 0xdc00],
    ['zero-width space', 'git pu\u200bsh', 'invisible-character', 0x200b],
    ['zero-width non-joiner', 'git pu\u200csh', 'invisible-character', 0x200c],
    ['zero-width joiner', 'git pu\u200dsh', 'invisible-character', 0x200d],
    ['left-to-right mark', 'ls \u200e', 'invisible-character', 0x200e],
    ['right-to-left override', 'ls \u202e; git push', 'invisible-character', 0x202e],
    ['left-to-right embedding', 'ls \u202a', 'invisible-character', 0x202a],
    ['word joiner', 'git\u2060push', 'invisible-character', 0x2060],
    ['invisible times', 'a\u2062b', 'invisible-character', 0x2062],
    ['isolate', 'ls \u2066x\u2069', 'invisible-character', 0x2066],
    ['byte order mark', '\ufeffgit push', 'invisible-character', 0xfeff],
    ['soft hyphen', 'git pu\u00adsh', 'invisible-character', 0x00ad],
    ['arabic letter mark', 'ls \u061c', 'invisible-character', 0x061c],
    ['mongolian vowel separator', 'ls \u180e', 'invisible-character', 0x180e],
    ['variation selector', 'ls a\ufe0f', 'invisible-character', 0xfe0f],
    ['combining grapheme joiner', 'ls a\u034f', 'invisible-character', 0x034f],
    ['hangul filler', 'ls \u3164', 'invisible-character', 0x3164],
    ['tag character', 'ls a\u{e0041}', 'invisible-character', 0xe0041],
    ['no-break space', 'git\u00a0push', 'non-ascii-space', 0x00a0],
    ['ogham space mark', 'git\u1680push', 'non-ascii-space', 0x1680],
    ['en quad', 'git\u2000push', 'non-ascii-space', 0x2000],
    ['hair space', 'git\u200apush', 'non-ascii-space', 0x200a],
    ['line separator', 'git\u2028push', 'non-ascii-space', 0x2028],
    ['paragraph separator', 'git\u2029push', 'non-ascii-space', 0x2029],
    ['narrow no-break space', 'git\u202fpush', 'non-ascii-space', 0x202f],
    ['medium mathematical space', 'git\u205fpush', 'non-ascii-space', 0x205f],
    ['ideographic space', 'git\u3000push', 'non-ascii-space', 0x3000],
  ];
  it.each(cases)('%s is refused with its code, U+XXXX and offset', (_name, source, code, cp) => {
    const r = refused(source);
    expect(r.code).toBe(code);
    const offset = [...source].length === source.length ? source.indexOf(String.fromCodePoint(cp)) : source.indexOf(String.fromCodePoint(cp));
    expect(r.offset).toBe(offset);
    expect(r.message).toContain(`U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
    expect(r.message).toContain(`offset ${offset}`);
  });

  it('reads tab and newline', () => {
    expect(read('git\tstatus\ngit log').commands.map((c) => c.argv)).toEqual([['git', 'status'], ['git', 'log']]);
  });

  it('reads non-ASCII letters faithfully (the gate judges a non-ASCII command name)', () => {
    expect(read('g\u0456t push').commands[0]!.argv).toEqual(['g\u0456t', 'push']);
    expect(read('echo café 日本 😀').commands[0]!.argv).toEqual(['echo', 'café', '日本', '😀']);
  });

  it('refuses an input over 64 KiB and reads one at the limit', () => {
    const atLimit = 'echo ' + 'a'.repeat(MAX_INPUT_BYTES - 5);
    expect(Buffer.byteLength(atLimit)).toBe(MAX_INPUT_BYTES);
    expect(read(atLimit).commands[0]!.argv[1]!.length).toBe(MAX_INPUT_BYTES - 5);
    const over = atLimit + 'a';
    const r = refused(over);
    expect(r.code).toBe('too-long');
    expect(r.message).toContain('64 KiB');
  });

  it('counts the limit in UTF-8 bytes, not characters', () => {
    const chars = Math.floor(MAX_INPUT_BYTES / 3);
    expect(refused('echo ' + '日'.repeat(chars)).code).toBe('too-long');
  });

  it('is the same check the reader runs (exported for callers that want it alone)', () => {
    expect(validateInputCharacters('git status')).toBeNull();
    expect(validateInputCharacters('git\u00a0status')?.code).toBe('non-ascii-space');
  });

  it('refuses characters found in strings read as shell too, as an opaque run of their command', () => {
    const r = read("bash -c $'git pu\\u200bsh'");
    expect(r.commands[0]!.opaque).toEqual([{ via: 'bash -c', text: 'git pu\u200bsh' }]);
  });
});
