// What program a command name names. A name with a slash is never the bare allowlisted name, unless it is a
// system path (`/usr/bin/ls`); `./ls` never is. git's dashed executables (`/usr/lib/git-core/git-push`)
// are git with that verb.
import { posix } from 'node:path';

const SYSTEM_DIRS = new Set(['/bin', '/usr/bin', '/usr/local/bin', '/sbin', '/usr/sbin', '/usr/local/sbin']);
const GIT_CORE_DIRS = new Set(['/usr/lib/git-core', '/usr/libexec/git-core', '/usr/local/libexec/git-core', '/usr/local/lib/git-core']);

export interface CommandIdentity {
  /** The name as written. */
  readonly written: string;
  /** The last path component (what the program calls itself). */
  readonly basename: string;
  /** The bare name the allowlist may admit: the name itself, or the basename of a system path; null for `./x`, `a/x`. */
  readonly bare: string | null;
  readonly hasSlash: boolean;
  /** A letter outside ASCII in the name (homoglyphs such as a Cyrillic і in gіt). */
  readonly nonAscii: boolean;
  /** For git's dashed executables (`git-push`): the verb; else null. */
  readonly gitDashedVerb: string | null;
}

const cache = new Map<string, CommandIdentity>();

export function commandIdentity(name: string): CommandIdentity {
  let hit = cache.get(name);
  if (!hit) {
    hit = readIdentity(name);
    if (cache.size > 4096) cache.clear();
    cache.set(name, hit);
  }
  return hit;
}

function readIdentity(name: string): CommandIdentity {
  const hasSlash = name.includes('/');
  const normal = hasSlash && name.startsWith('/') ? posix.normalize(name) : name;
  const basename = hasSlash ? posix.basename(normal) : name;
  const dir = hasSlash ? posix.dirname(normal) : '';
  const system = hasSlash && (SYSTEM_DIRS.has(dir) || GIT_CORE_DIRS.has(dir));
  const bare = !hasSlash ? name : system ? basename : null;
  let gitDashedVerb: string | null = null;
  const dm = /^git-([a-z][a-z0-9-]*)$/.exec(basename);
  if (dm && (!hasSlash || system)) gitDashedVerb = dm[1]!;
  let nonAscii = false;
  for (let i = 0; i < name.length && !nonAscii; i++) nonAscii = name.charCodeAt(i) > 0x7f;
  return { written: name, basename, bare, hasSlash, nonAscii, gitDashedVerb };
}

/** Whether a command name is git (bare, a system path, or any path ending in /git: a rule reads it as git). */
export function isGitName(id: CommandIdentity): boolean {
  return id.basename === 'git';
}
