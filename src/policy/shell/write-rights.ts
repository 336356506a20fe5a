// A command that can write (an interpreter, a command the user added to the allowlist, a redirection that
// writes) needs the write right on each path it names and on its working directory: a path under a
// read-only mount is refused, naming the virtual path. Paths outside every mount are the confinement's
// (system folders are read-only there); they are not judged here.
import { posix } from 'node:path';
import type { MountView } from '../types.js';

export function resolveVirtual(cwd: string, word: string): string {
  return posix.normalize(word.startsWith('/') ? word : posix.join(cwd, word));
}

/** The mount a virtual path falls under (the longest root that contains it), or null. */
export function mountOf(view: MountView, path: string): { virtual: string; writable: boolean } | null {
  let best: { virtual: string; writable: boolean } | null = null;
  for (const m of view.mounts) {
    const root = (m.virtual.endsWith('/') ? m.virtual.replace(/\/+$/, '') : m.virtual) || '/';
    if (path === root || path.startsWith(root === '/' ? '/' : `${root}/`)) {
      if (!best || root.length > best.virtual.length) best = { virtual: root, writable: m.writable };
    }
  }
  return best;
}

/** The words of a command that name a path: absolute or with a slash, and option values after `=`. */
export function pathWords(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of argv.slice(1)) {
    let w = a;
    if (w.startsWith('-')) {
      const eq = w.indexOf('=');
      if (eq < 0) continue;
      w = w.slice(eq + 1);
    }
    if (w.includes('/') || w === '.' || w === '..') out.push(w);
  }
  return out;
}

/** The first path a writer names (or its working directory) that falls under a read-only mount. */
export function firstReadOnlyPath(view: MountView, cwds: readonly string[], paths: readonly string[]): string | null {
  for (const cwd of cwds) {
    const m = mountOf(view, cwd);
    if (m && !m.writable) return cwd;
    for (const p of paths) {
      const v = resolveVirtual(cwd, p);
      const pm = mountOf(view, v);
      if (pm && !pm.writable) return v;
    }
  }
  return null;
}
