import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TrustRegistry } from '../../src/trust/index.js';
import { isStale } from '../../src/trust/lock.js';
import { snapshot, world } from './harness.js';

describe('TrustRegistry', () => {
  it('a missing registry trusts nothing; the first add creates it, mode 0600, one folder a line', async () => {
    const w = world();
    const reg = new TrustRegistry(w.registry);
    expect(reg.read()).toEqual({ ok: true, folders: [] });
    expect(await reg.add('/srv/a')).toMatchObject({ ok: true, result: 'added' });
    expect(await reg.add('/srv/b c')).toMatchObject({ ok: true, result: 'added' });
    expect(fs.readFileSync(w.registry, 'utf8')).toBe('[\n  "/srv/a",\n  "/srv/b c"\n]\n');
    expect(fs.statSync(w.registry).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(w.orkeonHome).sort()).toEqual(['trusted-folders.json']); // no temp file, no lock left
  });

  it('writes 0600 whatever the umask', async () => {
    const w = world();
    const old = process.umask(0);
    try {
      await new TrustRegistry(w.registry).add('/srv/a');
    } finally {
      process.umask(old);
    }
    expect(fs.statSync(w.registry).mode & 0o777).toBe(0o600);
  });

  it('does not save a folder already saved or covered', async () => {
    const w = world();
    const reg = new TrustRegistry(w.registry);
    await reg.add('/srv/a');
    expect(await reg.add('/srv/a')).toMatchObject({ ok: true, result: 'already-saved' });
    expect(await reg.add('/srv/a/b')).toMatchObject({ ok: true, result: 'already-covered', coveredBy: '/srv/a' });
    expect(await reg.add('/srv/ab')).toMatchObject({ ok: true, result: 'added' });
  });

  it('removes exactly a saved folder, and says why it cannot remove one that is only covered', async () => {
    const w = world();
    const reg = new TrustRegistry(w.registry);
    await reg.add('/srv/a');
    await reg.add('/srv/b');
    expect(await reg.remove('/srv/a/x')).toMatchObject({ ok: false, kind: 'not-saved', coveredBy: '/srv/a', message: expect.stringContaining('remove /srv/a') });
    expect(await reg.remove('/srv/c')).toMatchObject({ ok: false, kind: 'not-saved', coveredBy: null });
    expect(await reg.remove('/srv/a')).toMatchObject({ ok: true, result: 'removed', folders: ['/srv/b'] });
    expect(await reg.remove('/srv/b')).toMatchObject({ ok: true, folders: [] });
    expect(fs.readFileSync(w.registry, 'utf8')).toBe('[]\n');
  });

  it('refuses a relative or non-normalised entry', async () => {
    const w = world();
    expect(await new TrustRegistry(w.registry).add('rel')).toMatchObject({ ok: false, kind: 'invalid' });
    expect(await new TrustRegistry(w.registry).add('/a/../b')).toMatchObject({ ok: false, kind: 'invalid' });
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  const broken: Array<[string, (file: string) => void, RegExp]> = [
    ['valid JSON not one folder a line', (f) => fs.writeFileSync(f, '["/srv/a","/srv/b"]\n'), /one folder a line/],
    ['garbage', (f) => fs.writeFileSync(f, '\x00\x01garbage'), /not valid JSON/],
    ['not UTF-8', (f) => fs.writeFileSync(f, Buffer.from([0x5b, 0x0a, 0x20, 0x20, 0x22, 0x2f, 0xff, 0x22, 0x0a, 0x5d, 0x0a])), /not UTF-8/],
    ['a folder', (f) => fs.mkdirSync(f), /not a regular file/],
    ['a dangling symbolic link', (f) => fs.symlinkSync(`${f}.nowhere`, f), /symbolic link to nothing/],
    ['writable by others', (f) => fs.writeFileSync(f, '[]\n', { mode: 0o666 }), /other users can write to it \(mode 0666\)/],
  ];
  it.each(broken)('a registry that is %s is refused with its path, trusts nothing and is never rewritten', async (_n, make, reason) => {
    const w = world();
    fs.mkdirSync(w.orkeonHome);
    make(w.registry);
    fs.chmodSync(w.orkeonHome, 0o700);
    if (_n === 'writable by others') fs.chmodSync(w.registry, 0o666);
    const reg = new TrustRegistry(w.registry);
    const isDir = fs.lstatSync(w.registry).isDirectory();
    const before = isDir ? null : fs.lstatSync(w.registry).isSymbolicLink() ? fs.readlinkSync(w.registry) : snapshot(w.registry);
    const read = reg.read();
    expect(read).toMatchObject({ ok: false, kind: 'broken', registryPath: w.registry, reason: expect.stringMatching(reason) });
    expect(!read.ok && read.message).toContain(w.registry);
    expect(!read.ok && read.message).toMatch(/Move it away .* trust your folders again/);
    expect(reg.covering('/srv/a')).toMatchObject({ ok: false });
    expect(await reg.add('/srv/c')).toMatchObject({ ok: false, kind: 'broken' });
    expect(await reg.remove('/srv/a')).toMatchObject({ ok: false, kind: 'broken' });
    const after = isDir ? null : fs.lstatSync(w.registry).isSymbolicLink() ? fs.readlinkSync(w.registry) : snapshot(w.registry);
    expect(after).toEqual(before);
    expect(fs.readdirSync(w.orkeonHome).sort()).toEqual(['trusted-folders.json']);
  });

  it('waits for a live lock, then gives up naming it', async () => {
    const w = world();
    fs.mkdirSync(w.orkeonHome);
    const reg = new TrustRegistry(w.registry, { timeoutMs: 300 });
    fs.writeFileSync(reg.lockPath, `${process.pid} ${(await import('node:os')).hostname()} token ${Date.now()}`);
    const change = await reg.add('/srv/a');
    expect(change).toMatchObject({ ok: false, kind: 'busy', message: expect.stringContaining(reg.lockPath) });
    expect(fs.existsSync(w.registry)).toBe(false);
    expect(fs.existsSync(reg.lockPath)).toBe(true); // a live lock is not ours to break
  });

  it('breaks a lock whose owner is gone, and one left empty for a while', async () => {
    const os = await import('node:os');
    const { spawnSync } = await import('node:child_process');
    const w = world();
    fs.mkdirSync(w.orkeonHome);
    const reg = new TrustRegistry(w.registry, { timeoutMs: 5_000 });
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.writeFileSync(reg.lockPath, `${dead.stdout} ${os.hostname()} token ${Date.now()}`);
    expect(await reg.add('/srv/a')).toMatchObject({ ok: true, result: 'added' });
    fs.writeFileSync(reg.lockPath, '');
    const old = new Date(Date.now() - 10_000);
    fs.utimesSync(reg.lockPath, old, old);
    expect(await reg.add('/srv/b')).toMatchObject({ ok: true, result: 'added' });
    expect(reg.read()).toEqual({ ok: true, folders: ['/srv/a', '/srv/b'] });
    expect(fs.readdirSync(w.orkeonHome).sort()).toEqual(['trusted-folders.json']);
  });

  it('judges a lock stale only when its owner cannot be writing', () => {
    const here = { host: 'h', alive: (pid: number) => pid === 10 };
    expect(isStale('10 h t 0', 1_000, here)).toBe(false);
    expect(isStale('11 h t 0', 1_000, here)).toBe(true);
    expect(isStale('10 h t 0', 61_000, here)).toBe(true); // a write takes milliseconds: a reused pid
    expect(isStale('10 other t 0', 1_000, here)).toBe(false);
    expect(isStale('10 other t 0', 31_000, here)).toBe(true);
    expect(isStale('', 1_000, here)).toBe(false);
    expect(isStale('', 6_000, here)).toBe(true);
  });

  it('changes the registry by rename, never in place', async () => {
    const w = world();
    const reg = new TrustRegistry(w.registry);
    await reg.add('/srv/a');
    const first = fs.statSync(w.registry).ino;
    await reg.add('/srv/b');
    expect(fs.statSync(w.registry).ino).not.toBe(first);
    expect(path.dirname(w.registry)).toBe(w.orkeonHome);
  });
});
