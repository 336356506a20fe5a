// Interpreters and shells: which names are, which options take code inline, which take a value, and when
// the program comes from standard input. Shared by the allowlist (interpreters run only under
// AllowInterpreters), the inline-code reading (interpreters outside the seed's 28 patterns) and the write
// rights (an interpreter can write).

import { isShellName } from '../../shell/commands/grammars.js';

export type InterpreterKind = 'shell' | 'language' | 'runner';

export interface InterpreterSpec {
  readonly kind: InterpreterKind;
  /** Options whose value is code run inline (`-c`, `-e`, `--eval`), short ones as single letters too. */
  readonly inline: readonly string[];
  /** Options that take a separate value (`-o pipefail`, `-W ignore`, `-r mod`); a glued value is one word. */
  readonly valued: readonly string[];
  /** Options after which the interpreter runs no program (`--version`, `-m module` runs a module, not stdin). */
  readonly noStdinProgram: readonly string[];
  /** Long option names an option may abbreviate, case aside (PowerShell: `-enc` is -EncodedCommand). */
  readonly inlinePrefixes?: readonly string[];
  /** Whether short options group (`-xc`); PowerShell's single-dash options are words. */
  readonly noGroups?: boolean;
  /** Subcommands that take inline code (`deno eval`). */
  readonly inlineSubcommands?: readonly string[];
  /** Subcommands that run a program and so are not a read of stdin (`deno run x.ts`). */
  readonly subcommands?: boolean;
}

const SHELL: InterpreterSpec = {
  kind: 'shell',
  inline: ['-c'],
  valued: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'],
  noStdinProgram: ['--version', '--help'],
};
const FISH: InterpreterSpec = { ...SHELL, inline: ['-c', '--command', '-C', '--init-command'] };
const PWSH: InterpreterSpec = {
  kind: 'shell',
  inline: ['-c', '-Command', '-command', '-EncodedCommand', '-encodedcommand', '-ec', '-e', '-CommandWithArgs', '-cwa'],
  valued: ['-File', '-file', '-f', '-ExecutionPolicy', '-ex', '-WorkingDirectory', '-wd', '-OutputFormat', '-InputFormat'],
  noStdinProgram: ['-Version', '-v', '-Help', '-h', '-?'],
  inlinePrefixes: ['-command', '-encodedcommand', '-commandwithargs', '-ec', '-cwa'],
  noGroups: true,
};
const NODE: InterpreterSpec = {
  kind: 'language',
  inline: ['-e', '--eval', '-p', '--print'],
  valued: ['-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--input-type', '--title', '--env-file', '--stack-size'],
  noStdinProgram: ['--version', '-v', '--help', '-h', '--check', '-c', '--test', '--run'],
};
const PYTHON: InterpreterSpec = {
  kind: 'language',
  inline: ['-c'],
  valued: ['-W', '-X', '-Q', '--check-hash-based-pycs'],
  noStdinProgram: ['-m', '--version', '-V', '--help', '-h'],
};
const PERL: InterpreterSpec = {
  kind: 'language',
  inline: ['-e', '-E'],
  valued: ['-I', '-M', '-m', '-x', '-i'],
  noStdinProgram: ['--version', '-v', '-V', '--help', '-h'],
};
const RUBY: InterpreterSpec = {
  kind: 'language',
  inline: ['-e'],
  valued: ['-I', '-r', '-E', '-C', '-x', '-F'],
  noStdinProgram: ['--version', '-v', '--help', '-h'],
};
const PHP: InterpreterSpec = {
  kind: 'language',
  inline: ['-r', '-B', '-R', '-E', '-F'],
  valued: ['-d', '-c', '-z', '-t', '-S'],
  noStdinProgram: ['--version', '-v', '--help', '-h', '-m', '-i', '-S'],
};
const SIMPLE_E = (valued: string[] = []): InterpreterSpec => ({
  kind: 'language',
  inline: ['-e', '--eval', '-p', '--print', '-E'],
  valued,
  noStdinProgram: ['--version', '-v', '-V', '--help', '-h'],
});

