// 100,000+ random and mutated inputs, seeded from the corpus, the unit cases and the bench's agent commands,
// plus deep nesting and 64 KiB inputs. Each must read or be refused without a throw and without an internal
// failure, within the documented bound, with a well-formed result, and never with a command name that bash
// expands at run time left unmarked. The generator is seeded: a failure names the input that caused it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_MS, MAX_INPUT_BYTES, readShellCommand, type ShellReadResult } from '../../src/shell/index.js';
import { readAgentCommands, readCorpusRows } from '../support/corpus.js';
import { ready } from './helpers.js';
import { mulberry32 } from '../support/random.js';

await ready;

/** Bound on one read, documented in SECURITY.md: the reader's own budget plus a second of slack. */
const READ_BOUND_MS = DEFAULT_TIMEOUT_MS + 1000;
const SEED = Number(process.env.ORKEON_FUZZ_SEED ?? 20261129);
const COUNT = Number(process.env.ORKEON_FUZZ_COUNT ?? 100_000);


const UNIT_SEEDS = [
  'g"i"t pu\\sh', "'git' push", "$'\\x67it' push", "bash -xc 'git push'", 'bash -lc "cd x && git push"',
  'echo ${x:-$(git push)}', 'echo `git push`', 'cd x && GIT_DIR=.git git push', 'timeout 5 nice -n 2 env -i git push',
  'find . -exec git push \\;', 'eval "git push"', '$G push', 'git${IFS}push', 'git status # ; git push',
  "echo '$(git push)'", 'python3 x.py -c', "cat <<'EOF'\n$(x)\nEOF", 'cat <<EOF\n$(x) `y`\nEOF',
  "sh <<-'E'\n\tgit push\n\tE", 'for ((i=0;i<3;i++)); do x; done', 'case $x in a|b) c;; *) d;; esac',
  '[[ -n $(x) && $y =~ ^a(b)$ ]]', '(( a[$(x)] + 1 ))', 'f() { x; } > out', 'a && b > out | c 2>&1',
  "x=(a 'b c' $(d)) y+=1 a[$(q)]=2 cmd", 'declare -x A=$(b) c; export PAGER=less', 'echo "`echo \\"hi\\"`"',
  'echo `echo \\`git push\\``', "GIT_SSH_COMMAND='sh -c \"git push\"' git fetch", "env -S 'A=1 git push'",
  "ssh -o ProxyCommand='git push' x", "git -c alias.x='!git push' x", "sed -n '1e git push' f",
  "awk 'BEGIN{system(\"x\")}'", 'xargs -I{} git push {}', 'echo $"t" a$"u"v', 'gi\\\nt push', 'node - <<\'JS\'\nx\nJS',
  'echo x >f y z', '! t0 - 2>&1', 'coproc git push', 'time -p git push', '{git,push}', 'echo @(a|b)',
];

const corpusSeeds = readCorpusRows().map((r) => r.command);
const agentSeeds = readAgentCommands();
const SEEDS = [...UNIT_SEEDS, ...corpusSeeds, ...agentSeeds];

const SHELL_CHARS = [...`'"\\$\`(){}[]|&;<>*?#~ \n\t=!-+,.:/@%^_0123456789abcxyzEOF`];
const ODD_CHARS = ['\u0000', '\r', '\u200b', '\u00a0', '\u202e', '\ud800', 'é', '日', '😀', '\u007f', '\u0085'];

