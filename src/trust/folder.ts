// The folder a session would start in, by its real path. Only the path is resolved (symlinks followed)
// and its type checked: nothing inside it is read.
import fs from 'node:fs';
import path from 'node:path';

export type FolderResolution =
  | { readonly ok: true; readonly realPath: string; readonly named: string; readonly viaLink: boolean }
  | { readonly ok: false; readonly folder: string; readonly message: string };

export function resolveRealFolder(folder: string, cwd: string): FolderResolution {
  const named = path.resolve(cwd, folder);
  let realPath: string;
  try {
    realPath = fs.realpathSync.native(named);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'there is no such folder' : code === 'ENOTDIR' ? 'a part of its path is a file, not a folder' : code === 'EACCES' ? 'permission denied' : code === 'ELOOP' ? 'its symbolic links loop' : (code ?? 'it cannot be resolved');
    return { ok: false, folder: named, message: `${named}: ${why}; name an existing folder` };
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(realPath);
  } catch (err) {
    return { ok: false, folder: named, message: `${named}: cannot be examined (${(err as NodeJS.ErrnoException).code ?? 'error'}); name an existing folder` };
  }
  if (!stat.isDirectory()) {
    return { ok: false, folder: named, message: `${named} is a file, not a folder; name the folder that holds it (${path.dirname(realPath)})` };
  }
  return { ok: true, realPath, named, viaLink: realPath !== named };
}

/**
 * The registry entry a `trust remove` means: the real path when the folder still exists, else the
 * absolute normalised path as named (a deleted folder's entry can still be removed).
 */
export function entryForRemoval(folder: string, cwd: string): string {
  const named = path.resolve(cwd, folder);
  try {
    return fs.realpathSync.native(named);
  } catch {
    return named;
  }
}
