// Option parsing by each command's own grammar: where a wrapper's command starts, which word is the value of
// which option. A dynamic word where an option could be stops parsing there (nothing after it can be placed
// with certainty), so a wrapper whose command cannot be placed shows its command with a dynamic name.
import type { Word } from '../model.js';
import type { Assignment } from '../types.js';

export interface OptionSpec {
  /** Short letters that take no value. Letters not listed anywhere are read as flags too. */
  readonly flags?: string;
  /** Short letters that take a value: the rest of the cluster, or the next word. */
  readonly values?: string;
  /** Short letters whose value is the rest of the cluster only, possibly empty (`-t[file]`). */
  readonly optional?: string;
  /** Long options (without `--`) that take a value: `--x=v` or `--x v`. */
  readonly longValues?: readonly string[];
  /** Long options whose value can only be glued (`--x[=v]`). Every other long option is a flag. */
  readonly longOptional?: readonly string[];
  /** `-N` (a number) is an option (`nice -5`). */
  readonly numericOption?: boolean;
  /** Single-dash long options (`-ex`, `-eval-command`) that take a value (gdb, find, java style). */
  readonly singleDashLongValues?: readonly string[];
  /** Stop at the first operand (default true: POSIX order, which every wrapper here uses). */
  readonly stopAtOperand?: boolean;
}

export interface ParsedOption {
  /** `-x` for a short option, `--name` for a long one. */
  readonly name: string;
  readonly value: Word | null;
  /** Index of the word the option was read from. */
  readonly at: number;
}

export interface ParsedOptions {
  readonly options: ParsedOption[];
  /** Index of the first operand (words.length when there is none). */
  readonly next: number;
  /** Options could not be read to the end with certainty (a dynamic word in option position). */
  readonly uncertain: boolean;
}

/** Reads options from `words[from]` on. `--` ends options and is consumed. */
export function parseOptions(words: readonly Word[], from: number, spec: OptionSpec): ParsedOptions {
  const options: ParsedOption[] = [];
  let i = from;
  while (i < words.length) {
    const w = words[i]!;
    const v = w.value;
    if (w.dynamic) {
      // `$OPTS cmd`: the word may be options, their values or the command; nothing after it is certain
      return { options, next: i, uncertain: v.startsWith('-') || v.startsWith('$') || v.startsWith('"') };
    }
    if (v === '--') return { options, next: i + 1, uncertain: false };
    if (v === '-' || !v.startsWith('-')) return { options, next: i, uncertain: false };
    if (spec.numericOption && /^-\d+$/.test(v)) {
      options.push({ name: v, value: null, at: i });
      i++;
      continue;
    }
    if (v.startsWith('--')) {
      const eq = v.indexOf('=');
      const name = eq === -1 ? v.slice(2) : v.slice(2, eq);
      if (eq !== -1) {
        options.push({ name: `--${name}`, value: { value: v.slice(eq + 1), dynamic: false }, at: i });
        i++;
        continue;
      }
      if (spec.longValues?.includes(name)) {
        options.push({ name: `--${name}`, value: words[i + 1] ?? null, at: i });
        i += 2;
        continue;
      }
      options.push({ name: `--${name}`, value: null, at: i });
      i++;
      continue;
    }
    const single = spec.singleDashLongValues?.find((o) => v === `-${o}`);
    if (single) {
      options.push({ name: v, value: words[i + 1] ?? null, at: i });
      i += 2;
      continue;
    }
    // a cluster of short options
    let consumedNext = false;
    for (let p = 1; p < v.length; p++) {
      const c = v[p]!;
      if (spec.values?.includes(c)) {
        const rest = v.slice(p + 1);
        if (rest) options.push({ name: `-${c}`, value: { value: rest, dynamic: false }, at: i });
        else {
          options.push({ name: `-${c}`, value: words[i + 1] ?? null, at: i });
          consumedNext = true;
        }
        break;
      }
      if (spec.optional?.includes(c)) {
        const rest = v.slice(p + 1);
        options.push({ name: `-${c}`, value: rest ? { value: rest, dynamic: false } : null, at: i });
        break;
      }
      options.push({ name: `-${c}`, value: null, at: i });
    }
    i += consumedNext ? 2 : 1;
  }
  return { options, next: i, uncertain: false };
}

/** The value of the last occurrence of any of `names`, if given. */
export function optionValue(parsed: ParsedOptions, ...names: string[]): Word | null | undefined {
  let found: Word | null | undefined;
  for (const o of parsed.options) if (names.includes(o.name)) found = o.value;
  return found;
}

export function hasOption(parsed: ParsedOptions, ...names: string[]): boolean {
  return parsed.options.some((o) => names.includes(o.name));
}

/** `NAME=value` with a valid name: an assignment to `env`, `sudo`, `export`. */
export const ASSIGNMENT_WORD = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/s;

/** The `NAME=value` words from `from` on (`env A=1 B=2 cmd`, `sudo A=1 cmd`), and where the command starts. */
export function leadingAssignments(words: readonly Word[], from: number): { assignments: Assignment[]; next: number } {
  const assignments: Assignment[] = [];
  let i = from;
  while (i < words.length) {
    const w = words[i]!;
    const m = w.dynamic ? null : ASSIGNMENT_WORD.exec(w.value);
    if (!m) break;
    assignments.push({ name: m[1]!, value: m[2]!, dynamic: false });
    i++;
  }
  return { assignments, next: i };
}
