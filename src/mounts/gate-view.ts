// What the gate sees of the mounts: virtual paths and write rights, never a host path. The gate checks a
// writing command's paths and working directory against this (SPEC §5).
import type { MountTable } from './types.js';

export interface GateMountView {
  /** Normalised virtual path. */
  readonly virtual: string;
  readonly writable: boolean;
}

/** The table as the gate reads it: shallowest first, the deepest holding mount decides a path's right. */
export function toGateMounts(table: MountTable): GateMountView[] {
  return table.mounts.map((m) => ({ virtual: m.virtual, writable: m.writable }));
}
