// The session's mount table: the project at /workspace (rw), /output (rw), a private /tmp, the user's
// settings at /user-config (ro), then the user's own mounts. Pure: physical paths arrive resolved.
//
// A user mount may sit below another user mount (`/data` rw with `/data/keys` ro narrows a part of it):
// the deeper mount wins for its subtree, in the table's lookups and in every backend, because the table is
// ordered shallowest first and the backends mount in that order. Two mounts at one virtual path are refused.
import type { Mount, MountResult, MountSpec, MountTable } from './types.js';
import { mountError } from './parse.js';
import { depthOf } from './virtual-path.js';

export interface MountTableInput {
  /** The project's real path, as the trust stage resolved it. */
  readonly project: string;
  /** The output folder's absolute host path (defaultOutputDir, or --output resolved). */
  readonly output: string;
  /** The host folder holding the user's settings file, mounted read-only at /user-config. */
  readonly userConfig: string;
  /** `--mount` strings, read and resolved to absolute host paths. */
  readonly user: readonly MountSpec[];
}

export function buildMountTable(input: MountTableInput): MountResult<MountTable> {
  const mounts: Mount[] = [
    { role: 'workspace', virtual: '/workspace', physical: input.project, writable: true },
    { role: 'output', virtual: '/output', physical: input.output, writable: true },
    { role: 'tmp', virtual: '/tmp', physical: null, writable: true },
    { role: 'user-config', virtual: '/user-config', physical: input.userConfig, writable: false },
  ];
  const seen = new Map<string, MountSpec>();
  for (const spec of input.user) {
    const earlier = seen.get(spec.virtual);
    if (earlier) {
      return {
        ok: false,
        error: mountError('duplicate', '--mount', spec.text, `${spec.virtual} is already mounted by --mount ${earlier.text}; give each mount its own virtual path`),
      };
    }
    seen.set(spec.virtual, spec);
    mounts.push({ role: 'user', virtual: spec.virtual, physical: spec.physical, writable: spec.writable });
  }
  return { ok: true, value: { mounts: sortMounts(mounts) } };
}

/** Shallowest first, stable: a parent is always mounted before what goes below it. */
export function sortMounts<T extends { readonly virtual: string }>(mounts: readonly T[]): T[] {
  return mounts
    .map((m, i) => ({ m, i }))
    .sort((a, b) => depthOf(a.m.virtual) - depthOf(b.m.virtual) || a.i - b.i)
    .map(({ m }) => m);
}
