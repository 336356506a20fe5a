// What the gate sees of the mounts: virtual paths and write rights, never a host path. The gate checks a
// writing command's paths and working directory against this (SPEC §5). The type is the gate's own
// (src/policy/types.ts); this is the one converter from a mount table.
import { BASE_MOUNTS, type MountView, type MountViewEntry } from '../policy/types.js';
import type { MountSpec, MountTable } from './types.js';
import { sortMounts } from './table.js';

/** The table as the gate reads it (shallowest first; the deepest holding mount decides a path's right). */
export function toGateMounts(table: MountTable): MountViewEntry[] {
  return table.mounts.map((m) => ({ virtual: m.virtual, writable: m.writable }));
}

/** The gate's view of a session: the table's mounts and the command's virtual working directory. */
export function toMountView(table: MountTable, cwd = '/workspace'): MountView {
  return { mounts: toGateMounts(table), cwd };
}

/**
 * The same view before any host path is resolved, from the `--mount` values alone: the gate can decide
 * before the session's folders are created (a refused command leaves nothing behind).
 */
export function mountViewOf(user: readonly MountSpec[], cwd = '/workspace'): MountView {
  return {
    mounts: sortMounts([
      ...BASE_MOUNTS,
      ...user.map((m) => ({ virtual: m.virtual, writable: m.writable })),
    ]),
    cwd,
  };
}
