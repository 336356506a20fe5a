// `npm run bench` (shell): the shell front-end measured, with bash-parser (the parser the design card named)
// measured in the same run as the peer.
//  1. commands per second through parse + extract + normalise over bench/corpus/agent-commands.txt (what
//     coding agents send), median of 5 runs after a warm-up; the tree-sitter parse alone beside it;
//  2. the wall time of one `orkeon-code explain -- 'git status'` in a fresh process, median of 21, next to a
//     bare `node -e 0` measured in the same run;
//  3. bash-parser@0.5.0 (pinned in bench/peers/bash-parser, installed there on demand with `npm ci
//     --ignore-scripts`): its throughput on the same corpus, what it throws on or misreads, and its time on
//     growing inputs (quadratic) beside ours.
// A markdown report goes to standard output. Benchmarks measure; they never fail the build.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { loadAgentCommands } from './corpus.js';
import * as stats from './stats.js';
import { installPeer } from './peers.js';

// The CLI runs the bash grammar's wasm under Liftoff only (bin/orkeon-code.js); measure what it runs.
v8.setFlagsFromString('--liftoff-only');

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const shell = await import('../dist/shell/index.js');
const { parseShell } = await import('../dist/shell/parser.js');
await shell.initShellReader();

const RUNS = 5;
const RUN_MS = 500;
const WARM_MS = 1500;
const rate = (fn, items) => stats.rate(fn, items, { runs: RUNS, runMs: RUN_MS, warmMs: WARM_MS });
const median = stats.median;
const PROCESSES = 21;

const log = (s = '') => process.stdout.write(`${s}\n`);
const table = (rows) => {
  log(`| ${rows[0].join(' | ')} |`);
  log(`|${rows[0].map(() => '---').join('|')}|`);
  for (const r of rows.slice(1)) log(`| ${r.join(' | ')} |`);
  log();
};
const fmt = (n) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

function wallMs(args) {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

// --- the peer

function loadPeer() {
  const dir = join(here, 'peers', 'bash-parser');
  const entry = join(dir, 'node_modules', 'bash-parser', 'package.json');
  const error = installPeer('bash-parser', 'node_modules/bash-parser/package.json', ['--ignore-scripts']);
  if (error) return { error };
  try {
    const require = createRequire(join(dir, 'package.json'));
    const parse = require('bash-parser');
    const version = JSON.parse(readFileSync(entry, 'utf8')).version;
    return { parse, version };
  } catch (err) {
    return { error: `cannot load bash-parser: ${err.message}` };
  }
}

/** bash-parser's simple commands, found by walking every property of its AST (the most it can show). */
function peerCommands(ast) {
  const out = [];
  const seen = new Set();
  const walk = (node) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node.type === 'Command' && node.name) out.push([node.name.text, ...(node.suffix ?? []).filter((w) => w.type === 'Word').map((w) => w.text)]);
    for (const v of Object.values(node)) {
      if (Array.isArray(v)) v.forEach(walk);
      else walk(v);
    }
  };
  walk(ast);
  return out;
}

/** bash-parser's simple commands through its documented structure: statements, and commandAST of a word's CommandExpansion. */
function peerCommandsDocumented(ast) {
  const out = [];
  const statement = (n) => {
    if (!n) return;
    switch (n.type) {
      case 'Command':
        if (n.name) out.push([n.name.text, ...(n.suffix ?? []).filter((w) => w.type === 'Word').map((w) => w.text)]);
        for (const w of [n.name, ...(n.prefix ?? []), ...(n.suffix ?? [])]) for (const e of w?.expansion ?? []) if (e.type === 'CommandExpansion') statement(e.commandAST);
        break;
      case 'Script':
      case 'CompoundList':
      case 'Pipeline':
        (n.commands ?? []).forEach(statement);
        break;
      case 'LogicalExpression':
        statement(n.left);
        statement(n.right);
        break;
      case 'Subshell':
        statement(n.list);
        break;
      case 'Function':
        statement(n.body);
        break;
      case 'If':
        [n.clause, n.then, n.else].forEach(statement);
        break;
      case 'While':
      case 'Until':
        [n.clause, n.do].forEach(statement);
        break;
      case 'For':
        statement(n.do);
        break;
      case 'Case':
        (n.cases ?? []).forEach((c) => statement(c.body));
        break;
      default:
    }
  };
  statement(ast);
  return out;
}

