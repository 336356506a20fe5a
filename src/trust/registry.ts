// The trusted-folders registry file: read strictly (registry-format.ts), changed under a lock
// (lock.ts), written atomically (temp file in the same folder, fsync, rename, mode 0600). A registry that
// cannot be read in its one form trusts nothing and is never rewritten: every change refuses too.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { findCover } from './coverage.js';
import { registryPathOf, type Env } from './home.js';
import { withLock, type LockOptions } from './lock.js';
import { formatRegistry, parseRegistry, validateEntry } from './registry-format.js';

/** A registry larger than this was not written by orkeon-code (a path is at most 4 KiB). */
const MAX_REGISTRY_BYTES = 16 * 1024 * 1024;

export type RegistryRead =
  | { readonly ok: true; readonly folders: readonly string[] }
  | { readonly ok: false; readonly kind: 'broken'; readonly registryPath: string; readonly reason: string; readonly message: string };

export type RegistryChange =
  | {
      readonly ok: true;
      /** What happened: `added`, `removed`, or why nothing changed. */
      readonly result: 'added' | 'already-saved' | 'already-covered' | 'removed';
      /** For `already-covered`: the saved folder that covers it. */
      readonly coveredBy: string | null;
      readonly folders: readonly string[];
    }
  | { readonly ok: false; readonly kind: 'broken'; readonly registryPath: string; readonly reason: string; readonly message: string }
  | { readonly ok: false; readonly kind: 'not-saved'; readonly coveredBy: string | null; readonly message: string }
  | { readonly ok: false; readonly kind: 'busy' | 'invalid'; readonly message: string };

export function brokenRegistryMessage(registryPath: string, reason: string): string {
  return (
    `the trusted-folders registry ${registryPath} cannot be read: ${reason}. ` +
    `It trusts no folder and orkeon-code will not rewrite it. ` +
    `Move it away (mv '${registryPath}' '${registryPath}.broken') and trust your folders again (orkeon-code trust add <folder>).`
  );
}

export class TrustRegistry {
  constructor(readonly path: string, private readonly lockOptions: LockOptions = {}) {}

  static forEnv(env: Env): TrustRegistry {
    return new TrustRegistry(registryPathOf(env));
  }

  get lockPath(): string {
    return `${this.path}.lock`;
  }

  /** The saved folders; a missing registry saves none. Reads nothing but the registry file. */
  read(): RegistryRead {
    const reason = this.whyUnreadable();
    if (typeof reason === 'string') return this.broken(reason);
    if (reason === null) return { ok: true, folders: [] };
    const parsed = parseRegistry(reason.text);
    return parsed.ok ? { ok: true, folders: parsed.folders } : this.broken(parsed.reason);
  }

  /** The saved folder covering `realPath` (itself or a parent), null when none; a broken registry covers nothing. */
  covering(realPath: string): { readonly ok: true; readonly coveredBy: string | null } | Extract<RegistryRead, { ok: false }> {
    const read = this.read();
    return read.ok ? { ok: true, coveredBy: findCover(read.folders, realPath) } : read;
  }

  /** Saves `realPath` (a real, absolute path: the caller resolved it). Never saves a folder a saved one covers. */
  add(realPath: string): Promise<RegistryChange> {
    return this.change(realPath, (folders) => {
      if (folders.includes(realPath)) return { result: 'already-saved', coveredBy: realPath, folders: null };
      const cover = findCover(folders, realPath);
      if (cover !== null) return { result: 'already-covered', coveredBy: cover, folders: null };
      return { result: 'added', coveredBy: null, folders: [...folders, realPath] };
    });
  }

  /** Removes exactly `folder` (an absolute, normalised path). A folder only covered by a parent is not saved. */
  remove(folder: string): Promise<RegistryChange> {
    return this.change(folder, (folders) => {
      if (!folders.includes(folder)) {
        const cover = findCover(folders, folder);
        return {
          notSaved: true,
          coveredBy: cover,
          message:
            cover === null
              ? `${folder} is not in the trusted-folders registry ${this.path} (orkeon-code trust list shows what is)`
              : `${folder} is not in the trusted-folders registry itself; it is trusted because ${cover} is: remove ${cover} to stop trusting it`,
        };
      }
      return { result: 'removed', coveredBy: null, folders: folders.filter((f) => f !== folder) };
    });
  }

