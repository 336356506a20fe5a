// Which session starts when no command is given: orkeon-repl when it is installed, else the embedded
// session. ORKEON_REPL names orkeon-repl (an absolute path, or a name looked up on PATH); set to the empty
// string it asks for the embedded session; unset, `orkeon-repl` is looked up on PATH. A name that does not
// lead to a program is said in one line and nothing starts: falling back silently would start a
// different session from the one asked for.
import fs from 'node:fs';
import path from 'node:path';
import { findExecutable } from '../sandbox/probe.js';

export const REPL_VARIABLE = 'ORKEON_REPL';
export const REPL_NAME = 'orkeon-repl';
/** Where orkeon-repl's folder is mounted (read-only) in a sandbox. */
export const REPL_MOUNT = '/orkeon-repl';

export type ReplChoice =
  | { readonly kind: 'embedded'; readonly why: 'unset' | 'empty' }
  /** `path` is the program's real path on the host. */
  | { readonly kind: 'repl'; readonly path: string; readonly from: 'variable' | 'path' }
  | { readonly kind: 'missing'; readonly message: string };

export function findRepl(env: Readonly<Record<string, string | undefined>>): ReplChoice {
  const named = env[REPL_VARIABLE];
  const searchPath = env.PATH ?? '';
  if (named === undefined) {
    const found = onPath(REPL_NAME, searchPath);
    return found === null ? { kind: 'embedded', why: 'unset' } : { kind: 'repl', path: found, from: 'path' };
  }
  if (named === '') return { kind: 'embedded', why: 'empty' };
  if (named.includes('/')) {
    if (!path.isAbsolute(named)) {
      return { kind: 'missing', message: `${REPL_VARIABLE}=${named} is a relative path; name orkeon-repl by its absolute path or by a name on PATH (or set ${REPL_VARIABLE}= for the embedded session)` };
    }
    const program = executable(named);
    if (program.ok) return { kind: 'repl', path: program.real, from: 'variable' };
    return { kind: 'missing', message: `${REPL_VARIABLE}=${named} ${program.why}; point it at orkeon-repl, or unset it (${REPL_VARIABLE}= starts the embedded session)` };
  }
  const found = onPath(named, searchPath);
  if (found !== null) return { kind: 'repl', path: found, from: 'variable' };
  return { kind: 'missing', message: `${REPL_VARIABLE}=${named}: no program of that name on PATH; install it, name it by its absolute path, or unset ${REPL_VARIABLE} (${REPL_VARIABLE}= starts the embedded session)` };
}

/**
 * The argv that starts the program confined, and the mount it needs: outside `none`, the program's
 * folder read-only at /orkeon-repl (a sandbox shows no host folder but the system's); with `none`, its
 * host path.
 */
export function replLaunch(real: string, backend: 'bubblewrap' | 'docker' | 'none'): { argv: string[]; mounts: string[] } {
  if (backend === 'none') return { argv: [real], mounts: [] };
  return { argv: [`${REPL_MOUNT}/${path.basename(real)}`], mounts: [`${path.dirname(real)}:${REPL_MOUNT}:ro`] };
}

/** The real path of the first executable `name` on PATH (relative entries skipped), or null. */
function onPath(name: string, searchPath: string): string | null {
  const found = findExecutable(name, searchPath);
  if (found === null) return null;
  const program = executable(found);
  return program.ok ? program.real : null;
}

function executable(file: string): { ok: true; real: string } | { ok: false; why: string } {
  let real: string;
  try {
    real = fs.realpathSync.native(file);
  } catch {
    return { ok: false, why: 'does not exist' };
  }
  try {
    if (!fs.statSync(real).isFile()) return { ok: false, why: 'is not a file' };
    fs.accessSync(real, fs.constants.X_OK);
  } catch {
    return { ok: false, why: 'is not executable' };
  }
  return { ok: true, real };
}
