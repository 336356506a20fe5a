#!/usr/bin/env node
// The wasm tiering is chosen from the command line before anything loads (src/cli/wasm-choice.ts says which,
// src/shell/wasm-tiering.ts why): Liftoff only, so that no exit waits for TurboFan, but for `check --jsonl`
// on a large file.
import fs from 'node:fs';

function stdinKind() {
  try {
    const s = fs.fstatSync(0);
    return { isFile: s.isFile(), size: s.size };
  } catch {
    return null; // no standard input at all
  }
}

let main;
try {
  const [{ chooseWasmTiering }, { wasmTieringFor }] = await Promise.all([import('../dist/shell/wasm-tiering.js'), import('../dist/cli/wasm-choice.js')]);
  const argv = process.argv.slice(2);
  chooseWasmTiering(wasmTieringFor(argv, argv.includes('--jsonl') ? stdinKind() : null));
  ({ main } = await import('../dist/cli/main.js'));
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && /dist\/(cli|shell)\//.test(String(err.message))) {
    process.stderr.write('orkeon-code: the build is missing; run `npm ci` (or `npm run build`) in the orkeon-code folder\n');
    process.exit(70);
  }
  throw err;
}
process.exitCode = await main(process.argv.slice(2));
