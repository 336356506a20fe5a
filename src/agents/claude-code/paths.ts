// Host paths, as Claude Code's file tools name them, read as the session's virtual paths (seed 004,
// ADR-008: a physical path is never handed to an agent; seed 000: file tools reach only the mounts).
//
// Claude Code runs on the host, so its Read/Write/Edit/Glob/Grep name host paths. Each path is read
// three ways and every reading must land under a mount: as written after lexical normalisation (what
// Node's path.resolve makes of it), with the symbolic links of that normal form resolved (what the kernel
// opens once Claude Code normalised it), and walked as the kernel walks the raw string (a link followed
// by `..` climbs from the link's target, not from the link). A reading outside every mount makes the
// whole path outside: it is never treated as inside. The distinct virtual readings all go to the gate,
// and a deny on any of them wins.
import fs from 'node:fs';
import path from 'node:path';
import { toVirtualPath } from '../../mounts/map.js';
import type { MountTable } from '../../mounts/types.js';

/** A mount as the hook maps it: a host folder (its real path) and the virtual path the session names it by. */
export interface HostMount {
  readonly physical: string;
  readonly virtual: string;
  readonly writable: boolean;
}

export type PathReading =
  | { readonly ok: true; readonly virtual: readonly string[] }
  | { readonly ok: false; readonly why: 'outside' | 'unreadable'; readonly message: string };

/** What the walk needs from the file system; the real one by default, a test double where a unit needs one. */
export interface LinkReader {
  lstat(p: string): { isSymbolicLink(): boolean } | null;
  readlink(p: string): string | null;
}

export const hostLinks: LinkReader = {
  lstat(p) {
    try {
      return fs.lstatSync(p);
    } catch {
      return null;
    }
  },
  readlink(p) {
    try {
      return fs.readlinkSync(p);
    } catch {
      return null;
    }
  },
};

/** As Linux bounds it (MAXSYMLINKS): more links than this in one walk is a loop. */
const MAX_LINKS = 40;

/**
 * The path the kernel opens for an absolute `raw`: each component walked from `/`, a symbolic link
 * replaced by its target (relative to the folder holding it), `..` taken from the folder reached so far.
 * The part from the first component that does not exist on is appended lexically. Null for a loop.
 */
export function physicalPath(raw: string, links: LinkReader = hostLinks): string | null {
  let rest = raw.split('/').filter((s) => s !== '');
  let current = '/';
  let hops = 0;
  while (rest.length > 0) {
    const part = rest.shift()!;
    if (part === '.') continue;
    if (part === '..') {
      current = path.posix.dirname(current);
      continue;
    }
    const next = current === '/' ? `/${part}` : `${current}/${part}`;
    const st = links.lstat(next);
    if (st === null) return path.posix.resolve(next, ...rest);
    if (st.isSymbolicLink()) {
      if (++hops > MAX_LINKS) return null;
      const target = links.readlink(next);
      if (target === null) return null;
      if (target.startsWith('/')) current = '/';
      rest = [...target.split('/').filter((s) => s !== ''), ...rest];
      continue;
    }
    current = next;
  }
  return current;
}

/**
 * The virtual path a host path (absolute, normal) is seen at, or null when no mount shows it: the session's
 * own mapping (toVirtualPath), so a host path that a deeper virtual mount hides (`--mount /h1:/data:ro
 * --mount /h2:/data/w:rw` makes /h1/w/x /data/w/x, which is /h2/x) is shown by no mount.
 */
export function virtualOf(mounts: readonly HostMount[], host: string): string | null {
  return toVirtualPath(tableOf(mounts), host);
}

/** The hook's mounts as a mount table: for the mapping of host paths, and the redaction every text shown to the model goes through. */
export function tableOf(mounts: readonly HostMount[]): MountTable {
  return { mounts: mounts.map((m) => ({ role: m.virtual === '/workspace' ? 'workspace' : m.virtual === '/output' ? 'output' : 'user', virtual: m.virtual, physical: m.physical, writable: m.writable })) };
}

