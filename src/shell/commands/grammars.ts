// `argv`: each known command's option groups split by its own grammar, so a rule written for the simple form
// sees every spelling: `bash -xc` reads `bash -x -c`, `python3 -Ic"print(1)"` reads `python3 -I -c print(1)`,
// `perl -wle` reads `perl -w -l -e`. A value glued to an option that takes one stays that value: `perl
// -Mstrict` is not `-M -s -t -r -i -c -t`, and `python3 x.py -c` keeps `-c` as the script's argument.
import type { Word } from '../model.js';

export interface SplitGrammar {
  /** Letters whose value (glued or next word) becomes its own word after the option: `-cCODE` → `-c CODE`. */
  readonly splitValues?: string;
  /** Letters whose glued value stays glued (`-Mstrict`); with nothing glued the next word is the value. */
  readonly gluedValues?: string;
  /** Letters that take the rest of the cluster, possibly empty, as a glued value (`-i.bak`, `-x[dir]`). */
  readonly restOptional?: string;
  /** Letters with an optional glued value matching a pattern (`-l012`, `-0777`); the rest goes on splitting. */
  readonly digitValues?: Readonly<Record<string, RegExp>>;
  /** Letters after whose value option parsing stops (python `-c`, `-m`). */
  readonly stopAfter?: string;
  /** Long options (without `--`) that take the next word as value when not glued with `=`. */
  readonly longValues?: readonly string[];
  /** Long options whose `=value` is written as two words (`--eval=X` → `--eval X`). */
  readonly splitLongEquals?: readonly string[];
  /** `+x` and `+o opt` are options too (shells). */
  readonly plus?: boolean;
  /** The first operand (a script) ends option parsing. */
  readonly operandStops?: boolean;
}

export type ArgKind = 'name' | 'option' | 'value' | 'operand';

export interface Arg {
  readonly text: string;
  /** Index of the word it came from. */
  readonly from: number;
  readonly kind: ArgKind;
}

const SHELL: SplitGrammar = {
  splitValues: 'oO',
  plus: true,
  operandStops: true,
  longValues: ['rcfile', 'init-file'],
};

const FISH: SplitGrammar = {
  splitValues: 'cCdfo',
  operandStops: true,
  longValues: ['command', 'init-command', 'debug', 'features', 'profile', 'debug-output', 'profile-startup'],
  splitLongEquals: ['command', 'init-command'],
};

const PYTHON: SplitGrammar = {
  splitValues: 'cmWX',
  stopAfter: 'cm',
  operandStops: true,
  longValues: ['check-hash-based-pycs'],
};

const NODE: SplitGrammar = {
  splitValues: 'e',
  gluedValues: 'rC',
  operandStops: true,
  longValues: ['eval', 'print', 'require', 'import', 'loader', 'experimental-loader', 'input-type', 'title', 'conditions', 'env-file', 'inspect-port', 'redirect-warnings', 'icu-data-dir', 'openssl-config', 'stack-trace-limit', 'disable-warning', 'watch-path', 'test-name-pattern', 'test-reporter', 'test-reporter-destination'],
  splitLongEquals: ['eval', 'print'],
};

const PERL: SplitGrammar = {
  splitValues: 'eE',
  gluedValues: 'MmI',
  restOptional: 'xdDCVFi',
  digitValues: { l: /^[0-7]*/, '0': /^(x[0-9a-fA-F]*|[0-7]*)/ },
  operandStops: true,
};

const RUBY: SplitGrammar = {
  splitValues: 'e',
  gluedValues: 'rICE',
  restOptional: 'xiKTF',
  digitValues: { '0': /^[0-7]*/, W: /^[0-2:]?/ },
  operandStops: true,
  longValues: ['encoding', 'external-encoding', 'internal-encoding', 'disable', 'enable', 'dump'],
};

const PHP: SplitGrammar = {
  splitValues: 'rBRE',
  gluedValues: 'dcfztSF',
  operandStops: true,
  longValues: ['rf', 'rc', 're', 'ri', 'rz', 'define', 'php-ini', 'file', 'zend-extension', 'docroot', 'server', 'process-begin', 'process-code', 'process-file', 'process-end'],
};

const TS_NODE: SplitGrammar = {
  splitValues: 'e',
  gluedValues: 'rOPCI',
  operandStops: true,
  longValues: ['eval', 'print', 'require', 'compiler-options', 'project', 'compiler', 'ignore', 'dir', 'scope-dir', 'cwd'],
  splitLongEquals: ['eval', 'print'],
};

/** deno: a subcommand (`run`, `eval`, …) and mostly long options; its short flags group (`-Aq`). */
const DENO: SplitGrammar = { gluedValues: 'cL', longValues: ['config', 'log-level', 'import-map', 'lock', 'cert', 'location', 'seed', 'v8-flags', 'env-file', 'ext'] };

const LUA: SplitGrammar = { splitValues: 'el', operandStops: true };

const GENERIC_INTERPRETER: SplitGrammar = { splitValues: 'e', operandStops: true, longValues: ['eval'], splitLongEquals: ['eval'] };

