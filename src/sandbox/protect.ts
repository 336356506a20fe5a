// Host paths a sandboxed command must not change even though they sit in a writable mount: the project's
// git hooks and config (git runs them later, outside the sandbox), orkeon-code's own folder (the trust
// registry) and the user's settings file. Each is bound read-only at every place a writable mount shows
// it, and each folder on the way from the mount's root is bound onto itself ("pinned"): a mount point
// cannot be renamed or removed, so `mv .git .git.old && mkdir .git` cannot swap the protected files out.
// Pure: the paths arrive resolved and existing.
import path from 'node:path';
import type { Mount, MountTable } from '../mounts/types.js';
import { isWithin } from '../mounts/virtual-path.js';
import { mountAt } from '../mounts/map.js';
import type { PlanMount } from './types.js';

export interface ProtectedPath {
  /** Absolute host path (it exists). */
  readonly path: string;
  /** What it is, for the one line that refuses a writable mount of it. */
  readonly what: string;
  /**
   * Whether a folder strictly below `path` may be mounted writable on its own. True for orkeon-code's
   * own folder: what must not change there (the trust registry, the settings) sits at its top, and the
   * default output folder and the `--demo` project live below it. False (the default) for git's files.
   */
  readonly subfoldersMountable?: boolean;
}

export type ProtectionResult =
  | { readonly ok: true; readonly mounts: readonly PlanMount[] }
  | { readonly ok: false; readonly mount: Mount; readonly protectedPath: ProtectedPath };

/** The pins and read-only binds that keep `protect` unchanged under every writable mount of `table`. */
export function protectionMounts(table: MountTable, protect: readonly ProtectedPath[]): ProtectionResult {
  const out: PlanMount[] = [];
  const pinned = new Set<string>();
  for (const mount of table.mounts) {
    if (!mount.writable || mount.physical === null) continue;
    const root = mount.physical;
    for (const p of protect) {
      if (isWithin(root, p.path)) {
        // The writable mount is the protected path or inside it: it would hand the path over whole.
        if (p.subfoldersMountable === true && root !== p.path) continue;
        return { ok: false, mount, protectedPath: p };
      }
      if (!isWithin(p.path, root)) continue;
      const virtualOf = (host: string): string => mount.virtual + host.slice(root.length);
      // Another mount shows something else there (a user mount below a user mount): nothing of this one to protect.
      if (mountAt(table, virtualOf(p.path)) !== mount) continue;
      for (const dir of foldersBetween(root, p.path)) {
        if (pinned.has(virtualOf(dir))) continue;
        pinned.add(virtualOf(dir));
        out.push({ kind: 'bind', purpose: 'pin', physical: dir, virtual: virtualOf(dir), writable: true });
      }
      out.push({ kind: 'bind', purpose: 'protect', physical: p.path, virtual: virtualOf(p.path), writable: false });
    }
  }
  return { ok: true, mounts: out };
}

/** The folders strictly between `root` and `target`, outermost first: root /a, target /a/b/c/d → /a/b, /a/b/c. */
export function foldersBetween(root: string, target: string): string[] {
  const out: string[] = [];
  let dir = path.posix.dirname(target);
  while (dir !== root && isWithin(dir, root) && dir !== '/') {
    out.unshift(dir);
    dir = path.posix.dirname(dir);
  }
  return out;
}
