// A private copy of the built CLI for the end-to-end tests: dist/, bin/, package.json and the runner
// fixture, with node_modules linked. In the shared working tree dist/ is rebuilt while tests run, and a
// process started during a rebuild can load old and new modules together; a snapshot taken between two
// builds cannot. (On CI, a fresh clone built once, it is simply a copy.)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuiltCli {
  /** bin/orkeon-code.js of the copy. */
  readonly bin: string;
  /** test/sandbox/fixtures/run-sandboxed.mjs of the copy (it imports the copy's dist). */
  readonly runSandboxed: string;
  cleanup(): void;
}

export function snapshotCli(): BuiltCli {
  const dist = path.join(repo, 'dist');
  if (!fs.existsSync(path.join(dist, 'cli/main.js'))) throw new Error('dist/ is missing: the test command builds it first (npm test runs tsc)');
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-cli-'));
  for (let attempt = 0; ; attempt++) {
    const started = Date.now();
    fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
    fs.cpSync(dist, path.join(root, 'dist'), { recursive: true });
    // A build that wrote while we copied: copy again once it is done.
    if (newestMtime(dist) < started - 50 || attempt >= 10) break;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1500);
  }
  fs.mkdirSync(path.join(root, 'bin'));
  fs.copyFileSync(path.join(repo, 'bin/orkeon-code.js'), path.join(root, 'bin/orkeon-code.js'));
  fs.copyFileSync(path.join(repo, 'package.json'), path.join(root, 'package.json'));
  fs.symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'));
  const fixtures = path.join(root, 'test/sandbox/fixtures');
  fs.mkdirSync(fixtures, { recursive: true });
  fs.copyFileSync(path.join(repo, 'test/sandbox/fixtures/run-sandboxed.mjs'), path.join(fixtures, 'run-sandboxed.mjs'));
  return {
    bin: path.join(root, 'bin/orkeon-code.js'),
    runSandboxed: path.join(fixtures, 'run-sandboxed.mjs'),
    cleanup: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const m = fs.statSync(path.join(entry.parentPath ?? (entry as unknown as { path: string }).path, entry.name)).mtimeMs;
    if (m > newest) newest = m;
  }
  return newest;
}
