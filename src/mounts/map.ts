// Physical ↔ virtual, and the redaction every agent-facing text goes through. The deepest mount that
// holds a path answers (a user mount below another wins for its subtree). Identity mounts
// (`/output:/output:rw`, the container convention) are the one case where a host path may be named:
// it is the same string on both sides (ADR-008, "La dérogation de rédaction").
import path from 'node:path';
import type { Mount, MountTable } from './types.js';
import { isWithin } from './virtual-path.js';

/** The virtual path a host path is seen at, or null when no mount shows it. */
export function toVirtualPath(table: MountTable, physical: string): string | null {
  const abs = path.posix.normalize(physical);
  let best: { mount: Mount; physical: string } | null = null;
  for (const mount of table.mounts) {
    if (mount.physical === null) continue;
    if (!isWithin(abs, mount.physical)) continue;
    if (best === null || mount.physical.length >= best.physical.length) best = { mount, physical: mount.physical };
  }
  if (best === null) return null;
  // A deeper virtual mount can hide what the physical match names (a user mount below /workspace is
  // refused, but a user mount below a user mount is not): the virtual answer must map back to the same file.
  const rest = abs.slice(best.physical.length);
  const virtual = best.mount.virtual + rest;
  const back = toPhysicalPath(table, virtual);
  return back === abs ? virtual : null;
}

/** The host path a virtual path lives at, or null when it is under no mount (or under the private /tmp). */
export function toPhysicalPath(table: MountTable, virtual: string): string | null {
  const found = mountAt(table, virtual);
  if (found === null || found.physical === null) return null;
  return found.physical + virtual.slice(found.virtual.length);
}

/** The deepest mount holding a virtual path, or null. */
export function mountAt(table: MountTable, virtual: string): Mount | null {
  const v = path.posix.normalize(virtual);
  let best: Mount | null = null;
  for (const mount of table.mounts) {
    if (isWithin(v, mount.virtual) && (best === null || mount.virtual.length >= best.virtual.length)) best = mount;
  }
  return best;
}

/**
 * Rewrites every host path of the table found in `text` to its virtual path, and anything else under a
 * mount's host folder that no mount shows, and every path in `hidden` (the user's home, orkeon-code's own
 * folder, …), to `[host path]`. Longer host paths are replaced first so a mount below another is named by
 * its own virtual path. Meant for every message, prompt or log line an agent reads.
 */
export function redactHostPaths(table: MountTable, text: string, hidden: readonly string[] = []): string {
  const bound = table.mounts
    .filter((m): m is Mount & { physical: string } => m.physical !== null && m.physical !== m.virtual && m.physical !== '/')
    .sort((a, b) => b.physical.length - a.physical.length);
  let out = text;
  for (const mount of bound) {
    out = replacePathPrefix(out, mount.physical, (rest) => {
      const virtual = toVirtualPath(table, mount.physical + rest);
      return virtual ?? '[host path]';
    });
  }
  for (const host of [...hidden].filter((h) => h !== '/' && h !== '').sort((a, b) => b.length - a.length)) {
    out = replacePathPrefix(out, host, () => '[host path]');
  }
  return out;
}

/** Replaces `prefix` followed by a path tail (or a boundary) with what `map(tail)` returns. */
function replacePathPrefix(text: string, prefix: string, map: (tail: string) => string): string {
  let out = '';
  let i = 0;
  for (;;) {
    const at = text.indexOf(prefix, i);
    if (at === -1) return out + text.slice(i);
    const after = text[at + prefix.length];
    // A prefix that continues into a longer name (`/home/al` in `/home/alice`) is not this path.
    if (after !== undefined && after !== '/' && !/[\s"'`:,;)\]}>]/.test(after)) {
      out += text.slice(i, at + prefix.length);
      i = at + prefix.length;
      continue;
    }
    let end = at + prefix.length;
    if (after === '/') {
      const tail = /^\/[^\s"'`:,;)\]}>]*/.exec(text.slice(end));
      end += tail ? tail[0].length : 0;
    }
    const tail = text.slice(at + prefix.length, end).replace(/\/+$/, '');
    out += text.slice(i, at) + map(tail) + text.slice(at + prefix.length + tail.length, end);
    i = end;
  }
}
