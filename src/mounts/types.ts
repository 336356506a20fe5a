// The mount table's contract: what a session sees (virtual paths) and where it lives on the host
// (physical paths). Physical paths stay in this table and in the backends' argv; everything meant for an
// agent goes through toVirtualPath/redactHostPaths (ADR-008: a physical path is never a virtual path).

/**
 * Who put a mount there. `workspace`, `output`, `tmp` and `user-config` are the four every session has;
 * `user` comes from `--mount`.
 */
export type MountRole = 'workspace' | 'output' | 'tmp' | 'user-config' | 'user';

export interface Mount {
  readonly role: MountRole;
  /** Absolute virtual path, normalised (`/data/x`, never a trailing slash, never `.` or `..`). */
  readonly virtual: string;
  /** Absolute host path, or null for a mount with no host side (the private `/tmp`). */
  readonly physical: string | null;
  readonly writable: boolean;
}

/** The mounts of one session, shallowest first (a parent before what is mounted below it). */
export interface MountTable {
  readonly mounts: readonly Mount[];
}

/** A `--mount physical:virtual[:ro|rw]` string, read. The physical side is as written (maybe relative). */
export interface MountSpec {
  readonly physical: string;
  readonly virtual: string;
  readonly writable: boolean;
  /** The string as given, for messages to the user who wrote it. */
  readonly text: string;
}

export type MountErrorCode =
  | 'syntax' // no `:` between the two sides, an empty side
  | 'access' // a third field other than ro or rw
  | 'drive-letter' // a Windows drive path on the virtual side
  | 'relative' // a virtual path not starting with /
  | 'dot-segment' // `.` or `..` in a virtual path
  | 'character' // a control character, a comma or a colon where it cannot be carried
  | 'reserved' // a root the session itself provides (/workspace, /output, /tmp, /user-config, /crew, …)
  | 'system' // the sandbox's own system tree (/, /proc, /dev, /sys, /usr, /etc, …)
  | 'duplicate' // two mounts at one virtual path
  | 'physical' // the host side is missing, not readable, or would expose orkeon-code's own files
  | 'output'; // --output names something that cannot be the output folder

/** A refused mount, as a value: one line that names the option, the bad value and the fix. */
export interface MountError {
  readonly code: MountErrorCode;
  /** The option the value came from: `--mount`, `--output`. */
  readonly option: string;
  /** The value as the user wrote it (it may name a host path: it is the user's own, shown to the user). */
  readonly value: string;
  readonly message: string;
}

export type MountResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: MountError };