  private async change(
    entry: string,
    edit: (folders: readonly string[]) => { result: 'added' | 'already-saved' | 'already-covered' | 'removed'; coveredBy: string | null; folders: readonly string[] | null } | { notSaved: true; coveredBy: string | null; message: string },
  ): Promise<RegistryChange> {
    const bad = validateEntry(entry);
    if (bad !== null) return { ok: false, kind: 'invalid', message: `cannot save ${bad}` };
    const dir = path.dirname(this.path);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // The lock may be broken under us only if we stalled past its stale age; then start over.
    for (let attempt = 0; attempt < 5; attempt++) {
      const locked = await withLock(this.lockPath, (stillHeld): RegistryChange | 'lost' => {
        const read = this.read();
        if (!read.ok) return read;
        const outcome = edit(read.folders);
        if ('notSaved' in outcome) return { ok: false, kind: 'not-saved', coveredBy: outcome.coveredBy, message: outcome.message };
        if (outcome.folders === null) return { ok: true, result: outcome.result, coveredBy: outcome.coveredBy, folders: read.folders };
        if (!stillHeld()) return 'lost';
        this.writeAtomically(formatRegistry(outcome.folders));
        return { ok: true, result: outcome.result, coveredBy: outcome.coveredBy, folders: outcome.folders };
      }, this.lockOptions);
      if (!locked.ok) return { ok: false, kind: 'busy', message: locked.message };
      if (locked.value !== 'lost') return locked.value;
    }
    return { ok: false, kind: 'busy', message: `the lock ${this.lockPath} kept being taken from this process; try again` };
  }

  private writeAtomically(text: string): void {
    const dir = path.dirname(this.path);
    const temp = path.join(dir, `.${path.basename(this.path)}.${process.pid}.${randomUUID()}.tmp`);
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
    try {
      try {
        fs.fchmodSync(fd, 0o600); // exactly 0600 whatever the umask
        fs.writeSync(fd, text);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temp, this.path);
    } catch (err) {
      fs.rmSync(temp, { force: true });
      throw err;
    }
    try {
      const dirFd = fs.openSync(dir, 'r');
      try {
        fs.fsyncSync(dirFd);
      } finally {
        fs.closeSync(dirFd);
      }
    } catch {
      /* some file systems cannot fsync a folder; the rename is still atomic */
    }
  }

  /** A reason string when broken, null when missing, else the text. */
  private whyUnreadable(): string | null | { text: string } {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.path);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        // A dangling symlink is not a missing registry: it names a file someone meant.
        try {
          fs.lstatSync(this.path);
          return 'it is a symbolic link to nothing';
        } catch {
          return null;
        }
      }
      return `it cannot be examined (${code ?? (err as Error).message})`;
    }
    if (!stat.isFile()) return 'it is not a regular file';
    if (stat.size > MAX_REGISTRY_BYTES) return `it is larger than ${MAX_REGISTRY_BYTES} bytes`;
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid && stat.uid !== 0) return `it belongs to another user (uid ${stat.uid})`;
    if ((stat.mode & 0o022) !== 0) {
      return `other users can write to it (mode ${(stat.mode & 0o777).toString(8).padStart(4, '0')}), so anyone could trust folders for you`;
    }
    try {
      const bytes = fs.readFileSync(this.path);
      try {
        return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
      } catch {
        return 'it is not UTF-8 text';
      }
    } catch (err) {
      return `it cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`;
    }
  }

  private broken(reason: string): { ok: false; kind: 'broken'; registryPath: string; reason: string; message: string } {
    return { ok: false, kind: 'broken', registryPath: this.path, reason, message: brokenRegistryMessage(this.path, reason) };
  }
}
