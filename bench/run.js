// `npm run bench`: runs every bench/*.bench.js in its own process, in a fixed order, and prints their
// reports (medians and ratios against a peer measured in the same run). Benchmarks are measurements, not
// tests: they never fail a build, they say what they saw.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const order = ['shell', 'policy', 'sandbox', 'hook'];
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.js'))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .filter((f) => only.length === 0 || only.some((o) => f.startsWith(o)));

function rank(f) {
  const i = order.findIndex((o) => f.startsWith(o));
  return i === -1 ? order.length : i;
}

console.log(`# orkeon-code benchmarks (${new Date().toISOString()}, node ${process.version}, ${process.arch})\n`);
let failed = 0;
for (const f of files) {
  const r = spawnSync(process.execPath, [join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`\n(${f} exited with ${r.status ?? r.signal})\n`);
  }
}
process.exitCode = failed ? 1 : 0;
