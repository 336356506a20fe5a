// Which wasm tiering a command line runs with (bin/orkeon-code.js applies it before anything loads; the
// measurements are in src/shell/wasm-tiering.ts). Liftoff only everywhere, so that no exit waits for
// TurboFan, except `check --jsonl` reading a regular file of at least 256 KiB (some 3,500 calls): it tiers up
// web-tree-sitter's runtime and decides about a tenth faster. Below that size, or on a pipe whose length is
// unknown, tiering makes the exit wait 50–100 ms for compiles still running.
// The launcher's sessions (the embedded session, Claude Code's gate server) and crews stay on Liftoff: they
// decide at an agent's pace, where the ~7 µs a decision saves is not measurable next to a hook call's
// ~15 ms, and tier-up costs ~270 ms of compilation at their start.
import type { WasmTiering } from '../shell/wasm-tiering.js';

/** The CLI's commands; any other first operand is the launcher's folder. */
const SUBCOMMANDS: ReadonlySet<string> = new Set(['explain', 'check', 'rules', 'trust', 'exec', 'crew', 'hook', 'confine', 'agents', 'exports', 'help']);

export const TIERED_JSONL_BYTES = 256 * 1024;

/** `stdin`: what standard input is (null when there is none). */
export function wasmTieringFor(argv: readonly string[], stdin: { readonly isFile: boolean; readonly size: number } | null): WasmTiering {
  const end = argv.indexOf('--');
  const own = end < 0 ? argv : argv.slice(0, end);
  if (own.find((a) => SUBCOMMANDS.has(a)) !== 'check' || !own.includes('--jsonl')) return 'liftoff';
  return stdin !== null && stdin.isFile && stdin.size >= TIERED_JSONL_BYTES ? 'tiered' : 'liftoff';
}
