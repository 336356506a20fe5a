import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRegistry, parseRegistry, validateEntry } from '../../src/trust/registry-format.js';

describe('the registry form: a JSON array, one absolute path string a line', () => {
  it('writes one folder a line, and [] when empty', () => {
    expect(formatRegistry([])).toBe('[]\n');
    expect(formatRegistry(['/a'])).toBe('[\n  "/a"\n]\n');
    expect(formatRegistry(['/a', '/b c', '/d"e'])).toBe('[\n  "/a",\n  "/b c",\n  "/d\\"e"\n]\n');
  });

  it('reads back exactly what it writes (any paths)', () => {
    const segment = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes('/') && !s.includes('\0') && s !== '.' && s !== '..');
    const folder = fc.array(segment, { minLength: 0, maxLength: 5 }).map((segs) => `/${segs.join('/')}`);
    fc.assert(
      fc.property(fc.uniqueArray(folder, { maxLength: 8 }), (folders) => {
        const text = formatRegistry(folders);
        expect(parseRegistry(text)).toEqual({ ok: true, folders });
        // and every line but the brackets holds exactly one folder
        expect(text.split('\n').filter((l) => l.startsWith('  ')).length).toBe(folders.length);
      }),
    );
  });

  it('accepts the form without its final newline', () => {
    expect(parseRegistry('[\n  "/a"\n]')).toEqual({ ok: true, folders: ['/a'] });
    expect(parseRegistry('[]')).toEqual({ ok: true, folders: [] });
  });

  const refused: Array<[string, string, RegExp]> = [
    ['valid JSON on one line', '["/a", "/b"]\n', /one folder a line/],
    ['one line, one entry', '["/a"]\n', /one folder a line/],
    ['other indentation', '[\n    "/a"\n]\n', /one folder a line/],
    ['a tab indentation', '[\n\t"/a"\n]\n', /one folder a line/],
    ['a trailing space', '[\n  "/a" \n]\n', /one folder a line/],
    ['two entries on one line', '[\n  "/a", "/b"\n]\n', /one folder a line/],
    ['CRLF line ends', '[\r\n  "/a"\r\n]\r\n', /one folder a line/],
    ['an escape JSON.stringify would not write', '[\n  "\\/a"\n]\n', /one folder a line/],
    ['a unicode escape', '[\n  "/\\u0061"\n]\n', /one folder a line/],
    ['a byte-order mark', '\uFEFF[\n  "/a"\n]\n', /not valid JSON/],
    ['an empty file', '', /not valid JSON/],
    ['a blank line', '\n', /not valid JSON/],
    ['not JSON', 'garbage\n', /not valid JSON/],
    ['a truncated array', '[\n  "/a",\n', /not valid JSON/],
    ['an object', '{"folders": ["/a"]}\n', /not a JSON array/],
    ['a string', '"/a"\n', /not a JSON array/],
    ['null', 'null\n', /not a JSON array/],
    ['a number entry', '[\n  1\n]\n', /not a string/],
    ['a relative path', '[\n  "a/b"\n]\n', /not an absolute path/],
    ['an empty path', '[\n  ""\n]\n', /not an absolute path/],
    ['a trailing slash', '[\n  "/a/"\n]\n', /not a normalised path/],
    ['a double slash', '[\n  "/a//b"\n]\n', /not a normalised path/],
    ['a dot-dot segment', '[\n  "/a/../b"\n]\n', /not a normalised path/],
    ['a dot segment', '[\n  "/a/./b"\n]\n', /not a normalised path/],
    ['a NUL', '[\n  "/a\\u0000"\n]\n', /NUL/],
    ['a duplicate', '[\n  "/a",\n  "/a"\n]\n', /listed twice/],
  ];
  it.each(refused)('refuses %s', (_name, text, reason) => {
    const parsed = parseRegistry(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('validates entries before they are saved', () => {
    expect(validateEntry('/a/b')).toBeNull();
    expect(validateEntry('/')).toBeNull();
    expect(validateEntry('a')).toMatch(/absolute/);
    expect(validateEntry('/a/')).toMatch(/normalised/);
  });
});