function mutate(rand: () => number, input: string): string {
  const pick = <T,>(a: readonly T[]): T => a[Math.floor(rand() * a.length)]!;
  const at = (): number => Math.floor(rand() * (input.length + 1));
  switch (Math.floor(rand() * 12)) {
    case 0:
    case 1: {
      const i = at();
      return input.slice(0, i) + pick(SHELL_CHARS) + input.slice(i);
    }
    case 2: {
      const i = at();
      return input.slice(0, i) + input.slice(i + 1 + Math.floor(rand() * 4));
    }
    case 3: {
      const i = at();
      const j = Math.min(input.length, i + Math.floor(rand() * 12));
      return input.slice(0, j) + input.slice(i, j) + input.slice(j);
    }
    case 4:
      return input + pick([' ; ', ' && ', ' | ', '\n', ' & ']) + pick(SEEDS);
    case 5:
      return pick(['$(', '`', '"$(', '<(', 'eval "', "bash -c '", '( ', '{ ', 'env ', 'sudo ', 'timeout 1 ', 'x=$(']) + input + pick([')', '`', ')"', ')', '"', "'", ' )', '; }', '', '', '', ')']);
    case 6: {
      const i = at();
      return input.slice(0, i) + pick(ODD_CHARS) + input.slice(i);
    }
    case 7: {
      const i = at();
      return input.slice(0, i) + '\\\n' + input.slice(i);
    }
    case 8: {
      const i = at();
      return input.slice(0, i) + pick(['$x', '${x}', '*', '?', '[a]', '{a,b}', '~', '$(y)', '`y`', '$((1))', "$'\\x41'", '"', "'", '<<EOF\n', '\nEOF\n']) + input.slice(i);
    }
    case 9:
      return input.split('').reverse().join('');
    case 10: {
      const i = at();
      return input.slice(0, i) + pick(SEEDS) + input.slice(i);
    }
    default: {
      let s = '';
      const n = 1 + Math.floor(rand() * 30);
      for (let k = 0; k < n; k++) s += pick(SHELL_CHARS);
      return s;
    }
  }
}

/** Inputs that are deep or large by construction. */
function structuralInputs(): string[] {
  const out: string[] = [];
  for (const n of [10, 50, 200, 600, 2000]) {
    out.push('echo ' + '$('.repeat(n) + 'git push' + ')'.repeat(n));
    out.push('('.repeat(n) + 'git push' + ')'.repeat(n));
    out.push('{ '.repeat(n) + 'git push; ' + '}; '.repeat(n));
    out.push('echo "' + '$(echo "'.repeat(n) + 'x' + '")'.repeat(n) + '"');
    out.push('if true; then '.repeat(n) + 'git push; ' + 'fi; '.repeat(n));
    out.push('eval '.repeat(n) + 'git push');
    out.push('timeout 1 '.repeat(n) + 'git push');
    out.push('echo ' + '${x:-'.repeat(n) + 'y' + '}'.repeat(n));
    out.push('(( ' + '('.repeat(n) + '1' + ')'.repeat(n) + ' ))');
  }
  let bq = 'git push';
  for (let i = 0; i < 6; i++) {
    bq = '`echo ' + bq.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
    out.push(bq);
  }
  const big = (unit: string): string => unit.repeat(Math.floor((MAX_INPUT_BYTES - 8) / unit.length));
  out.push('echo ' + 'a'.repeat(MAX_INPUT_BYTES - 5));
  out.push('echo ' + 'a'.repeat(MAX_INPUT_BYTES));
  out.push(big('git status; '));
  out.push(big('echo "$x" '));
  out.push("echo '" + big('x') + "'");
  out.push(big('a | '));
  out.push('cat <<EOF\n' + big('line $x\n') + 'EOF');
  out.push(big('$('));
  out.push(big('\\\n'));
  return out;
}

