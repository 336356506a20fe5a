// A lock file beside the registry, so that concurrent writers never lose each other's entries: each
// writer holds it while it reads, changes and renames the registry. Created with O_EXCL; its content
// names the owner (pid, host, a random token, time). A lock is broken only when it is stale: its owner's
// pid is gone (same host), it is older than STALE_AGE_MS (a write holds it for milliseconds), or it is
// empty and older than EMPTY_AGE_MS (a writer died between creating and filling it). Breaking renames the
// lock aside and checks it was the stale one before deleting it, so a live lock taken by mistake is put back.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

export const STALE_AGE_MS = 60_000;
const EMPTY_AGE_MS = 5_000;
const FOREIGN_HOST_AGE_MS = 30_000;

export interface LockOptions {
  /** How long to wait for a live lock before giving up. */
  readonly timeoutMs?: number;
}

export type Locked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/** Runs `fn` while holding `lockPath`. `fn` receives `stillHeld()` to check just before it commits. */
export async function withLock<T>(lockPath: string, fn: (stillHeld: () => boolean) => T, options: LockOptions = {}): Promise<Locked<T>> {
  const token = `${process.pid} ${os.hostname()} ${randomUUID()} ${Date.now()}`;
  const deadline = Date.now() + (options.timeoutMs ?? 75_000);
  let pause = 2;
  for (;;) {
    if (tryCreate(lockPath, token)) break;
    breakIfStale(lockPath);
    if (Date.now() > deadline) {
      return { ok: false, message: `the lock ${lockPath} is held by another orkeon-code process (${readOrNull(lockPath) ?? 'gone'}); try again, or delete it if no orkeon-code is running` };
    }
    await sleep(pause + Math.random() * pause);
    pause = Math.min(pause * 2, 50);
  }
  try {
    return { ok: true, value: fn(() => readOrNull(lockPath) === token) };
  } finally {
    if (readOrNull(lockPath) === token) {
      try {
        fs.unlinkSync(lockPath);
      } catch {
        /* already broken by someone who judged it stale; nothing of ours to release */
      }
    }
  }
}

function tryCreate(lockPath: string, token: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    fs.writeSync(fd, token);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Whether the lock whose content is `content` and age `ageMs` can no longer be held by a live writer. */
export function isStale(content: string, ageMs: number, here: { host: string; alive: (pid: number) => boolean }): boolean {
  const [pidText, host] = content.split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || host === undefined) return ageMs > EMPTY_AGE_MS;
  if (ageMs > STALE_AGE_MS) return true;
  if (host === here.host) return !here.alive(pid);
  return ageMs > FOREIGN_HOST_AGE_MS;
}

/** Whether a process with this pid exists (one of another user's counts: signalling it is refused, not missing). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function breakIfStale(lockPath: string): void {
  let content: string;
  let ageMs: number;
  try {
    content = fs.readFileSync(lockPath, 'utf8');
    ageMs = Date.now() - fs.statSync(lockPath).mtimeMs;
  } catch {
    return; // released meanwhile
  }
  if (!isStale(content, ageMs, { host: os.hostname(), alive: pidAlive })) return;
  const aside = `${lockPath}.stale-${randomUUID()}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // someone else broke or released it
  }
  const taken = readOrNull(aside);
  if (taken !== content) {
    // Between our read and our rename its owner released it and a live writer took it: put that one back.
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      /* a third writer holds it now; the one we displaced sees that before it commits (stillHeld) */
    }
  }
  try {
    fs.unlinkSync(aside);
  } catch {
    /* nothing to clean */
  }
}
