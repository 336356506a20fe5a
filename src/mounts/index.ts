// The mounts stage: what a session sees and where it lives. Pure but for physical.ts (the I/O edge).
export type { Mount, MountError, MountErrorCode, MountResult, MountRole, MountSpec, MountTable } from './types.js';
export { parseMountString, mountError } from './parse.js';
export { normalizeVirtualPath, isDriveLetterPath, isWithin, depthOf, type VirtualPathCheck } from './virtual-path.js';
export { reservedRootOf, RESERVED_ROOTS, SYSTEM_ROOTS, SANDBOX_HOME, SANDBOX_RUNTIME_DIR, type ReservedHit } from './reserved.js';
export { buildMountTable, sortMounts, type MountTableInput } from './table.js';
export { toVirtualPath, toPhysicalPath, mountAt, redactHostPaths } from './map.js';
export { defaultOutputDir } from './output.js';
export { resolveMountSpec, prepareOutputDir } from './physical.js';
export { toGateMounts, toMountView, mountViewOf } from './gate-view.js';
