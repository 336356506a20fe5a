#!/usr/bin/env node
// Two choices are made here, from the command line, before anything else loads (an extra module costs a
// few milliseconds of every run, so they are written out here; test/shell/wasm-tiering.test.ts checks them):
// - The wasm tiering (src/shell/wasm-tiering.ts has the measurements): Liftoff only, so that no exit waits
//   for TurboFan, except `check --jsonl` reading a regular file of at least 256 KiB (some 3,500 calls),
//   which tiers up web-tree-sitter's runtime (the grammar's lexer stays on Liftoff) and decides about a
//   tenth faster; on a smaller file or a pipe, tiering made the exit wait 50–100 ms for running compiles.
//   The launcher's sessions (the embedded session, Claude Code's gate server) and crews stay on Liftoff:
//   they decide at an agent's pace, where the ~7 µs a decision saves is not measurable next to a hook
//   call's ~15 ms, and tier-up costs ~270 ms of compilation at their start.
// - Whether the command reads shell commands: the reader then starts loading (its wasm compiles on other
//   threads) while the CLI's own modules load, and the command awaits that same load.
import fs from 'node:fs';
import v8 from 'node:v8';

const SUBCOMMANDS = new Set(['explain', 'check', 'rules', 'trust', 'exec', 'crew', 'hook', 'confine', 'agents', 'exports', 'help']);
const READS_SHELL = new Set(['explain', 'check', 'exec', 'crew', 'hook']);
const TIERED_JSONL_BYTES = 256 * 1024;

const argv = process.argv.slice(2);
const dash = argv.indexOf('--');
const own = dash < 0 ? argv : argv.slice(0, dash);
const command = own.find((a) => SUBCOMMANDS.has(a)) ?? null;

function largeFileOnStdin() {
  try {
    const s = fs.fstatSync(0);
    return s.isFile() && s.size >= TIERED_JSONL_BYTES;
  } catch {
    return false; // no standard input at all
  }
}

const tiering = command === 'check' && own.includes('--jsonl') && largeFileOnStdin() ? 'tiered' : 'liftoff';
// the same two steps as chooseWasmTiering() in src/shell/wasm-tiering.ts, which the reader reads back
v8.setFlagsFromString(tiering === 'liftoff' ? '--liftoff-only' : '--no-liftoff-only');
globalThis[Symbol.for('orkeon-code.wasm-tiering')] = tiering;

const helpOrVersion = own.some((a) => a === '--help' || a === '-h' || a === '--version' || a === '-V');
const readsShell = !helpOrVersion && (command === null ? !own.includes('--dry-run') : READS_SHELL.has(command));

let main;
try {
  // a failure here is reported by the command, which awaits the same load (and retries it)
  if (readsShell) import('../dist/shell/index.js').then((shell) => shell.initShellReader()).catch(() => {});
  ({ main } = await import('../dist/cli/main.js'));
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli/main.js')) {
    process.stderr.write('orkeon-code: the build is missing; run `npm ci` (or `npm run build`) in the orkeon-code folder\n');
    process.exit(70);
  }
  throw err;
}
process.exitCode = await main(argv);