const BY_NAME: Record<string, InterpreterSpec> = {
  sh: SHELL, bash: SHELL, zsh: SHELL, dash: SHELL, ksh: SHELL, mksh: SHELL, pdksh: SHELL, ash: SHELL, fish: FISH,
  csh: SHELL, tcsh: SHELL, yash: SHELL, rbash: SHELL, posh: SHELL, elvish: SHELL, nu: SHELL, xonsh: SHELL,
  pwsh: PWSH, powershell: PWSH, 'powershell.exe': PWSH, 'pwsh.exe': PWSH, cmd: { ...SHELL, inline: ['/c', '/C', '/k', '/K'] },
  source: SHELL, '.': SHELL,
  node: NODE, nodejs: NODE, tsx: NODE, 'ts-node': NODE, 'ts-node-esm': NODE, bun: NODE,
  deno: { ...NODE, inlineSubcommands: ['eval'], subcommands: true },
  python: PYTHON, python2: PYTHON, python3: PYTHON, pypy: PYTHON, pypy3: PYTHON, ipython: PYTHON, ipython3: PYTHON,
  py: { ...PYTHON, noStdinProgram: [...PYTHON.noStdinProgram, '--list', '-0'] },
  perl: PERL, ruby: RUBY, irb: RUBY, jruby: RUBY, php: PHP,
  lua: SIMPLE_E(['-l']), luajit: SIMPLE_E(['-l']), osascript: SIMPLE_E(['-l']), Rscript: SIMPLE_E(), R: SIMPLE_E(),
  julia: SIMPLE_E(), groovy: SIMPLE_E(), scala: SIMPLE_E(), elixir: SIMPLE_E(), racket: SIMPLE_E(), expect: { ...SIMPLE_E(), inline: ['-c'] },
  guile: { ...SIMPLE_E(), inline: ['-c'] }, sbcl: { ...SIMPLE_E(), inline: ['--eval'] }, clisp: { ...SIMPLE_E(), inline: ['-x'] },
  erl: { ...SIMPLE_E(), inline: ['-eval'] }, escript: SIMPLE_E(), tclsh: SIMPLE_E(), wish: SIMPLE_E(), swift: SIMPLE_E(),
  raku: SIMPLE_E(['-I', '-M']), perl6: SIMPLE_E(['-I', '-M']), rakudo: SIMPLE_E(['-I', '-M']), ghc: SIMPLE_E(), ghci: SIMPLE_E(),
  runghc: SIMPLE_E(), kotlin: SIMPLE_E(), kotlinc: SIMPLE_E(), iex: SIMPLE_E(), crystal: { ...SIMPLE_E(), inline: ['eval', '-e'] },
  java: { kind: 'language', inline: [], valued: ['-cp', '-classpath', '--class-path', '-jar'], noStdinProgram: ['--version', '-version'] },
  dotnet: { kind: 'runner', inline: [], valued: [], noStdinProgram: [], subcommands: true },
  // package runners: they fetch or run a package's code (npx -c, npm exec -c take shell code inline)
  npx: { kind: 'runner', inline: ['-c', '--call'], valued: ['-p', '--package'], noStdinProgram: [], subcommands: true },
  bunx: { kind: 'runner', inline: [], valued: [], noStdinProgram: [], subcommands: true },
  pnpx: { kind: 'runner', inline: [], valued: [], noStdinProgram: [], subcommands: true },
  uvx: { kind: 'runner', inline: [], valued: [], noStdinProgram: [], subcommands: true },
  pipx: { kind: 'runner', inline: [], valued: [], noStdinProgram: [], subcommands: true },
};

/** The interpreter a bare name (or basename) is, if any: `python3.12` is python, `perl5.36` perl. */
const specCache = new Map<string, InterpreterSpec | null>();
export function interpreterSpec(basename: string): InterpreterSpec | null {
  let hit = specCache.get(basename);
  if (hit === undefined) {
    hit = lookupSpec(basename);
    if (specCache.size > 4096) specCache.clear();
    specCache.set(basename, hit);
  }
  return hit;
}

