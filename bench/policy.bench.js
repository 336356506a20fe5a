// `npm run bench` (policy): decisions per second of the gate with the 534 dev-stage rules over a realistic
// command corpus, the policy part alone (readings cached) and the parse alone, how matching grows with
// 5,000 and 50,000 user rules, a one-regex-per-rule baseline on the same texts, and a peer measured in the
// same run: the PolicyEngine of @google/gemini-cli-core (pinned in bench/peers/gemini-cli-core, installed on
// demand with `npm ci --ignore-scripts`; when it cannot be installed the report says so). Medians of 5 runs.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { AGENT_COMMANDS_FILE, loadAgentCommands } from './corpus.js';
import * as stats from './stats.js';
import { installPeer } from './peers.js';

// The CLI runs the bash grammar's wasm under Liftoff only (bin/orkeon-code.js); measure what it runs. With
// --tiered (a child process of this bench, for one extra row): the tiering `check --jsonl` runs with on a
// large file, set as bin/orkeon-code.js sets it, before the reader loads.
const TIERED = process.argv.includes('--tiered');
if (TIERED) (await import('../dist/shell/wasm-tiering.js')).chooseWasmTiering('tiered');
else v8.setFlagsFromString('--liftoff-only');

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const policy = await import('../dist/policy/index.js');
const judge = await import('../dist/policy/shell/judge.js');
const shell = await import('../dist/shell/index.js');
await shell.initShellReader();

const RUNS = 5;
const RUN_MS = 400;
const WARM_MS = 1500;
const TIMING = { runs: RUNS, runMs: RUN_MS, warmMs: WARM_MS };
const rate = (fn, items) => stats.rate(fn, items, TIMING);
const rateAsync = (fn, items) => stats.rateAsync(fn, items, TIMING);

/** User rules that look like real ones (literal command prefixes, flags, paths), none matching the corpus. */
function userRules(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const k = i % 5;
    const text =
      k === 0 ? `deny shell_command command=tool${i} *`
      : k === 1 ? `deny shell_command command=*--danger-${i}*`
      : k === 2 ? `allow shell_command command=runner${i} --safe*`
      : k === 3 ? `deny file_read path=*/secret-${i}/*`
      : `deny shell_command command=*deploy-${i} --prod*`;
    const r = policy.parseRule(text, 'user');
    if (!r.ok) throw new Error(r.error);
    out.push(r.rule);
  }
  return out;
}

const REFERENCE = { stage: true, mode: 'bypassPermissions', shell: { allowInterpreters: true, allowlist: ['*'] } };
const file = AGENT_COMMANDS_FILE;
const commands = loadAgentCommands();
const readings = new Map(commands.map((c) => [c, shell.readShellCommand(c)]));
const calls = commands.map((command) => ({ tool: 'shell_command', args: { command } }));

function gate(extra, cached) {
  const { context } = policy.buildGateContext({ ...REFERENCE, rules: extra, readShell: cached ? (s) => readings.get(s) ?? shell.readShellCommand(s) : shell.readShellCommand });
  return (call) => policy.decide(call, context);
}

