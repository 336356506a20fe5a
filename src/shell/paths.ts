// Paths read lexically, the way the gate must compare them: `./a`, `a//b`, `a/./b` and `a/../b` collapse;
// the project is mounted at /workspace and commands start there, so `/workspace/x` and `../workspace/x`
// (leaving the project and coming back) are the project path `x`. Lexical means no file is looked at: a
// symbolic link `a` makes `a/..` somewhere else, which SECURITY.md states.

export const PROJECT_ROOT = '/workspace';

/** Characters a word may hold and still be read as a path (no quotes, no patterns, no `=`, no `:`). */
const PATHLIKE = /^[\w.@+,%~-]*(\/[\w.@+,%~-]*)*$/;

/** True when `word` is worth reading as a path: it has a slash or is `.`/`..`, and nothing else odd. */
export function looksLikePath(word: string): boolean {
  if (word === '.' || word === '..') return true;
  if (!word.includes('/')) return false;
  return PATHLIKE.test(word) && !word.startsWith('-');
}

/**
 * Collapses `.`, `..` and repeated slashes; keeps a trailing slash (`obj/` is not `obj` to a rule);
 * maps the project mount to project-relative paths.
 */
export function normalisePath(word: string): string {
  if (!looksLikePath(word)) return word;
  const absolute = word.startsWith('/');
  const trailingSlash = word.length > 1 && word.endsWith('/');
  // resolve against the project root so that `../workspace/x` comes back in
  const base = absolute ? [] : PROJECT_ROOT.split('/').filter(Boolean);
  const segments = [...base];
  let escapedAbove = 0;
  for (const seg of word.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (segments.length) segments.pop();
      else if (!absolute) escapedAbove++;
      continue;
    }
    segments.push(seg);
  }
  const resolved = '/' + segments.join('/');
  let out: string;
  if (resolved === PROJECT_ROOT) out = '.';
  else if (resolved.startsWith(PROJECT_ROOT + '/')) out = resolved.slice(PROJECT_ROOT.length + 1);
  else if (absolute) out = resolved;
  else out = relativeOutside(word, escapedAbove);
  if (trailingSlash && out !== '/' && !out.endsWith('/')) out += '/';
  return out;
}

/** A relative path that leaves the project and does not come back: collapse it but keep it relative. */
function relativeOutside(word: string, _escapedAbove: number): string {
  const out: string[] = [];
  for (const seg of word.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..' && out.length && out[out.length - 1] !== '..') out.pop();
    else out.push(seg);
  }
  return out.join('/') || '.';
}

/**
 * A command name keeps its path-ness: bash looks a bare name up in PATH but runs a name with a slash as a
 * file, so `./ls` must never read as `ls` (the allowlist matches bare names).
 */
export function normaliseCommandName(word: string): string {
  if (!word.includes('/')) return word;
  const out = normalisePath(word);
  if (out === '.') return './';
  // a relative name written `./x` keeps its `./`, and one that collapsed to a bare name gets it back
  if (!out.startsWith('/') && !out.startsWith('../') && !out.startsWith('./') && (word.startsWith('./') || !out.includes('/'))) return `./${out}`;
  return out;
}

/** A redirection target: a file path, read like an argument path. */
export function normaliseRedirectTarget(word: string): string {
  return normalisePath(word);
}
