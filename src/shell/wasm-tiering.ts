// How V8 compiles the reader's two wasm modules: web-tree-sitter's runtime and the bash grammar.
//
// Measured on these 2-core machines (node 20.19, V8 11.3): with V8's default tiering, the first parse makes
// the grammar's lexer hot, one wasm function of 160 KB that TurboFan takes about 1.1 s to compile, and a
// process waits for that compile before it can exit; the optimised lexer gains nothing measurable (only it
// tiered: the same parse time as Liftoff). The runtime's functions are small (48 tier up, about 270 ms of
// TurboFan in all, 160 ms for the largest) and make a parse about a third faster once compiled.
//
// - `liftoff`: both modules on Liftoff only (V8's baseline compiler). One-shot processes: nothing to wait for
//   at exit.
// - `tiered`: the runtime tiers up, the grammar stays on Liftoff. For processes that decide many calls
//   (check --jsonl on a large file): a parse about a third faster once compiled (a --jsonl line about a
//   tenth faster from a few thousand lines on), but a process that ends while compiles still run waits for
//   them (50–100 ms, measured for batches of 10 to 300 calls), so it is no choice for short runs.
//
// V8 reads `--liftoff-only` when it compiles a module, so the choice must be made before the reader loads.
// bin/orkeon-code.js chooses per command line. Nothing is chosen for a process that
// does not call `chooseWasmTiering` (a library user, a test): V8's flags are then left as they are.
import v8 from 'node:v8';

export type WasmTiering = 'liftoff' | 'tiered';

/**
 * The process's choice, kept where bin/orkeon-code.js can set it without loading this module (each module
 * costs a CLI run a few milliseconds): V8's flags are process-wide, and so is this.
 */
const CHOICE = Symbol.for('orkeon-code.wasm-tiering');

/** Sets the process's wasm tiering; call it before the shell reader loads. */
export function chooseWasmTiering(tiering: WasmTiering): void {
  v8.setFlagsFromString(tiering === 'liftoff' ? '--liftoff-only' : '--no-liftoff-only');
  (globalThis as Record<symbol, unknown>)[CHOICE] = tiering;
}

export function chosenWasmTiering(): WasmTiering | null {
  const c = (globalThis as Record<symbol, unknown>)[CHOICE];
  return c === 'liftoff' || c === 'tiered' ? c : null;
}

/** Runs the grammar's load: on Liftoff only when the runtime tiers up (with `tiered`), else as the flags are. */
export async function loadGrammarModule<T>(load: () => Promise<T>): Promise<T> {
  if (chosenWasmTiering() !== 'tiered') return load();
  v8.setFlagsFromString('--liftoff-only');
  try {
    return await load();
  } finally {
    v8.setFlagsFromString('--no-liftoff-only');
  }
}