// --- one-regex-per-rule baseline: the same deny texts, every rule tried in turn
function globRegex(p) {
  return new RegExp(`^${p.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);
}
function baseline(rules) {
  const deny = rules.filter((r) => r.tool === 'shell_command' && r.effect === 'deny' && r.argument === 'command').map((r) => globRegex(r.pattern));
  const allow = rules.filter((r) => r.tool === 'shell_command' && r.effect === 'allow' && r.argument === 'command').map((r) => globRegex(r.pattern));
  return (command) => {
    const read = readings.get(command);
    if (!read?.ok) return 'deny';
    for (const t of judge.denyForms(command, read.reading)) for (const re of deny) if (re.test(t)) return 'deny';
    return read.reading.commands.every((c) => allow.some((re) => re.test(c.argv.join(' ')))) ? 'allow' : 'mode';
  };
}
function indexed(rules) {
  const compiled = new policy.CompiledRules(rules);
  const t = compiled.forTool('shell_command');
  const deny = t.deny.get('command');
  const allow = t.allow.get('command');
  return (command) => {
    const read = readings.get(command);
    if (!read?.ok) return 'deny';
    for (const text of judge.denyForms(command, read.reading)) if (deny?.firstMatch(text)) return 'deny';
    return read.reading.commands.every((c) => allow?.firstMatch(c.argv.join(' '))) ? 'allow' : 'mode';
  };
}

// --- the peer
async function loadPeer() {
  const dir = join(here, 'peers', 'gemini-cli-core');
  const mod = join(dir, 'node_modules', '@google', 'gemini-cli-core', 'dist', 'src', 'policy');
  const error = installPeer('gemini-cli-core', 'node_modules/@google/gemini-cli-core/dist/src/policy/policy-engine.js', ['--ignore-scripts', '--omit=optional']);
  if (error) return { error };
  try {
    const { PolicyEngine } = await import(join(mod, 'policy-engine.js'));
    const { PolicyDecision, ApprovalMode } = await import(join(mod, 'types.js'));
    const version = JSON.parse(readFileSync(join(dir, 'node_modules', '@google', 'gemini-cli-core', 'package.json'), 'utf8')).version;
    return { PolicyEngine, PolicyDecision, ApprovalMode, version };
  } catch (err) {
    return { error: `cannot load the peer: ${err.message}` };
  }
}
/** Our rules as the peer's: a regex over its stable JSON of the arguments, per tool. */
function peerRules(peer, rules) {
  const toolName = (t) => (t === 'shell_command' ? 'run_shell_command' : t);
  return rules.map((r) => {
    const rule = { toolName: toolName(r.tool), decision: r.effect === 'deny' ? peer.PolicyDecision.DENY : peer.PolicyDecision.ALLOW, priority: r.effect === 'deny' ? 100 : 10 };
    if (r.argument !== null) {
      const body = r.pattern.split('*').map((s) => JSON.stringify(s).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^"]*');
      rule.argsPattern = new RegExp(`"${r.argument}":"${body}"`);
    }
    return rule;
  });
}

const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

if (TIERED) {
  // the child: the full decision with the 534 rules, as the parent measures it under Liftoff; one number out
  process.stdout.write(`${JSON.stringify({ full: rate(gate([], false), calls), parse: rate((c) => shell.readShellCommand(c), commands) })}\n`);
  process.exit(0);
}

const lines = [];
const log = (s = '') => lines.push(s);

log('## policy: the gate (shell front-end + rules + modes)');
log();
log(`Corpus: \`${file}\`, ${commands.length} commands; reference policy (5 dev-stage sets, AllowInterpreters, open allowlist, bypassPermissions). Medians of ${RUNS} runs of ${RUN_MS} ms, one core, node ${process.version}.`);
log();

const tbl = [['rules', 'policy alone/s (readings cached)', 'full decisions/s (parse + decide)', 'matching: indexed/s', 'matching: one regex per rule/s', 'indexed ÷ regex']];
const extraSets = [0, 5000, 50000];
const results = new Map();
// the policy and matching first, before the parser's wasm runs in the timed loop
for (const n of extraSets) {
  const extra = userRules(n);
  const all = [...extra, ...policy.stageRules()];
  results.set(n, { total: all.length, pol: rate(gate(extra, true), calls), idx: rate(indexed(all), commands), base: rate(baseline(all), commands.slice(0, n === 50000 ? 10 : commands.length)) });
}
const parseRate = rate((c) => shell.readShellCommand(c), commands);
for (const n of extraSets) {
  const r = results.get(n);
  r.full = rate(gate(userRules(n), false), calls);
  tbl.push([String(r.total), fmt(r.pol), fmt(r.full), fmt(r.idx), fmt(r.base), `${(r.idx / r.base).toFixed(1)}×`]);
}
const full534 = results.get(0).full;
log(`Parse alone (readShellCommand, Liftoff as in the CLI): **${fmt(parseRate)}/s**: the shell parse dominates a full decision; the policy part alone is the first column.`);
log();
for (const [i, row] of tbl.entries()) {
  log(`| ${row.join(' | ')} |`);
  if (i === 0) log(`|${row.map(() => '---').join('|')}|`);
}
log();
// An extra measurement, in a process of its own (V8 reads the tiering when it compiles the wasm): the same
// full decisions with web-tree-sitter's runtime tiered up, as `check --jsonl` runs on a file of 256 KiB or more.
const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--tiered'], { encoding: 'utf8', timeout: 300_000 });
const tiered = child.status === 0 ? JSON.parse(child.stdout.trim().split('\n').pop()) : null;
if (tiered) {
  log(`Tiered runtime (a separate process; how \`check --jsonl\` runs on a file of 256 KiB or more, the grammar's lexer still on Liftoff): readShellCommand **${fmt(tiered.parse)}/s**, full decisions with the 534 rules **${fmt(tiered.full)}/s** (Liftoff, this run: ${fmt(parseRate)}/s and ${fmt(full534)}/s).`);
} else {
  log(`Tiered runtime: not measured (the child process exited ${child.status ?? child.signal}: ${(child.stderr || '').trim().split('\n').pop()}).`);
}
log();

const peer = await loadPeer();
if (peer.error) {
  log(`Peer: not measured — ${peer.error}.`);
} else {
  // the peer logs every call (debug) and every parse error (error): silence it while it is measured
  const saved = { debug: console.debug, error: console.error, warn: console.warn, log: console.log };
  console.debug = console.error = console.warn = console.log = () => {};
  const prow = [['rules', `gemini-cli-core ${peer.version} PolicyEngine.check/s`, 'orkeon-code decide/s (same run)', 'ratio']];
  for (const n of extraSets) {
    const all = [...userRules(n), ...policy.stageRules()];
    // DEFAULT approval mode: there its check() splits compound commands with its tree-sitter parser and tries
    // every rule on each part (in YOLO mode 0.61.0 skips that, so a deny rule on `git push` lets `ls && git push` through).
    const engine = new peer.PolicyEngine({ rules: peerRules(peer, all), defaultDecision: peer.PolicyDecision.ALLOW, nonInteractive: true, approvalMode: peer.ApprovalMode.DEFAULT });
    const pcalls = commands.map((command) => ({ name: 'run_shell_command', args: { command } }));
    await engine.check(pcalls[0], undefined);
    const pr = await rateAsync((c) => engine.check(c, undefined), n === 50000 ? pcalls.slice(0, 20) : pcalls);
    const ours = results.get(n).full;
    prow.push([String(all.length), fmt(pr), fmt(ours), `${(ours / pr).toFixed(1)}×`]);
  }
  Object.assign(console, saved);
  log('Peer, same corpus, same rules translated to its regex-over-JSON arguments (run_shell_command, DEFAULT approval mode, default decision allow, non-interactive); its check() parses and splits the command with its own tree-sitter bash too:');
  log();
  for (const [i, row] of prow.entries()) {
    log(`| ${row.join(' | ')} |`);
    if (i === 0) log(`|${row.map(() => '---').join('|')}|`);
  }
}
log();
console.log(lines.join('\n'));
