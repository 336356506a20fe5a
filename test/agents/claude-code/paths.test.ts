// Host paths read as virtual paths, on a real folder tree with real symbolic links: every reading
// (lexical, resolved, walked as the kernel walks it) must land under a mount, and a path outside every
// mount is never read as inside.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostMounts, physicalPath, readGlob, readHostPath, virtualOf, type HostMount } from '../../../src/agents/claude-code/paths.js';
import { tempDir } from '../../trust/harness.js';

let root: string;
let project: string;
let outside: string;
let mounts: HostMount[];

beforeAll(() => {
  root = tempDir('orkeon-paths-');
  project = path.join(root, 'project');
  outside = path.join(root, 'outside');
  fs.mkdirSync(path.join(project, 'src', 'deep'), { recursive: true });
  fs.mkdirSync(path.join(project, '.git'));
  fs.mkdirSync(outside);
  fs.writeFileSync(path.join(project, 'src', 'a.ts'), 'a');
  fs.writeFileSync(path.join(project, '.git', 'config'), '[core]');
  fs.writeFileSync(path.join(outside, 'secret.txt'), 's');
  fs.symlinkSync(outside, path.join(project, 'escape'));
  fs.symlinkSync('../.git', path.join(project, 'src', 'gitlink'));
  fs.symlinkSync(path.join(project, 'src', 'deep'), path.join(project, 'deeplink'));
  fs.symlinkSync('loop2', path.join(project, 'loop1'));
  fs.symlinkSync('loop1', path.join(project, 'loop2'));
  fs.symlinkSync(project, path.join(root, 'project-link'));
  mounts = hostMounts({ project });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const read = (p: string, cwd = project) => readHostPath(p, cwd, mounts);

describe('readHostPath', () => {
  it('reads the project root as /workspace and a file under it by its path in the project', () => {
    expect(read(project)).toEqual({ ok: true, virtual: ['/workspace'] });
    expect(read(path.join(project, 'src', 'a.ts'))).toEqual({ ok: true, virtual: ['/workspace/src/a.ts'] });
    expect(read(path.join(project, 'src', 'new-file.ts'))).toEqual({ ok: true, virtual: ['/workspace/src/new-file.ts'] });
    expect(read(path.join(project, 'new', 'dir', 'f.ts'))).toEqual({ ok: true, virtual: ['/workspace/new/dir/f.ts'] });
  });

  it('reads a relative path from Claude Code\'s working folder', () => {
    expect(read('src/a.ts')).toEqual({ ok: true, virtual: ['/workspace/src/a.ts'] });
    expect(read('a.ts', path.join(project, 'src'))).toEqual({ ok: true, virtual: ['/workspace/src/a.ts'] });
    expect(read('./src//a.ts')).toEqual({ ok: true, virtual: ['/workspace/src/a.ts'] });
    expect(read('.')).toEqual({ ok: true, virtual: ['/workspace'] });
  });

  it('reads .. that stays inside, and refuses .. that leaves (as written or relative)', () => {
    expect(read(path.join(project, 'src', '..', 'README.md'))).toEqual({ ok: true, virtual: ['/workspace/README.md'] });
    expect(read('../outside/secret.txt')).toMatchObject({ ok: false, why: 'outside' });
    expect(read(path.join(project, '..', 'outside', 'secret.txt'))).toMatchObject({ ok: false, why: 'outside' });
    expect(read('../project/src/a.ts')).toEqual({ ok: true, virtual: ['/workspace/src/a.ts'] });
    expect(read('..')).toMatchObject({ ok: false, why: 'outside' });
  });

  it('never reads a path outside every mount as inside, and says so without the host path', () => {
    for (const p of ['/etc/passwd', outside, path.join(outside, 'secret.txt'), root, '/', path.join(root, 'projectx', 'a'), `${project}-sibling/x`]) {
      const r = read(p);
      expect(r, p).toMatchObject({ ok: false, why: 'outside' });
      if (!r.ok) expect(r.message).not.toContain(root);
    }
  });

  it('reads a symbolic link that leaves the project as outside, whatever the lexical path says', () => {
    expect(read(path.join(project, 'escape', 'secret.txt'))).toMatchObject({ ok: false, why: 'outside' });
    expect(read('escape/secret.txt')).toMatchObject({ ok: false, why: 'outside' });
    expect(read('escape/new-file')).toMatchObject({ ok: false, why: 'outside' });
  });

  it('gives every reading of a link inside the project, so a rule on either refuses', () => {
    expect(read('src/gitlink/config')).toEqual({ ok: true, virtual: ['/workspace/src/gitlink/config', '/workspace/.git/config'] });
    expect(read('deeplink')).toEqual({ ok: true, virtual: ['/workspace/deeplink', '/workspace/src/deep'] });
  });

  it('walks `link/..` as the kernel does (from the link\'s target), and refuses it when that leaves', () => {
    // deeplink → src/deep: the kernel reads deeplink/../a.ts as src/a.ts; lexically it is /workspace/a.ts.
    expect(read('deeplink/../a.ts')).toEqual({ ok: true, virtual: ['/workspace/a.ts', '/workspace/src/a.ts'] });
    // escape → outside: escape/../project/src/a.ts is lexically inside, but the kernel climbs from outside.
    expect(read('escape/../../project/src/a.ts')).toMatchObject({ ok: false, why: 'outside' });
    expect(read('escape/../secret.txt')).toMatchObject({ ok: false, why: 'outside' });
  });

  it('refuses the project named through a link outside it: as written, that path is under no mount', () => {
    // Claude Code starts in the project's real path and names files from there; a path written through a
    // link elsewhere is read as written too, and that reading is outside.
    expect(read(path.join(root, 'project-link', 'src', 'a.ts'))).toMatchObject({ ok: false, why: 'outside' });
  });

  it('refuses a loop of links, an empty path, a NUL, and ~ (a home no mount shows)', () => {
    expect(read('loop1/x')).toMatchObject({ ok: false, why: 'unreadable', message: expect.stringMatching(/loop/) });
    expect(read('')).toMatchObject({ ok: false, why: 'unreadable' });
    expect(read('src/\u0000a')).toMatchObject({ ok: false, why: 'unreadable' });
    expect(read('~/.ssh/id_rsa')).toMatchObject({ ok: false, why: 'outside' });
    expect(read('~')).toMatchObject({ ok: false, why: 'outside' });
  });

  it('maps the output folder and user mounts too, the deepest mount winning', () => {
    const out = path.join(root, 'out');
    fs.mkdirSync(out, { recursive: true });
    const m = hostMounts({ project, output: out, user: [{ physical: outside, virtual: '/data', writable: false }] });
    expect(readHostPath(path.join(out, 'r.md'), project, m)).toEqual({ ok: true, virtual: ['/output/r.md'] });
    expect(readHostPath(path.join(outside, 'secret.txt'), project, m)).toEqual({ ok: true, virtual: ['/data/secret.txt'] });
    expect(virtualOf([{ physical: '/a', virtual: '/x', writable: true }, { physical: '/a/b', virtual: '/y', writable: true }], '/a/b/c')).toBe('/y/c');
    // A host path a deeper virtual mount hides is shown by no mount (not as the other mount's file).
    const hiding: HostMount[] = [{ physical: '/h1', virtual: '/data', writable: false }, { physical: '/h2', virtual: '/data/w', writable: true }];
    expect(virtualOf(hiding, '/h1/w/x')).toBe(null);
    expect(virtualOf(hiding, '/h1/y')).toBe('/data/y');
    expect(virtualOf(hiding, '/h2/x')).toBe('/data/w/x');
  });
});

describe('physicalPath', () => {
  it('resolves links component by component and keeps a missing tail lexical', () => {
    expect(physicalPath(path.join(project, 'deeplink', 'x', '..', 'y'))).toBe(path.join(project, 'src', 'deep', 'y'));
    expect(physicalPath(path.join(project, 'src', 'gitlink', 'config'))).toBe(path.join(project, '.git', 'config'));
    expect(physicalPath(path.join(project, 'loop1'))).toBe(null);
  });
});

describe('readGlob', () => {
  it('moves a pattern\'s fixed leading folders into the folder it searches', () => {
    expect(readGlob('**/*.ts', project, project, mounts)).toEqual({ ok: true, readings: [{ base: '/workspace', pattern: '**/*.ts' }] });
    expect(readGlob('src/**/*.ts', project, project, mounts)).toEqual({ ok: true, readings: [{ base: '/workspace/src', pattern: '**/*.ts' }] });
    expect(readGlob('.git/*', project, project, mounts)).toEqual({ ok: true, readings: [{ base: '/workspace/.git', pattern: '*' }] });
    expect(readGlob('*.ts', 'src', project, mounts)).toEqual({ ok: true, readings: [{ base: '/workspace/src', pattern: '*.ts' }] });
  });

  it('refuses a pattern whose fixed part leaves every mount, absolute or with ..', () => {
    expect(readGlob('../outside/*', project, project, mounts)).toMatchObject({ ok: false, why: 'outside' });
    expect(readGlob('/etc/*.conf', project, project, mounts)).toMatchObject({ ok: false, why: 'outside' });
    expect(readGlob('escape/*', project, project, mounts)).toMatchObject({ ok: false, why: 'outside' });
    expect(readGlob('*', outside, project, mounts)).toMatchObject({ ok: false, why: 'outside' });
  });

  it('reads an absolute pattern under the project as virtual', () => {
    expect(readGlob(`${project}/src/*.ts`, '/ignored', project, mounts)).toEqual({ ok: true, readings: [{ base: '/workspace/src', pattern: '*.ts' }] });
  });

  it('refuses .. after a wildcard, which no folder bounds', () => {
    expect(readGlob('src/*/../../../outside/*', project, project, mounts)).toMatchObject({ ok: false, why: 'unreadable' });
  });
});
