// Wall time of one confined `true`, in a fresh process each time, measured in the same run against:
//   - a bare `bwrap … true` with exactly the mounts, namespaces and environment orkeon-code would use
//     (the argv comes from the sandbox stage itself, so the two sandboxes are the same);
//   - `srt true` from @anthropic-ai/sandbox-runtime@0.0.83 (bench/peers/sandbox-runtime, installed here on
//     demand with npm ci; it needs socat and ripgrep), configured like orkeon-code: the project writable,
//     the home unreadable, no network;
//   - `node -e 0`, what any Node CLI pays to start;
//   - `orkeon-code exec --confinement none` (trust, settings, the gate, no sandbox), to split the overhead.
// exec runs with `--rule 'allow shell_command command=true'`: in the default mode a shell command is asked
// about, and with no terminal an ask is a refusal; the allow rule lets the whole gate run and pass.
// Runs are interleaved (one of each per round) so drift hits every row alike. Medians of ROUNDS runs.
// A measurement, not a test: it never fails a build; a peer that cannot run is reported as such.
import { spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, quantile } from './stats.js';
import { installPeer } from './peers.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 25);
const WARMUP = 3;

const { openSandbox, probeBubblewrap } = await import(path.join(repo, 'dist/sandbox/index.js'));

// ---- fixture: a project (real git), a fake home with a secret, orkeon-code's folder ----------------
const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-bench-')));
const home = path.join(root, 'home');
const project = path.join(root, 'project');
const orkeonHome = path.join(home, '.orkeon-code');
fs.mkdirSync(home);
fs.writeFileSync(path.join(home, 'secret.txt'), 'secret\n');
fs.mkdirSync(project);
fs.writeFileSync(path.join(project, 'README.md'), '# bench\n');
execFileSync('git', ['init', '-q'], { cwd: project });
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, USER: process.env.USER ?? 'bench', LANG: 'C.UTF-8', ORKEON_CODE_HOME: orkeonHome };

const rows = [];
const notes = [];
const cleanups = [() => fs.rmSync(root, { recursive: true, force: true })];

try {
  const probe = await probeBubblewrap(env.PATH);
  if (!probe.ok) {
    console.log(`## sandbox: \`exec\` vs bare bwrap vs srt\n\nNot measured: bubblewrap cannot run here (${probe.reason}).\n`);
    process.exit(0);
  }

  // The bare bwrap: the sandbox stage's own argv for `true`, spawned directly (no node, no gate).
  const opened = await openSandbox({
    mode: 'bubblewrap', project, orkeonHome, cwd: project, output: null, mounts: [], userConfig: {},
    hostEnv: env, envSettings: { sessionBus: false, propagate: [] }, network: false, command: ['true'],
  });
  if (!opened.ok) throw new Error(opened.error.message);
  cleanups.unshift(() => opened.value.close());
  const bwrapArgv = opened.value.invocation.argv;

  const cases = [
    { name: 'node -e 0', file: process.execPath, args: ['-e', '0'] },
    { name: 'minimal bwrap (/usr read-only, /proc, /dev, new namespaces) true, for reference', file: bwrapArgv[0], args: ['--ro-bind', '/usr', '/usr', '--symlink', 'usr/bin', '/bin', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/lib64', '/lib64', '--proc', '/proc', '--dev', '/dev', '--unshare-all', '--die-with-parent', '--', '/usr/bin/true'] },
    { name: `bare bwrap … true (${bwrapArgv.length - 1} arguments, same mounts)`, file: bwrapArgv[0], args: bwrapArgv.slice(1), key: 'bwrap' },
    { name: 'orkeon-code exec --confinement bubblewrap --trust --rule "allow shell_command command=true" -- true', file: process.execPath, args: [path.join(repo, 'bin/orkeon-code.js'), 'exec', '--confinement', 'bubblewrap', '--trust', '--rule', 'allow shell_command command=true', '--', 'true'], key: 'orkeon' },
    { name: 'orkeon-code exec --confinement none --trust --rule … -- true', file: process.execPath, args: [path.join(repo, 'bin/orkeon-code.js'), 'exec', '--confinement', 'none', '--trust', '--rule', 'allow shell_command command=true', '--', 'true'], key: 'none' },
  ];

  const srt = prepareSrt();
  if (srt.ok) cases.push({ name: 'srt true (@anthropic-ai/sandbox-runtime 0.0.83)', file: srt.bin, args: ['--settings', srt.settings, 'true'], key: 'srt' });
  else notes.push(`srt not measured: ${srt.reason}`);

  for (const c of cases) {
    const r = spawnSync(c.file, c.args, { cwd: project, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    c.ok = r.status === 0;
    if (!c.ok) notes.push(`${c.name} failed (exit ${r.status ?? r.signal}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`);
    c.times = [];
  }
  const live = cases.filter((c) => c.ok);
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const c of live) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(c.file, c.args, { cwd: project, env, stdio: 'ignore' });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) notes.push(`${c.name}: a run exited ${r.status ?? r.signal}`);
      if (round >= WARMUP) c.times.push(ms);
    }
  }
  for (const c of cases) rows.push({ ...c, median: c.ok ? median(c.times) : null, p10: c.ok ? quantile(c.times, 0.1) : null, p90: c.ok ? quantile(c.times, 0.9) : null });
} finally {
  for (const f of cleanups) {
    try {
      f();
    } catch {
      // best effort
    }
  }
}

