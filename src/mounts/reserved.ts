// Virtual roots a user `--mount` cannot claim. Two kinds: the session's own roots (ADR-008: the project,
// the output, the private /tmp, the user's settings, and the runners' /crew, /crews*, /script, /llm-logs),
// and the sandbox's system tree (a mount over /proc or /usr would not add a folder, it would replace what
// every program in the sandbox relies on, or hide the read-only system folders behind writable ones).
import { isWithin } from './virtual-path.js';

/** The session's own roots; nothing may be mounted at or below them by `--mount`. */
export const RESERVED_ROOTS: readonly string[] = ['/workspace', '/output', '/tmp', '/user-config', '/crew', '/crews', '/script', '/llm-logs'];

/** The sandbox's home for commands (HOME): never the user's own. */
export const SANDBOX_HOME = '/home/orkeon';

/** Where the sandbox keeps its runtime sockets (ssh agent, session bus); also its XDG_RUNTIME_DIR. */
export const SANDBOX_RUNTIME_DIR = '/run/orkeon-code';

/** The sandbox's own system tree. */
export const SYSTEM_ROOTS: readonly string[] = ['/proc', '/dev', '/sys', '/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc', SANDBOX_RUNTIME_DIR];

export type ReservedHit =
  | { readonly kind: 'reserved'; readonly root: string; readonly what: string }
  | { readonly kind: 'system'; readonly root: string };

const WHAT: Readonly<Record<string, string>> = {
  '/workspace': 'the project',
  '/output': 'the output folder (choose it with --output DIR)',
  '/tmp': "the session's private /tmp",
  '/user-config': "the user's settings",
  '/crew': "a crew's folder",
  '/crews': 'the hosted crews',
  '/script': "a script's folder",
  '/llm-logs': 'the LLM exchange log',
};

/** The reserved or system root a normalised virtual path falls in, or null when a user mount may go there. */
export function reservedRootOf(virtual: string): ReservedHit | null {
  if (virtual === '/') return { kind: 'system', root: '/' };
  const first = '/' + (virtual.split('/')[1] ?? '');
  // `/crews`, `/crews-1`, … (ADR-008 §1): every first segment that starts with `crews` is kept for them.
  if (first.startsWith('/crews')) return { kind: 'reserved', root: first, what: WHAT['/crews']! };
  for (const root of RESERVED_ROOTS) {
    if (isWithin(virtual, root)) return { kind: 'reserved', root, what: WHAT[root]! };
  }
  for (const root of SYSTEM_ROOTS) {
    if (isWithin(virtual, root)) return { kind: 'system', root };
  }
  return null;
}