/**
 * Reads one host path (absolute, or relative to `cwd`, Claude Code's working folder) as the session's
 * virtual paths. Never names the host path in its message: the caller shows it to the model.
 */
export function readHostPath(text: string, cwd: string, mounts: readonly HostMount[], links: LinkReader = hostLinks): PathReading {
  if (text === '') return unreadable('the path is empty');
  if (text.includes('\0')) return unreadable('the path holds a NUL character');
  // Node does not expand `~`; a tool that would has a home folder no mount shows.
  if (text === '~' || text.startsWith('~/')) return outside();
  if (!path.posix.isAbsolute(cwd)) return unreadable('the working folder Claude Code reported is not an absolute path');
  const raw = path.posix.isAbsolute(text) ? text : `${cwd}/${text}`;
  const lexical = path.posix.resolve(raw);
  const readings = [lexical, physicalPath(lexical, links), physicalPath(raw, links)];
  const out: string[] = [];
  for (const host of readings) {
    if (host === null) return unreadable('the path goes through a loop of symbolic links');
    const v = virtualOf(mounts, host);
    if (v === null) return outside();
    if (!out.includes(v)) out.push(v);
  }
  return { ok: true, virtual: out };
}

function outside(): PathReading {
  return { ok: false, why: 'outside', message: 'the path is outside every mount of the session (the project is /workspace)' };
}

function unreadable(message: string): PathReading {
  return { ok: false, why: 'unreadable', message };
}

const GLOB_META = /[*?[\]{}()!+@\\]/;

export type GlobReading =
  | { readonly ok: true; readonly readings: readonly { readonly base: string; readonly pattern: string }[] }
  | { readonly ok: false; readonly why: 'outside' | 'unreadable'; readonly message: string };

/**
 * A glob pattern and the folder it is matched from, read as virtual: the pattern's leading components
 * without a wildcard (`..` included, or the whole of an absolute pattern's fixed part) belong to the
 * folder, which must be under a mount; the rest stays a pattern. A `..` after a wildcard cannot be
 * bounded and is refused.
 */
export function readGlob(pattern: string, base: string, cwd: string, mounts: readonly HostMount[], links: LinkReader = hostLinks): GlobReading {
  if (pattern.includes('\0')) return { ok: false, why: 'unreadable', message: 'the pattern holds a NUL character' };
  const absolute = pattern.startsWith('/');
  const parts = pattern.split('/').filter((s) => s !== '');
  let fixed = 0;
  while (fixed < parts.length - 1 && !GLOB_META.test(parts[fixed]!)) fixed++;
  if (parts.slice(fixed).some((p) => p === '..')) {
    return { ok: false, why: 'unreadable', message: 'the pattern climbs with .. after a wildcard, which no folder bounds; start it from the folder it searches' };
  }
  const head = parts.slice(0, fixed).join('/');
  const tail = parts.slice(fixed).join('/');
  const folder = absolute ? `/${head}` : head === '' ? base : `${base.replace(/\/+$/, '')}/${head}`;
  const read = readHostPath(folder, cwd, mounts, links);
  if (!read.ok) return read;
  return { ok: true, readings: read.virtual.map((v) => ({ base: v, pattern: tail })) };
}

/** The session's mounts for the hook, from the project (and the output and user mounts when given), by their real paths. */
export function hostMounts(input: { project: string; output?: string | null; user?: readonly HostMount[] }): HostMount[] {
  const mounts: HostMount[] = [{ physical: realOrSelf(input.project), virtual: '/workspace', writable: true }];
  if (input.output) mounts.push({ physical: realOrSelf(input.output), virtual: '/output', writable: true });
  for (const m of input.user ?? []) mounts.push({ ...m, physical: realOrSelf(m.physical) });
  return mounts;
}

function realOrSelf(p: string): string {
  try {
    return fs.realpathSync.native(p);
  } catch {
    return path.posix.resolve(p);
  }
}
