// Which wasm tiering each command line gets (bin/orkeon-code.js applies it before the grammar loads).
import { describe, expect, it } from 'vitest';
import { TIERED_JSONL_BYTES, wasmTieringFor } from '../../src/cli/wasm-choice.js';

const bigFile = { isFile: true, size: TIERED_JSONL_BYTES };
const smallFile = { isFile: true, size: TIERED_JSONL_BYTES - 1 };
const pipe = { isFile: false, size: 0 };

describe('wasmTieringFor', () => {
  it('tiers up check --jsonl reading a file of 256 KiB or more', () => {
    expect(wasmTieringFor(['check', '--jsonl'], bigFile)).toBe('tiered');
    expect(wasmTieringFor(['check', '--stage', '--jsonl', '--mode', 'plan'], bigFile)).toBe('tiered');
    expect(wasmTieringFor(['--mode', 'plan', 'check', '--jsonl'], bigFile)).toBe('tiered');
  });

  it('keeps Liftoff for a smaller file, a pipe, or no standard input', () => {
    expect(wasmTieringFor(['check', '--jsonl'], smallFile)).toBe('liftoff');
    expect(wasmTieringFor(['check', '--jsonl'], pipe)).toBe('liftoff');
    expect(wasmTieringFor(['check', '--jsonl'], null)).toBe('liftoff');
  });

  it('keeps Liftoff for one-shot commands, sessions and crews', () => {
    for (const argv of [
      ['check', '--', 'git status'],
      ['check', '--', 'echo --jsonl'],
      ['explain', '--jsonl'],
      ['exec', '--trust', '--', 'true'],
      ['hook', 'claude-code'],
      ['crew', 'steps.json'],
      [],
      ['.', '--trust'],
      ['--', 'check', '--jsonl'],
    ]) {
      expect(wasmTieringFor(argv, bigFile), argv.join(' ')).toBe('liftoff');
    }
  });
});
