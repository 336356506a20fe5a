// The tree copy calls web-tree-sitter's cursor functions directly (the transfer buffer holds the cursor for
// the whole walk) instead of through its TreeCursor class. Both must give the same tree, node for node, with
// the same first problem (ERROR, MISSING, unknown type): every corpus command, every agent command, broken
// and deep inputs, and random mutations of them are copied both ways and compared.
import { describe, expect, it } from 'vitest';
import { parseShell, parseShellViaApi, treeWalkKind } from '../../src/shell/parser.js';
import { readAgentCommands, readCorpusRows } from '../support/corpus.js';
import { ready } from './helpers.js';
import { mulberry32 } from '../support/random.js';

await ready;

const agent = readAgentCommands();
const corpus = readCorpusRows().map((r) => r.command);
const broken = [
  'echo "unterminated', 'if true; then', 'cat <<EOF\nno end', 'a && && b', ')', 'echo $((', 'f() {', 'case x in',
  'echo `a', "echo $'\\", 'for x in; do', '((', '[[ -n ]]', 'a |', 'x=(', '{ a; }} b', 'echo ${', 'git status',
  '', ' ', '#only a comment', '\n\n', `${'$('.repeat(200)}x${')'.repeat(200)}`, `${'('.repeat(1100)}x${')'.repeat(1100)}`,
  'echo a'.repeat(500), "cat <<'A' <<B\nx\nA\ny\nB", 'echo é日😀 | wc', 'a\\\nb \\\n c',
];


const CHARS = [...`'"\\$\`(){}[]|&;<>*?#~ \n\t=!-+,.:/@%^_0123456789abcxyzEOF`];

function mutations(seeds: readonly string[], count: number): string[] {
  const rand = mulberry32(20261130);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = seeds[Math.floor(rand() * seeds.length)]!;
    for (let k = 1 + Math.floor(rand() * 3); k > 0; k--) {
      const at = Math.floor(rand() * (s.length + 1));
      s = rand() < 0.6 ? s.slice(0, at) + CHARS[Math.floor(rand() * CHARS.length)] + s.slice(at) : s.slice(0, at) + s.slice(at + 1);
    }
    out.push(s);
  }
  return out;
}

describe('the raw tree walk', () => {
  it('is the walk in use', () => {
    expect(treeWalkKind()).toBe('raw');
  });

  it('copies the same trees as the public cursor API', () => {
    const inputs = [...agent, ...corpus, ...broken, ...mutations([...agent, ...corpus, ...broken], 20_000)];
    let problems = 0;
    for (const text of inputs) {
      const fast = parseShell(text, Infinity);
      const api = parseShellViaApi(text);
      if (fast.ok && fast.problem) problems++;
      // a mismatch names the input (toEqual's diff of two large trees would not)
      if (JSON.stringify(fast) !== JSON.stringify(api)) expect(fast, JSON.stringify(text)).toEqual(api);
    }
    // the comparison covers broken trees too, not only clean ones
    expect(problems).toBeGreaterThan(1000);
  }, 120_000);
});