const ours = (source) => {
  const r = shell.readShellCommand(source);
  return r.ok ? { commands: r.reading.commands.map((c) => [...c.words]) } : { refused: r.refusal.code };
};

/** Inputs each tool must read as bash does; `expect` is what bash runs. */
const PROBES = [
  { input: "$'\\x67it' push", expect: [['git', 'push']], what: "ANSI-C quoting $'…'" },
  { input: '[[ $x =~ ^a(b)$ ]] && git push', expect: [['[[', '$x', '=~', '^a(b)$', ']]'], ['git', 'push']], what: '[[ =~ ]] with a group' },
  { input: 'echo a#b', expect: [['echo', 'a#b']], what: 'a # inside a word' },
  { input: 'echo ${x:-$(git push)}', expect: [['echo', '${x:-$(git push)}'], ['git', 'push']], what: 'a substitution inside ${…}' },
  { input: 'cat <<EOF\nrm -rf x\nEOF', expect: [['cat']], what: 'a here-document body' },
  { input: 'echo `echo \\`git push\\``', expect: [['echo', '`echo \\`git push\\``'], ['echo', '`git push`'], ['git', 'push']], what: 'nested escaped backquotes' },
  { input: "bash -c 'git push'", expect: [['bash', '-c', 'git push'], ['git', 'push']], what: 'a string run by bash -c' },
  { input: 'a && b > out', expect: [['a'], ['b']], what: 'a list with a redirection' },
];

// --- run

const corpus = loadAgentCommands();
log('## Shell front-end (parse + extract + normalise)\n');
log(`Corpus: bench/corpus/agent-commands.txt, ${corpus.length} commands coding agents send (git reads, npm/pnpm/pytest/cargo, grep/rg/find/sed/cat/ls pipelines, here-documents, cd && chains). Medians of ${RUNS} runs of ${RUN_MS} ms after a ${WARM_MS} ms warm-up; V8 Liftoff only, as the CLI runs.\n`);

const refusedInCorpus = corpus.filter((c) => !shell.readShellCommand(c).ok);
const peer = loadPeer();
let peerSubset = corpus;
let peerThrows = [];
if (!peer.error) {
  peerThrows = corpus.filter((c) => {
    try {
      peer.parse(c);
      return false;
    } catch {
      return true;
    }
  });
  peerSubset = corpus.filter((c) => !peerThrows.includes(c));
}
// interleaved rounds, so that a busy machine weighs on every measure alike; the median round is kept
const rounds = { read: [], parse: [], peer: [], oursSubset: [] };
for (let round = 0; round < 3; round++) {
  rounds.read.push(rate((c) => shell.readShellCommand(c), corpus));
  rounds.parse.push(rate((c) => parseShell(c, Infinity), corpus));
  if (!peer.error) {
    rounds.peer.push(rate((c) => peerCommands(peer.parse(c)), peerSubset));
    rounds.oursSubset.push(rate((c) => shell.readShellCommand(c), peerSubset));
  }
}
const readRate = median(rounds.read);
const parseRate = median(rounds.parse);
let peerRows = [];
if (!peer.error) {
  const peerRate = median(rounds.peer);
  const oursOnSubset = median(rounds.oursSubset);
  peerRows = [
    [`bash-parser ${peer.version} parse + walk (the ${peerSubset.length} commands it parses)`, fmt(peerRate), fmt(1e6 / peerRate), '1.00'],
    [`orkeon-code readShellCommand (same ${peerSubset.length} commands)`, fmt(oursOnSubset), fmt(1e6 / oursOnSubset), (oursOnSubset / peerRate).toFixed(2)],
  ];
}

table([
  ['what', 'commands/s', 'µs/command', 'ratio to bash-parser'],
  [`orkeon-code readShellCommand (all ${corpus.length})`, fmt(readRate), fmt(1e6 / readRate), '—'],
  [`tree-sitter-bash parse + tree copy alone (all ${corpus.length})`, fmt(parseRate), fmt(1e6 / parseRate), '—'],
  ...peerRows,
]);
log(`orkeon-code refused ${refusedInCorpus.length} of ${corpus.length} corpus commands${refusedInCorpus.length ? `: ${refusedInCorpus.map((c) => JSON.stringify(c)).join(', ')}` : ''}.`);
if (!peer.error) log(`bash-parser threw on ${peerThrows.length} of ${corpus.length}${peerThrows.length ? `: ${peerThrows.slice(0, 8).map((c) => `\`${c.replace(/\n/g, '⏎')}\``).join(', ')}${peerThrows.length > 8 ? ', …' : ''}` : ''}.`);
log();