/** The grammar of a command name (its basename), if the reader knows one. */
export function grammarFor(name: string): SplitGrammar | null {
  if (isShellName(name)) return name === 'fish' ? FISH : SHELL;
  if (isPythonName(name)) return PYTHON;
  if (name === 'deno') return DENO;
  if (/^(node|nodejs|bun|tsx)$/.test(name)) return NODE;
  if (/^ts-node(-esm)?$/.test(name)) return TS_NODE;
  if (/^perl(5[.\d]*)?$/.test(name)) return PERL;
  if (/^ruby([\d.]+)?$/.test(name)) return RUBY;
  if (/^php([\d.]+)?$/.test(name)) return PHP;
  if (/^lua(jit|[\d.]+)?$/.test(name)) return LUA;
  if (/^(julia|Rscript|osascript|R)$/.test(name)) return GENERIC_INTERPRETER;
  return null;
}

export const BOURNE_SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh', 'mksh', 'pdksh', 'ksh93', 'ash', 'yash', 'posh', 'rbash', 'lksh', 'oksh', 'loksh', 'bosh', 'hush']);
/** Shells whose language is not bash's: their `-c` strings are opaque. */
export const FOREIGN_SHELLS = new Set(['fish', 'csh', 'tcsh', 'pwsh', 'powershell', 'nu', 'nushell', 'xonsh', 'elvish', 'rc', 'es', 'ion', 'murex', 'oil', 'osh', 'ysh']);

export function isShellName(name: string): boolean {
  return BOURNE_SHELLS.has(name) || FOREIGN_SHELLS.has(name);
}

export function isPythonName(name: string): boolean {
  return /^(python|pypy|ipython)(\d+(\.\d+)*)?[mtd]?$/.test(name);
}

/** Splits the words after the command name by `grammar`. */
export function splitByGrammar(words: readonly Word[], grammar: SplitGrammar): Arg[] {
  const out: Arg[] = [{ text: words[0]?.value ?? '', from: 0, kind: 'name' }];
  let i = 1;
  let stopped = false;
  while (i < words.length) {
    const w = words[i]!;
    const v = w.value;
    if (stopped || w.dynamic) {
      out.push({ text: v, from: i, kind: stopped ? 'operand' : v.startsWith('-') ? 'option' : 'operand' });
      if (!stopped && !v.startsWith('-') && grammar.operandStops) stopped = true;
      i++;
      continue;
    }
    if (v === '--') {
      out.push({ text: v, from: i, kind: 'option' });
      stopped = true;
      i++;
      continue;
    }
    if (v === '-') {
      out.push({ text: v, from: i, kind: 'operand' });
      if (grammar.operandStops) stopped = true;
      i++;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      if (eq !== -1 && grammar.splitLongEquals?.includes(name)) {
        out.push({ text: `--${name}`, from: i, kind: 'option' }, { text: v.slice(eq + 1), from: i, kind: 'value' });
        i++;
        continue;
      }
      out.push({ text: v, from: i, kind: 'option' });
      if (eq === -1 && grammar.longValues?.includes(name) && i + 1 < words.length) {
        out.push({ text: words[i + 1]!.value, from: i + 1, kind: 'value' });
        i += 2;
        continue;
      }
      i++;
      continue;
    }
    const isOption = v.length > 1 && (v.startsWith('-') || (grammar.plus === true && v.startsWith('+')));
    if (!isOption) {
      out.push({ text: v, from: i, kind: 'operand' });
      if (grammar.operandStops) stopped = true;
      i++;
      continue;
    }
    const sign = v[0]!;
    let consumedNext = false;
    for (let p = 1; p < v.length; p++) {
      const c = v[p]!;
      const rest = v.slice(p + 1);
      if (grammar.splitValues?.includes(c)) {
        out.push({ text: sign + c, from: i, kind: 'option' });
        if (rest) out.push({ text: rest, from: i, kind: 'value' });
        else if (i + 1 < words.length) {
          out.push({ text: words[i + 1]!.value, from: i + 1, kind: 'value' });
          consumedNext = true;
        }
        if (grammar.stopAfter?.includes(c)) stopped = true;
        break;
      }
      if (grammar.gluedValues?.includes(c)) {
        if (rest) out.push({ text: sign + c + rest, from: i, kind: 'option' });
        else {
          out.push({ text: sign + c, from: i, kind: 'option' });
          if (i + 1 < words.length) {
            out.push({ text: words[i + 1]!.value, from: i + 1, kind: 'value' });
            consumedNext = true;
          }
        }
        break;
      }
      if (grammar.restOptional?.includes(c)) {
        out.push({ text: sign + c + rest, from: i, kind: 'option' });
        break;
      }
      const digits = grammar.digitValues?.[c];
      if (digits) {
        const m = digits.exec(rest)?.[0] ?? '';
        out.push({ text: sign + c + m, from: i, kind: 'option' });
        p += m.length;
        continue;
      }
      out.push({ text: sign + c, from: i, kind: 'option' });
    }
    i += consumedNext ? 2 : 1;
  }
  return out;
}

/** The words as they are: options stay whole, every other word is an operand. */
export function plainArgs(words: readonly Word[]): Arg[] {
  let afterDoubleDash = false;
  return words.map((w, i) => {
    if (i === 0) return { text: w.value, from: 0, kind: 'name' as const };
    const option = !afterDoubleDash && !w.dynamic && w.value.length > 1 && w.value.startsWith('-');
    if (w.value === '--') afterDoubleDash = true;
    return { text: w.value, from: i, kind: option ? ('option' as const) : ('operand' as const) };
  });
}