report();

function prepareSrt() {
  const dir = path.join(here, 'peers', 'sandbox-runtime');
  const bin = path.join(dir, 'node_modules', '.bin', 'srt');
  for (const tool of ['socat', 'rg']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return { ok: false, reason: `${tool} is not installed (apt-get install socat ripgrep)` };
  }
  const error = installPeer('sandbox-runtime', path.relative(dir, bin), ['--loglevel=error']);
  if (error) return { ok: false, reason: error };
  // Like orkeon-code's sandbox: the project writable, the home unreadable, no network.
  const settings = path.join(root, 'srt-settings.json');
  fs.writeFileSync(settings, JSON.stringify({ filesystem: { denyRead: [home], allowWrite: [project], denyWrite: [] }, network: { allowedDomains: [], deniedDomains: [] } }));
  return { ok: true, bin, settings };
}

function report() {
  const f = (x) => (x === null ? 'n/a' : x.toFixed(1));
  const by = (k) => rows.find((r) => r.key === k && r.median !== null);
  const bwrap = by('bwrap');
  console.log(`## sandbox: one confined \`true\` in a fresh process (${ROUNDS} runs each, interleaved, after ${WARMUP} warm-up rounds)\n`);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? ''}\n`);
  console.log('| what | median ms | p10 ms | p90 ms | over bare bwrap (median) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of rows) {
    const over = bwrap && r.median !== null && r.key !== 'bwrap' ? `${f(r.median - bwrap.median)} ms` : r.key === 'bwrap' ? '—' : 'n/a';
    console.log(`| ${r.name} | ${f(r.median)} | ${f(r.p10)} | ${f(r.p90)} | ${over} |`);
  }
  const ork = by('orkeon');
  const srt = by('srt');
  const none = by('none');
  const node = rows.find((r) => r.name === 'node -e 0' && r.median !== null);
  console.log('');
  if (ork && bwrap) console.log(`- orkeon-code's overhead over bare bwrap: **${f(ork.median - bwrap.median)} ms** (node's own start: ${node ? f(node.median) : 'n/a'} ms; trust + settings + gate + plan, no sandbox: ${none ? f(none.median - (node?.median ?? 0)) : 'n/a'} ms over node).`);
  if (srt && bwrap) console.log(`- srt's overhead over bare bwrap: **${f(srt.median - bwrap.median)} ms**.`);
  if (ork && srt && bwrap) console.log(`- ratio of overheads (orkeon-code / srt): **${((ork.median - bwrap.median) / (srt.median - bwrap.median)).toFixed(2)}**; orkeon-code is ${(srt.median / ork.median).toFixed(1)}× faster end to end.`);
  for (const n of [...new Set(notes)]) console.log(`- note: ${n}`);
  console.log('');
}
