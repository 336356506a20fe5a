// The rule pattern language of the seed: `*` is any run of characters (newlines included), everything
// else is itself, case counts, and the whole argument is compared. No regex is built: a pattern is its
// literal segments, matched anchored at both ends with indexOf for the middle ones (leftmost is optimal
// for `*`-only globs, so this is exact and linear in practice).

export interface CompiledGlob {
  readonly source: string;
  /** The literal runs between stars. */
  readonly segments: readonly string[];
  readonly startsWithStar: boolean;
  readonly endsWithStar: boolean;
  /** Sum of the segments' lengths: a text shorter than this cannot match. */
  readonly minLength: number;
}

export function compileGlob(pattern: string): CompiledGlob {
  const parts = pattern.split('*');
  const segments = parts.filter((p) => p.length > 0);
  return {
    source: pattern,
    segments,
    startsWithStar: pattern.startsWith('*'),
    endsWithStar: pattern.endsWith('*') && pattern.length > 0,
    minLength: segments.reduce((n, s) => n + s.length, 0),
  };
}

export function globMatches(glob: CompiledGlob, text: string): boolean {
  const { segments } = glob;
  if (text.length < glob.minLength) return false;
  if (segments.length === 0) return glob.source.length > 0 ? true : text.length === 0; // '*'… or ''
  let start = 0;
  let end = text.length;
  let first = 0;
  let last = segments.length;
  if (!glob.startsWithStar) {
    const s = segments[0]!;
    if (!text.startsWith(s)) return false;
    start = s.length;
    first = 1;
    if (segments.length === 1 && !glob.endsWithStar) return text.length === s.length;
  }
  if (!glob.endsWithStar && last > first) {
    const s = segments[last - 1]!;
    if (end - start < s.length || !text.endsWith(s)) return false;
    end -= s.length;
    last -= 1;
  }
  for (let i = first; i < last; i++) {
    const s = segments[i]!;
    const at = text.indexOf(s, start);
    if (at === -1 || at + s.length > end) return false;
    start = at + s.length;
  }
  return true;
}

/**
 * Whether two patterns (each with `*` for any run) can match one common string. Used for dynamic words:
 * a word bash expands at run time becomes a pattern, and a deny rule that could match some expansion
 * refuses the call.
 */
export function globsIntersect(a: string, b: string): boolean {
  const n = a.length;
  const m = b.length;
  // memo[i * (m + 1) + j]: 0 unknown, 1 yes, 2 no. Iterative DP from the end to avoid deep recursion.
  const can = new Uint8Array((n + 1) * (m + 1));
  const idx = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n; i >= 0; i--) {
    for (let j = m; j >= 0; j--) {
      let ok: boolean;
      if (i === n && j === m) ok = true;
      else if (i < n && a[i] === '*') ok = can[idx(i + 1, j)] === 1 || (j < m && can[idx(i, j + 1)] === 1);
      else if (j < m && b[j] === '*') ok = can[idx(i, j + 1)] === 1 || (i < n && can[idx(i + 1, j)] === 1);
      else if (i < n && j < m) ok = a[i] === b[j] && can[idx(i + 1, j + 1)] === 1;
      else ok = false;
      can[idx(i, j)] = ok ? 1 : 0;
    }
  }
  return can[idx(0, 0)] === 1;
}
