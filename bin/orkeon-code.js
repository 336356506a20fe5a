#!/usr/bin/env node
// Liftoff only: with V8's optimising tier-up, the exit of every one-shot process waits about a
// second for TurboFan to finish compiling the bash grammar's wasm; Liftoff code parses within 15%.
import v8 from 'node:v8';
v8.setFlagsFromString('--liftoff-only');

let main;
try {
  ({ main } = await import('../dist/cli/main.js'));
} catch (err) {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli/main.js')) {
    process.stderr.write('orkeon-code: the build is missing; run `npm ci` (or `npm run build`) in the orkeon-code folder\n');
    process.exit(70);
  }
  throw err;
}
process.exitCode = await main(process.argv.slice(2));