/** The characters of `name` that bash would expand where they stand, were they unquoted. */
function expandingCharacters(name: string): string[] {
  const out: string[] = [];
  if (/\$[A-Za-z_{(\[0-9@*#?$!-]/.test(name)) out.push('$');
  if (name.includes('`')) out.push('`');
  if (name.includes('*')) out.push('*');
  if (name.includes('?')) out.push('?');
  if (/\[.*\]/.test(name)) out.push('[');
  if (/\{[^}]*(,|\.\.)[^{]*\}/.test(name)) out.push('{');
  if (name.startsWith('~')) out.push('~');
  return out;
}

/**
 * For an input with no quote and no backslash anywhere, every expanding character of a command name that
 * comes straight from the source (not through env -S, a git alias, …) stood unquoted: bash expanded it, so
 * the reader must have marked the name dynamic. (With quotes, telling which characters they cover takes a
 * real lexer, which is what is under test; the bash-oracle tests cover quoting.)
 */
const QUOTING = /['"\\]/;
const SOURCE_VIA = /^((\$\(…\)|`…`|<\(…\)|>\(…\)|function [^>]*)( > )?)*$/;

const CODES = new Set(['too-long', 'nul', 'carriage-return', 'control-character', 'lone-surrogate', 'invisible-character', 'non-ascii-space', 'parse-error', 'unknown-node', 'unsupported-construct', 'too-deep', 'parse-timeout']);

let checkedNames = 0;

function check(input: string, r: ShellReadResult): void {
  if (!r.ok) {
    expect(CODES.has(r.refusal.code), `${r.refusal.code}: ${r.refusal.message} for ${JSON.stringify(input.slice(0, 200))}`).toBe(true);
    expect(r.refusal.message.length).toBeGreaterThan(0);
    return;
  }
  expect(typeof r.reading.line).toBe('string');
  const quoteFree = !QUOTING.test(input);
  r.reading.commands.forEach((c, index) => {
    expect(c.words.length === 0).toBe(c.argv.length === 0);
    for (const d of c.dynamic) expect(d >= 0 && d < c.argv.length).toBe(true);
    if (c.runs !== null) expect(c.runs > index && c.runs < r.reading.commands.length).toBe(true);
    const name = c.argv[0];
    if (quoteFree && name !== undefined && !c.dynamic.includes(0) && SOURCE_VIA.test(c.via)) {
      const unquoted = expandingCharacters(name);
      expect(unquoted, `static command name ${JSON.stringify(name)} holds ${JSON.stringify(unquoted)} unquoted in ${JSON.stringify(input.slice(0, 200))}`).toEqual([]);
      checkedNames++;
    }
  });
}

describe('fuzzing the reader', () => {
  it(`reads ${COUNT} random and mutated inputs without a throw, an internal failure, a hang or an unmarked dynamic name`, () => {
    const rand = mulberry32(SEED);
    const inputs = structuralInputs();
    let slowest = 0;
    let slowestInput = '';
    let refused = 0;
    let total = 0;
    const run = (input: string): void => {
      const t = performance.now();
      let r: ShellReadResult;
      try {
        r = readShellCommand(input);
      } catch (err) {
        throw new Error(`threw on ${JSON.stringify(input.slice(0, 300))} (seed ${SEED}): ${(err as Error).stack}`);
      }
      const ms = performance.now() - t;
      if (ms > slowest) {
        slowest = ms;
        slowestInput = input;
      }
      expect(ms, `read took ${ms.toFixed(0)} ms on ${JSON.stringify(input.slice(0, 200))}`).toBeLessThan(READ_BOUND_MS);
      check(input, r);
      if (!r.ok) refused++;
      total++;
    };
    for (const input of inputs) run(input);
    let current = SEEDS[0]!;
    while (total < COUNT) {
      // a mutation chain: keep mutating the last input a few times, then start again from a seed
      current = rand() < 0.3 ? SEEDS[Math.floor(rand() * SEEDS.length)]! : current;
      current = mutate(rand, current);
      if (current.length > 4096) current = current.slice(0, 4096);
      run(current);
    }
    console.log(`fuzz: ${total} inputs (seed ${SEED}), ${refused} refused, slowest read ${slowest.toFixed(0)} ms (${slowestInput.length} chars), ${checkedNames} static names of quote-free inputs checked`);
    expect(total).toBeGreaterThanOrEqual(100_000);
    expect(checkedNames).toBeGreaterThan(10_000);
  }, 300_000);

  it('marks a dynamic command name wherever the expansion stands', () => {
    for (const name of ['$x', '${x}', '$(x)', '`x`', 'g*t', 'g?t', 'g[i]t', '{git,x}y', '~/x', 'a$x', '"$x"', "$x'y'", 'x$((1))']) {
      const r = readShellCommand(`${name} push`);
      if (!r.ok) {
        expect(r.refusal.code).toBe('parse-error');
        continue;
      }
      expect(r.reading.commands[0]!.dynamic, name).toContain(0);
    }
  });
});
