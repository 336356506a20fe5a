// Wall time of one PreToolUse hook call in a fresh process, as Claude Code pays it for every tool call,
// measured in the same run against two no-op hooks that print the same JSON:
//   - `sh -c 'cat >/dev/null; printf …'`: what any hook costs at the least (a shell);
//   - `node -e '…'`: what a hook written for Node costs at the least (Node's own start);
// and orkeon-code's hook on three calls: a Read (the gate, no shell reader), a Bash command (the bash
// grammar loaded and the line parsed), a Write with the dev-stage sets (534 rules), each through the
// entry the launcher writes into Claude Code's settings (dist/agents/claude-code/hook-main.js) and, for
// the Bash call, through `orkeon-code hook` (the CLI, its other commands registered first). The last row
// is the whole path Claude Code runs in a session: the session's shell prefix script, which runs the hook
// command, whose entry passes the call to the launcher's gate server (held warm for the session, here in
// this process's child) — with the server, and, for comparison, the same entry when no server answers.
// Runs are interleaved (one of each per round) so drift hits every row alike; medians of ROUNDS runs.
// Target: under 100 ms per call. A measurement, not a test: it never fails a build.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, quantile } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const CLI = path.join(repo, 'bin', 'orkeon-code.js');
const ROUNDS = Math.max(30, Number(process.env.BENCH_ROUNDS ?? 30));
const WARMUP = 3;
const TARGET_MS = 100;

const { prefixScriptText } = await import(path.join(repo, 'dist/agents/claude-code/session.js'));
const { gateSocketPath } = await import(path.join(repo, 'dist/agents/claude-code/gate-server.js'));
const { shellLine } = await import(path.join(repo, 'dist/agents/claude-code/command.js'));

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-hook-bench-')));
const project = path.join(root, 'project');
const home = path.join(root, 'home');
fs.mkdirSync(path.join(project, 'src'), { recursive: true });
fs.mkdirSync(home);
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, ORKEON_CODE_HOME: path.join(root, 'orkeon-home'), LANG: 'C.UTF-8' };

const call = (tool, input) => JSON.stringify({ session_id: 'bench', hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: project, permission_mode: 'default', tool_use_id: 'toolu_1' });
const readCall = call('Read', { file_path: path.join(project, 'src', 'a.ts') });
const bashCall = call('Bash', { command: 'git status && ls -la src | head -3', description: 'status' });
const writeCall = call('Write', { file_path: path.join(project, 'src', 'b.ts'), content: 'export const b = 1;\n' });
const answer = '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"ok"}}';
const ENTRY = path.join(repo, 'dist', 'agents', 'claude-code', 'hook-main.js');
const hookArgs = (...extra) => [ENTRY, 'claude-code', '--mode=default', `--project=${project}`, ...extra];
const cliArgs = [CLI, 'hook', 'claude-code', '--mode=default', `--project=${project}`];

