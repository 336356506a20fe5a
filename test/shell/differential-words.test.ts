// Bash itself is the oracle for quote removal and escape resolution: property-generated words mixing plain
// text, backslash escapes, single quotes, double quotes, $'…', $"…", backslash-newlines and blank runs are
// given to `printf '%s\0'` in a clean bash, and every word bash passes must be the reader's word, in order.
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readShellCommand } from '../../src/shell/index.js';
import { ready } from './helpers.js';

await ready;

/** Fixed by default so CI is repeatable; set ORKEON_PROPERTY_SEED to explore other inputs. */
const SEED = Number(process.env.ORKEON_PROPERTY_SEED ?? 20261129);

const BASH = spawnSync('bash', ['--version'], { encoding: 'utf8' });
const hasBash = BASH.status === 0;
if (!hasBash) console.warn('differential word test skipped: no bash on this machine');

/** Characters that are plain text to bash outside quotes (no globs, braces, tilde, comments, metacharacters). */
const PLAIN = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./,:=@%+^!', 'é', '日'];
/** Printable ASCII, space included: what may sit inside quotes or after a backslash. */
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));

const plain = fc.array(fc.constantFrom(...PLAIN), { minLength: 1, maxLength: 6 }).map((a) => a.join(''));
const escaped = fc.constantFrom(...PRINTABLE.filter((c) => c !== '\n')).map((c) => `\\${c}`);
const singleQuoted = fc.array(fc.constantFrom(...PRINTABLE.filter((c) => c !== "'"), '\t', '\n'), { maxLength: 8 }).map((a) => `'${a.join('')}'`);
const dqPiece = fc.oneof(
  fc.constantFrom(...PRINTABLE.filter((c) => !'"$`\\'.includes(c)), '\t', '\n'),
  fc.constantFrom('\\"', '\\\\', '\\$', '\\`', '\\a', '\\n', '\\ ', '\\\n', "'", '$ ', '$/', '$.'),
);
const doubleQuoted = fc.array(dqPiece, { maxLength: 8 }).map((a) => `"${a.join('')}"`);
const translated = fc.array(dqPiece, { maxLength: 5 }).map((a) => `$"${a.join('')}"`);
const ansiPiece = fc.oneof(
  fc.constantFrom(...PRINTABLE.filter((c) => c !== "'" && c !== '\\')),
  fc.constantFrom('\\n', '\\t', '\\r', '\\a', '\\b', '\\e', '\\E', '\\f', '\\v', '\\\\', "\\'", '\\"', '\\?', '\\q', '\\x', '\\xg', '\\u', '\\cA', '\\c?', '\\c[', '\\0', '\\c@'),
  fc.integer({ min: 1, max: 0x7f }).map((n) => `\\x${n.toString(16)}`),
  fc.integer({ min: 1, max: 0o177 }).map((n) => `\\${n.toString(8)}`),
  fc.integer({ min: 0xa0, max: 0xd7ff }).map((n) => `\\u${n.toString(16)}`),
  fc.integer({ min: 0x10000, max: 0x1f9ff }).map((n) => `\\U${n.toString(16).padStart(8, '0')}`),
  fc.constant('\\\n'),
);
const ansi = fc.array(ansiPiece, { maxLength: 6 }).map((a) => `$'${a.join('')}'`);
const continuation = fc.constant('\\\n');

/** One word: at least one segment, with backslash-newlines between segments sometimes. */
const word = fc
  .array(fc.oneof({ weight: 4, arbitrary: plain }, { weight: 2, arbitrary: escaped }, { weight: 2, arbitrary: singleQuoted }, { weight: 2, arbitrary: doubleQuoted }, { weight: 2, arbitrary: ansi }, { weight: 1, arbitrary: translated }, { weight: 1, arbitrary: continuation }), { minLength: 1, maxLength: 5 })
  .filter((segments) => segments.some((s) => s !== '\\\n'))
  .map((segments) => segments.join(''));

/** Blank runs between words: spaces, tabs, backslash-newlines. */
const blanks = fc.array(fc.constantFrom(' ', '\t', '\\\n'), { minLength: 1, maxLength: 3 }).map((a) => (a.join('').startsWith('\\') ? ` ${a.join('')}` : a.join('')));

const line = fc.tuple(fc.array(fc.tuple(blanks, word), { minLength: 1, maxLength: 4 })).map(([pairs]) => pairs);

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The words bash passes, or null when they are not UTF-8 text (the reader refuses those by design). */
function bashWords(command: string): string[] | null {
  const r = spawnSync('bash', ['--norc', '--noprofile', '-c', command], {
    env: { LANG: 'C.UTF-8', PATH: '/usr/bin:/bin' },
    encoding: 'buffer',
    cwd: '/',
  });
  if (r.status !== 0) throw new Error(`bash failed on ${JSON.stringify(command)}: ${r.stderr.toString()}`);
  let out: string;
  try {
    out = strictUtf8.decode(r.stdout);
  } catch {
    return null;
  }
  const words = out.split('\0');
  words.pop();
  return words;
}

describe.skipIf(!hasBash)('words, against bash as the oracle', () => {
  it('reads every word exactly as bash passes it (at least 500 words), or refuses what tree-sitter cannot parse', () => {
    let compared = 0;
    const refusedLines: string[] = [];
    let runs = 0;
    fc.assert(
      fc.property(line, (pairs) => {
        runs++;
        const command = `printf '%s\\0'` + pairs.map(([b, w]) => b + w).join('');
        const expected = bashWords(command);
        const r = readShellCommand(command);
        if (expected === null) {
          // $'\x8b': bytes that are not text; the reader refuses rather than show something else
          expect(['unsupported-construct', 'parse-error']).toContain(r.ok ? 'read' : r.refusal.code);
          return;
        }
        if (!r.ok) {
          // failing closed is allowed only for what tree-sitter cannot parse; never a misreading
          expect(r.refusal.code).toBe('parse-error');
          refusedLines.push(command);
          return;
        }
        const c = r.reading.commands[0]!;
        expect(r.reading.commands.length).toBe(1);
        expect(c.dynamic).toEqual([]);
        expect(c.words.slice(2)).toEqual(expected);
        compared += expected.length;
      }),
      { numRuns: 400, seed: SEED },
    );
    if (refusedLines.length) console.warn(`differential words: ${refusedLines.length}/${runs} lines refused (tree-sitter parse errors), e.g. ${JSON.stringify(refusedLines.slice(0, 3))}`);
    expect(compared).toBeGreaterThanOrEqual(500);
    expect(refusedLines.length / runs).toBeLessThan(0.1);
  });

  it('agrees with bash on the hand-picked words the brief names', () => {
    for (const w of ['g"i"t', 'pu\\sh', "'git'", "$'\\x67it'", '$"t"', 'gi\\\nt', '"a\\"b"', "$'\\cA\\c?'", "$'a\\0b'c", "$'\\u00e9\\U0001F600'"]) {
      const command = `printf '%s\\0' ${w}`;
      const r = readShellCommand(command);
      if (!r.ok) throw new Error(`refused ${w}`);
      expect(r.reading.commands[0]!.words.slice(2)).toEqual(bashWords(command));
    }
  });
});
