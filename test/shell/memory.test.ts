// Long sessions stay flat: 200,000 reads in one process (readings, refusals, nested strings, here-documents,
// parse errors) leave the wasm memory (counted by V8 as external memory) and the JS heap where they were.
// The probe is shown to see a leak: trees left undeleted make the same measure grow. (The wasm memory starts
// at 32 MB with most of it free; a tree of an agent command takes about 650 bytes, so one leaked tree a read
// fills the free part within 50,000 reads and grows the memory well before 200,000.)
import { createRequire } from 'node:module';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readShellCommand } from '../../src/shell/index.js';
import { ready } from './helpers.js';

await ready;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function measure(): { external: number; heap: number } {
  gc();
  gc();
  const u = process.memoryUsage();
  return { external: u.external / 1048576, heap: u.heapUsed / 1048576 };
}

const MIX = [
  'git status',
  'ls -la src/',
  'npm test 2>&1 | tail -30',
  'cd src && GIT_DIR=.git git push origin main',
  'echo "$(git rev-parse HEAD)" `date` ${x:-$(id)}',
  "bash -lc 'cd x && timeout 5 nice -n 2 env -i git push'",
  "cat <<'EOF' > out.txt\nline one\nline $two\nEOF",
  'for f in src/*.ts; do wc -l "$f"; done',
  "eval \"eval 'git push'\"",
  'python3 -c "print(1)"; node -e 1; perl -wle 1',
  'echo "unterminated',
  'git pu\u200bsh',
  "find . -name '*.ts' -exec grep -l x {} + | xargs -I{} sh -c 'echo {}'",
  'if [ -f x ]; then [[ -n $y ]] && (( z++ )); fi',
  "ssh -o ProxyCommand='sh -c \"nc %h %p\"' host",
];

describe('memory over a long session', () => {
  it('stays flat over 200,000 reads', () => {
    for (let i = 0; i < 20_000; i++) readShellCommand(MIX[i % MIX.length]!);
    const before = measure();
    let refused = 0;
    for (let i = 0; i < 200_000; i++) {
      const r = readShellCommand(MIX[i % MIX.length]!);
      if (!r.ok) refused++;
    }
    const after = measure();
    console.log(`memory: external ${before.external.toFixed(1)} → ${after.external.toFixed(1)} MB, heap ${before.heap.toFixed(1)} → ${after.heap.toFixed(1)} MB over 200000 reads (${refused} refused)`);
    expect(refused).toBeGreaterThan(0);
    expect(after.external - before.external).toBeLessThan(4);
    expect(after.heap - before.heap).toBeLessThan(8);
  }, 240_000);

  it('would see one tree a read left undeleted (the probe is sensitive)', async () => {
    const require = createRequire(import.meta.url);
    const { Parser, Language } = await import('web-tree-sitter');
    const bash = await Language.load(require.resolve('tree-sitter-bash/tree-sitter-bash.wasm'));
    const parser = new Parser();
    parser.setLanguage(bash);
    const before = measure();
    const leaked = [];
    for (let i = 0; i < 80_000; i++) leaked.push(parser.parse(MIX[i % MIX.length]!));
    const after = measure();
    for (const t of leaked) t?.delete();
    parser.delete();
    console.log(`memory probe: 80000 undeleted trees grow external memory by ${(after.external - before.external).toFixed(1)} MB`);
    expect(after.external - before.external).toBeGreaterThan(4);
  }, 120_000);
});