// The launcher's gate server, in a process of its own (this one only measures), as the session runs it.
const socket = gateSocketPath();
const serverScript = `const { startGateServer } = await import(${JSON.stringify(path.join(repo, 'dist/agents/claude-code/gate-server.js'))});
await startGateServer(${JSON.stringify(socket)}, { mode: 'default', project: ${JSON.stringify(project)}, rule: [], mount: [] }, process.env);
process.stdout.write('ready\\n');`;
const server = spawn(process.execPath, ['--input-type=module', '-e', serverScript], { env, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => server.stdout.once('data', resolve));

// The session's prefix script, as the launcher writes it, with the hook command it recognises.
const hookCommand = `${shellLine([process.execPath, ENTRY, 'claude-code', `--socket=${socket}`, '--mode=default', `--project=${project}`])} || exit 2`;
const prefix = path.join(root, 'shell-prefix');
fs.writeFileSync(prefix, prefixScriptText([process.execPath, CLI, 'confine', 'claude-code', '--session', path.join(root, 'session.json'), '--'], hookCommand), { mode: 0o700 });

const cases = [
  { name: "no-op hook: sh -c 'cat >/dev/null; printf <json>'", file: '/bin/sh', args: ['-c', `cat >/dev/null; printf '%s\\n' '${answer}'`], input: readCall, key: 'sh' },
  { name: 'no-op hook: node -e (read stdin, print the JSON)', file: process.execPath, args: ['-e', `let s='';process.stdin.on('data',d=>s+=d).on('end',()=>process.stdout.write(${JSON.stringify(answer)}+'\\n'))`], input: readCall, key: 'node' },
  { name: 'hook entry: Read', file: process.execPath, args: hookArgs(), input: readCall, key: 'read', expect: 'allow' },
  { name: 'hook entry: Bash `git status && ls -la src | head -3`', file: process.execPath, args: hookArgs(), input: bashCall, key: 'bash', expect: 'ask' },
  { name: '`orkeon-code hook claude-code` (the CLI): the same Bash call', file: process.execPath, args: cliArgs, input: bashCall, key: 'cli', expect: 'ask' },
  { name: 'hook entry --stage: Write (534 rules)', file: process.execPath, args: hookArgs('--stage'), input: writeCall, key: 'stage', expect: 'ask' },
  { name: 'hook entry → gate server: Read', file: process.execPath, args: [ENTRY, 'claude-code', `--socket=${socket}`, '--mode=default', `--project=${project}`], input: readCall, key: 'served-read', expect: 'allow' },
  { name: 'hook entry → gate server: Bash', file: process.execPath, args: [ENTRY, 'claude-code', `--socket=${socket}`, '--mode=default', `--project=${project}`], input: bashCall, key: 'served-bash', expect: 'ask' },
  { name: "Claude Code's whole path: shell prefix → hook command → gate server (Bash call)", file: prefix, args: [hookCommand], input: bashCall, key: 'prefix', expect: 'ask' },
];

const notes = [];
try {
  for (const c of cases) {
    const r = spawnSync(c.file, c.args, { cwd: project, env, input: c.input, encoding: 'utf8' });
    let decision = null;
    try {
      decision = JSON.parse(r.stdout).hookSpecificOutput.permissionDecision;
    } catch {
      // reported below
    }
    c.ok = r.status === 0 && decision !== null && (c.expect === undefined || decision === c.expect);
    if (!c.ok) notes.push(`${c.name} did not answer as expected (exit ${r.status ?? r.signal}, decision ${decision}): ${(r.stderr || r.stdout).trim().split('\n').slice(-2).join(' / ')}`);
    c.times = [];
  }
  const live = cases.filter((c) => c.ok);
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    for (const c of live) {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(c.file, c.args, { cwd: project, env, input: c.input, stdio: ['pipe', 'ignore', 'ignore'] });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (r.status !== 0) notes.push(`${c.name}: a run exited ${r.status ?? r.signal}`);
      if (round >= WARMUP) c.times.push(ms);
    }
  }
} finally {
  server.kill();
  fs.rmSync(path.dirname(socket), { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
}
report();

function report() {
  const f = (x) => (x === null || x === undefined ? 'n/a' : x.toFixed(1));
  for (const c of cases) {
    c.median = c.ok ? median(c.times) : null;
    c.p10 = c.ok ? quantile(c.times, 0.1) : null;
    c.p90 = c.ok ? quantile(c.times, 0.9) : null;
  }
  const node = cases.find((c) => c.key === 'node' && c.median !== null);
  const sh = cases.find((c) => c.key === 'sh' && c.median !== null);
  console.log(`## hook: one PreToolUse call in a fresh process (${ROUNDS} runs each, interleaved, after ${WARMUP} warm-up rounds)\n`);
  console.log(`node ${process.version}, ${os.cpus().length} CPU(s), ${os.cpus()[0]?.model ?? ''}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  console.log('| what | median ms | p10 ms | p90 ms | over node -e no-op (median) | × node -e no-op |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const c of cases) {
    const over = node && c.median !== null && c.key !== 'node' ? `${f(c.median - node.median)} ms` : c.key === 'node' ? '—' : 'n/a';
    const ratio = node && c.median !== null ? `${(c.median / node.median).toFixed(2)}` : 'n/a';
    console.log(`| ${c.name} | ${f(c.median)} | ${f(c.p10)} | ${f(c.p90)} | ${over} | ${ratio} |`);
  }
  console.log('');
  const by = (k) => cases.find((c) => c.key === k && c.median !== null);
  const whole = by('prefix');
  const alone = cases.filter((c) => ['read', 'bash', 'stage'].includes(c.key) && c.median !== null).sort((a, b) => b.median - a.median)[0];
  if (whole) console.log(`- what Claude Code pays per tool call in a session (prefix → hook → gate server): **${f(whole.median)} ms** median, ${whole.median <= TARGET_MS ? 'within' : 'over'} the ${TARGET_MS} ms target; ${node ? `${f(whole.median - node.median)} ms over a Node no-op hook (${f(node.median)} ms)` : ''}, a shell no-op hook: ${f(sh?.median)} ms.`);
  if (alone) console.log(`- without the server (the hook deciding by itself, as \`orkeon-code hook\` wired by hand does), the slowest call: ${f(alone.median)} ms (${alone.name}).`);
  for (const n of [...new Set(notes)]) console.log(`- note: ${n}`);
  console.log('');
}