log('## One `orkeon-code explain` in a fresh process\n');
const explainMs = [];
const nodeMs = [];
wallMs(['bin/orkeon-code.js', 'explain', '--', 'git status']);
for (let i = 0; i < PROCESSES; i++) {
  nodeMs.push(wallMs(['-e', '0']));
  explainMs.push(wallMs(['bin/orkeon-code.js', 'explain', '--', 'git status']));
}
table([
  ['process', `median of ${PROCESSES} (ms)`, 'min (ms)', 'max (ms)'],
  ["node bin/orkeon-code.js explain -- 'git status'", fmt(median(explainMs)), fmt(Math.min(...explainMs)), fmt(Math.max(...explainMs))],
  ['node -e 0 (same run)', fmt(median(nodeMs)), fmt(Math.min(...nodeMs)), fmt(Math.max(...nodeMs))],
  ['explain minus bare node', fmt(median(explainMs) - median(nodeMs)), '', ''],
]);

log('## bash-parser, the peer: what it throws on and misreads\n');
if (peer.error) {
  log(`Peer: not measured — ${peer.error}.\n`);
} else {
  const code = (s) => `\`\` ${s.replace(/\n/g, '⏎').replace(/\|/g, '\\|')} \`\``;
  const show = (cmds) => (cmds.length ? cmds.map((c) => code(c.join(' '))).join(', ') : '(none)');
  /** `right`, or what is missing from and added to what bash runs. */
  const verdict = (cmds, expect) => {
    const key = (c) => JSON.stringify(c);
    const missing = expect.filter((e) => !cmds.some((c) => key(c) === key(e)));
    const added = cmds.filter((c) => !expect.some((e) => key(c) === key(e)));
    if (!missing.length && !added.length) return 'right';
    return [missing.length ? `misses ${show(missing)}` : '', added.length ? `adds ${show(added)}` : ''].filter(Boolean).join('; ');
  };
  const rows = [['input', 'what bash runs', `bash-parser ${peer.version}: walking its documented structure`, 'bash-parser: walking every property', 'orkeon-code']];
  for (const p of PROBES) {
    let doc;
    let all;
    try {
      const ast = peer.parse(p.input);
      doc = verdict(peerCommandsDocumented(ast), p.expect);
      all = verdict(peerCommands(ast), p.expect);
    } catch (err) {
      doc = all = `throws (${String(err.message).split('\n')[0].replace(/\|/g, '/').slice(0, 70)})`;
    }
    const o = ours(p.input);
    const mine = o.refused ? `refused (${o.refused})` : verdict(o.commands, p.expect);
    rows.push([code(p.input), show(p.expect), doc, all, mine]);
  }
  table(rows);
  log('bash-parser reads no nested strings (`bash -c`, `eval`): a gate built on it must add that reading itself.');
  log();

  log('### Time on growing inputs (`echo a; ` repeated)\n');
  const sizes = [250, 500, 1000, 2000, 4000];
  const grow = [['repeats', 'chars', 'bash-parser (ms)', 'orkeon-code (ms)']];
  for (const n of sizes) {
    const s = 'echo a; '.repeat(n);
    const time = (fn) => {
      const xs = [];
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        fn();
        xs.push(performance.now() - t);
      }
      return median(xs);
    };
    let theirs;
    try {
      theirs = fmt(time(() => peer.parse(s)));
    } catch (err) {
      theirs = `throws (${String(err.message).slice(0, 40)})`;
    }
    grow.push([String(n), String(s.length), theirs, fmt(time(() => shell.readShellCommand(s, { timeoutMs: 60_000 })))]);
  }
  table(grow);
  log('Doubling the input about quadruples bash-parser\'s time (quadratic); orkeon-code grows about linearly (up to its documented bound of 4,096 simple commands per input).');
  log();
}
