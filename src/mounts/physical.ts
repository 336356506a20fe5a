// The I/O edge of the mounts stage: host sides resolved by their real paths (a symlink mounts what it
// names, as the trust stage reads the project), the output folder created when needed. Runs only after
// trust said yes.
import fs from 'node:fs';
import path from 'node:path';
import type { MountResult, MountSpec } from './types.js';
import { mountError } from './parse.js';
import { defaultOutputDir } from './output.js';

/** Resolves a mount string's host side against `cwd` to its real path; it must exist. */
export function resolveMountSpec(spec: MountSpec, cwd: string, option = '--mount'): MountResult<MountSpec> {
  const named = path.resolve(cwd, spec.physical);
  let real: string;
  try {
    real = fs.realpathSync.native(named);
  } catch (err) {
    return { ok: false, error: mountError('physical', option, spec.text, `${named} ${why(err)}; name an existing folder or file`) };
  }
  return { ok: true, value: { ...spec, physical: real } };
}

/**
 * The output folder: `--output DIR` (relative to `cwd`) or the default under `$ORKEON_CODE_HOME/output/`,
 * created (mode 0700 for what is created) and returned by its real path.
 */
export function prepareOutputDir(option: string | null, cwd: string, orkeonHome: string, projectRealPath: string): MountResult<string> {
  const wanted = option === null ? defaultOutputDir(orkeonHome, projectRealPath) : path.resolve(cwd, option);
  const shown = option ?? wanted;
  try {
    fs.mkdirSync(wanted, { recursive: true, mode: 0o700 });
  } catch (err) {
    return { ok: false, error: mountError('output', '--output', shown, `cannot be created: ${why(err)}; name a folder you can write`) };
  }
  let real: string;
  try {
    real = fs.realpathSync.native(wanted);
    if (!fs.statSync(real).isDirectory()) {
      return { ok: false, error: mountError('output', '--output', shown, 'is a file, not a folder; name a folder') };
    }
  } catch (err) {
    return { ok: false, error: mountError('output', '--output', shown, `${why(err)}; name a folder you can write`) };
  }
  return { ok: true, value: real };
}

function why(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'does not exist';
    case 'ENOTDIR':
      return 'has a file where a folder should be';
    case 'EACCES':
    case 'EPERM':
      return 'is not accessible (permission denied)';
    case 'EEXIST':
      return 'exists and is not a folder';
    case 'ELOOP':
      return 'has symbolic links that loop';
    default:
      return `cannot be resolved (${code ?? 'error'})`;
  }
}
