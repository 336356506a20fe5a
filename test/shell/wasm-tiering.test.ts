// Which wasm code V8 optimises (src/shell/wasm-tiering.ts, chosen by bin/orkeon-code.js): with `liftoff`
// nothing, so no exit waits on a compile; with `tiered` web-tree-sitter's runtime, never the grammar's lexer
// (one 160 KB function TurboFan takes about a second to compile). One-shot commands and short --jsonl batches
// run Liftoff, `check --jsonl` on a large file tiers up. V8 prints every compile with
// --trace-wasm-compilation-times.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'orkeon-code.js');
const built = existsSync(join(root, 'dist', 'cli', 'main.js')) && existsSync(join(root, 'dist', 'shell', 'wasm-tiering.js'));
if (!built) console.warn('wasm tiering tests skipped: dist/ is not built (run npm run build)');

const dir = mkdtempSync(join(tmpdir(), 'orkeon-tiering-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function callsFile(lines: number): string {
  const commands = ['git status', 'ls -la src | head -20', 'npm test 2>&1 | tail -30', "grep -rn 'TODO' src/ --include=*.ts", 'cd src && git diff -- a.ts'];
  const file = join(dir, `calls-${lines}.jsonl`);
  writeFileSync(file, Array.from({ length: lines }, (_, i) => JSON.stringify({ tool: 'shell_command', args: { command: commands[i % commands.length] } })).join('\n') + '\n');
  return file;
}

/** The wasm compiles V8 reports, by tier (V8 writes its traces to standard output, before the CLI's own). */
function compiles(args: string[], stdinFile: string | null): { status: number | null; turbofan: number[]; liftoff: number[]; turbofanLines: number } {
  // a file as standard input, as `orkeon-code check --jsonl < calls.jsonl` gives it
  const stdin = stdinFile === null ? 'ignore' : openSync(stdinFile, 'r');
  try {
    const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', bin, ...args], { cwd: root, encoding: 'utf8', stdio: [stdin, 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024 });
    const sizes = (tier: string) =>
      r.stdout
        .split('\n')
        .filter((l) => l.includes(`using ${tier}`))
        .map((l) => Number(/bodysize (\d+)/.exec(l)?.[1] ?? NaN));
    return { status: r.status, turbofan: sizes('TurboFan'), liftoff: sizes('Liftoff'), turbofanLines: r.stdout.split('using TurboFan').length - 1 };
  } finally {
    if (typeof stdin === 'number') closeSync(stdin);
  }
}

/** The grammar's lexer is the one wasm function over 100 KB of body. */
const LEXER_BODY = 100_000;

/** A script over the built reader: chooses a tiering, reads `reads` commands, prints nothing of its own. */
function readerCompiles(tiering: 'liftoff' | 'tiered', reads: number): { status: number | null; turbofan: number[]; liftoff: number[] } {
  const script = join(dir, 'reads.mjs');
  writeFileSync(
    script,
    `const { chooseWasmTiering } = await import(${JSON.stringify(join(root, 'dist', 'shell', 'wasm-tiering.js'))});
chooseWasmTiering(${JSON.stringify(tiering)});
const shell = await import(${JSON.stringify(join(root, 'dist', 'shell', 'index.js'))});
await shell.initShellReader();
for (let i = 0; i < ${reads}; i++) shell.readShellCommand(i % 2 ? 'git status && ls -la | head' : "cd src && grep -rn 'x' . > out.txt");
`,
  );
  const r = spawnSync(process.execPath, ['--trace-wasm-compilation-times', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const sizes = (tier: string) => [...r.stdout.matchAll(new RegExp(`using ${tier}, .*bodysize (\\d+)`, 'g'))].map((m) => Number(m[1]));
  return { status: r.status, turbofan: sizes('TurboFan'), liftoff: sizes('Liftoff') };
}

describe.skipIf(!built)('wasm tiering', () => {
  it('liftoff: nothing is optimised', () => {
    const r = readerCompiles('liftoff', 5000);
    expect(r.status).toBe(0);
    expect(Math.max(...r.liftoff)).toBeGreaterThan(LEXER_BODY);
    expect(r.turbofan).toEqual([]);
  });

  it('tiered: the runtime tiers up, the grammar lexer stays on Liftoff', () => {
    const r = readerCompiles('tiered', 5000);
    expect(r.status).toBe(0);
    expect(r.turbofan.length).toBeGreaterThan(5);
    expect(Math.max(...r.liftoff)).toBeGreaterThan(LEXER_BODY);
    expect(Math.max(...r.turbofan)).toBeLessThan(LEXER_BODY);
  }, 60_000);

  it('bin/orkeon-code.js: a command that reads no shell command loads no wasm', () => {
    const r = compiles(['rules', '--count'], null);
    expect(r.status).toBe(0);
    expect(r.liftoff).toEqual([]);
    expect(r.turbofan).toEqual([]);
  });

  it('bin/orkeon-code.js: explain and a short check --jsonl run Liftoff only', () => {
    const explain = compiles(['explain', '--', 'git status && ls | head'], null);
    expect(explain.status).toBe(0);
    expect(Math.max(...explain.liftoff)).toBeGreaterThan(LEXER_BODY);
    expect(explain.turbofan).toEqual([]);
    const short = compiles(['check', '--jsonl', '--stage'], callsFile(50));
    expect(short.status).toBe(0);
    expect(short.turbofan).toEqual([]);
  });

  it('bin/orkeon-code.js: check --jsonl on a file of 256 KiB or more tiers up', () => {
    // V8's traces and the decisions share standard output and interleave: only count the compiles here
    const r = compiles(['check', '--jsonl', '--stage'], callsFile(6000));
    expect(r.status).toBe(0);
    expect(r.turbofanLines).toBeGreaterThan(5);
  }, 60_000);
});