function lookupSpec(basename: string): InterpreterSpec | null {
  const direct = Object.prototype.hasOwnProperty.call(BY_NAME, basename) ? BY_NAME[basename] : undefined;
  if (direct) return direct;
  let m = /^(python|pypy|perl|ruby|php|lua|node|tclsh|wish)[0-9][0-9.]*$/.exec(basename);
  if (m) return BY_NAME[m[1] === 'python' ? 'python3' : m[1]!] ?? null;
  m = /^(python|python3|pypy3?)\.?[0-9][0-9.]*$/.exec(basename);
  if (m) return PYTHON;
  if (/^(jython|micropython|graalpy|pyston|circuitpython|cpython)[0-9.]*$/.test(basename)) return PYTHON;
  // versioned shells (ksh93, bash5.2, zsh-5.9)
  if (/^(bash|zsh|ksh|mksh|pdksh|oksh|loksh|dash|ash|hush|yash|fish|tcsh|csh|sh)-?[0-9][0-9.]*$/.test(basename)) return SHELL;
  // every other name the front-end reads as a shell (hush, bosh, ysh, rc, nushell, …) is one here too: a
  // shell the reader knows must never pass as a plain program
  if (isShellName(basename)) return SHELL;
  return null;
}

export interface InterpreterReading {
  /** The inline-code option found before any script operand (`-c`), or null. */
  readonly inlineOption: string | null;
  /** The script operand (first non-option word), or null. */
  readonly script: string | null;
  readonly scriptIndex: number | null;
  /** `-` as the script, or no script and nothing else to run: the program is read from standard input. */
  readonly readsStdinProgram: boolean;
}

/**
 * Reads an interpreter's argv the way it parses its options: options before the first operand, inline
 * code only there (`python3 x.py -c` passes -c to the script). Short groups are scanned letter by letter
 * in case the front-end left a group it does not know (`lua -we`).
 */
export function readInterpreter(spec: InterpreterSpec, argv: readonly string[]): InterpreterReading {
  let noStdin = false;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      const s = argv[i + 1];
      return s === undefined
        ? { inlineOption: null, script: null, scriptIndex: null, readsStdinProgram: !noStdin }
        : { inlineOption: null, script: s, scriptIndex: i + 1, readsStdinProgram: s === '-' };
    }
    if (a === '-') return { inlineOption: null, script: '-', scriptIndex: i, readsStdinProgram: true };
    const isOption = a.startsWith('-') || (spec === BY_NAME['cmd'] && a.startsWith('/')) || (a.startsWith('+') && spec.kind === 'shell');
    if (!isOption) {
      if (spec.inlineSubcommands?.includes(a)) return { inlineOption: a, script: null, scriptIndex: null, readsStdinProgram: false };
      return { inlineOption: null, script: a, scriptIndex: i, readsStdinProgram: false };
    }
    const eq = a.indexOf('=');
    const name = eq > 0 && a.startsWith('--') ? a.slice(0, eq) : a;
    if (spec.inline.includes(name)) return { inlineOption: name, script: null, scriptIndex: null, readsStdinProgram: false };
    if (spec.inlinePrefixes && name.length >= 2 && spec.inlinePrefixes.some((p) => p.startsWith(name.toLowerCase().replace(/^\//, '-')))) {
      return { inlineOption: name, script: null, scriptIndex: null, readsStdinProgram: false };
    }
    if (spec.noStdinProgram.includes(name)) noStdin = true;
    if (spec.valued.includes(name) && eq < 0) {
      i++;
      continue;
    }
    if (!spec.noGroups && !a.startsWith('--') && a.length > 2) {
      // a short group (`-Ic`, `-wle`) or a glued value (`-W ignore` written `-Wignore`)
      for (let k = 1; k < a.length; k++) {
        const flag = `-${a[k]}`;
        if (spec.inline.includes(flag)) return { inlineOption: flag, script: null, scriptIndex: null, readsStdinProgram: false };
        if (spec.noStdinProgram.includes(flag)) noStdin = true;
        if (spec.valued.includes(flag)) {
          if (k === a.length - 1) i++; // `-euxo pipefail`: the value is the next word
          break; // else the rest of the word is its value (`-Wignore`)
        }
      }
    }
  }
  return { inlineOption: null, script: null, scriptIndex: null, readsStdinProgram: !noStdin };
}

/** The paths through which a program reads its own standard input. */
export const STDIN_PATHS: ReadonlySet<string> = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);
export function isStdinPath(word: string): boolean {
  return STDIN_PATHS.has(word);
}
