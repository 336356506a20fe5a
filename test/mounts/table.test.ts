import { describe, expect, it } from 'vitest';
import { buildMountTable } from '../../src/mounts/table.js';
import { parseMountString } from '../../src/mounts/parse.js';
import { mountAt, redactHostPaths, toPhysicalPath, toVirtualPath } from '../../src/mounts/map.js';
import { mountViewOf, toGateMounts, toMountView } from '../../src/mounts/gate-view.js';
import { defaultOutputDir } from '../../src/mounts/output.js';
import type { MountSpec, MountTable } from '../../src/mounts/types.js';

function spec(text: string): MountSpec {
  const r = parseMountString(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function table(...user: string[]): MountTable {
  const r = buildMountTable({ project: '/home/alice/proj', output: '/home/alice/.orkeon-code/output/proj-0123456789', userConfig: '/tmp/orkeon-code-x/user-config', user: user.map(spec) });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('buildMountTable', () => {
  it('gives every session its four mounts, then the user mounts, shallowest first', () => {
    expect(table('/srv/data:/data:rw', '/srv/keys:/data/keys', '/opt/x:/mnt/a/b').mounts).toEqual([
      { role: 'workspace', virtual: '/workspace', physical: '/home/alice/proj', writable: true },
      { role: 'output', virtual: '/output', physical: '/home/alice/.orkeon-code/output/proj-0123456789', writable: true },
      { role: 'tmp', virtual: '/tmp', physical: null, writable: true },
      { role: 'user-config', virtual: '/user-config', physical: '/tmp/orkeon-code-x/user-config', writable: false },
      { role: 'user', virtual: '/data', physical: '/srv/data', writable: true },
      { role: 'user', virtual: '/data/keys', physical: '/srv/keys', writable: false },
      { role: 'user', virtual: '/mnt/a/b', physical: '/opt/x', writable: false },
    ]);
  });

  it('refuses two mounts at one virtual path, naming the first', () => {
    const r = buildMountTable({ project: '/p', output: '/o', userConfig: '/u', user: [spec('/a:/data'), spec('/b:/data/:rw')] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('duplicate');
    expect(r.error.message).toBe('--mount /b:/data/:rw: /data is already mounted by --mount /a:/data; give each mount its own virtual path');
  });

  it('orders a deeper mount after its parent whatever the order given', () => {
    const t = table('/srv/keys:/data/keys', '/srv/data:/data:rw');
    expect(t.mounts.map((m) => m.virtual).slice(4)).toEqual(['/data', '/data/keys']);
  });
});

describe('physical ↔ virtual', () => {
  const t = table('/srv/data:/data:rw', '/srv/keys:/data/keys', '/home/alice/proj/docs:/docs');

  it('maps host paths to what the session sees, the deepest mount answering', () => {
    expect(toVirtualPath(t, '/home/alice/proj')).toBe('/workspace');
    expect(toVirtualPath(t, '/home/alice/proj/src/a.ts')).toBe('/workspace/src/a.ts');
    expect(toVirtualPath(t, '/home/alice/proj/docs/x.md')).toBe('/docs/x.md');
    expect(toVirtualPath(t, '/srv/keys/id')).toBe('/data/keys/id');
    expect(toVirtualPath(t, '/home/alice/secret')).toBeNull();
    expect(toVirtualPath(t, '/home/alice/projector')).toBeNull();
  });

  it('does not name a host file that a deeper mount hides', () => {
    // /srv/data/keys exists on the host but /data/keys shows /srv/keys.
    expect(toVirtualPath(t, '/srv/data/keys/id')).toBeNull();
    expect(toVirtualPath(t, '/srv/data/other')).toBe('/data/other');
  });

  it('maps virtual paths back, and nothing for the private /tmp or an unmounted path', () => {
    expect(toPhysicalPath(t, '/workspace/src')).toBe('/home/alice/proj/src');
    expect(toPhysicalPath(t, '/data/keys/id')).toBe('/srv/keys/id');
    expect(toPhysicalPath(t, '/tmp/x')).toBeNull();
    expect(toPhysicalPath(t, '/etc/passwd')).toBeNull();
    expect(mountAt(t, '/data/keys/x')?.physical).toBe('/srv/keys');
    expect(mountAt(t, '/datum')).toBeNull();
  });

  it('redacts every host path of the table from a text an agent reads', () => {
    const text =
      "ENOENT: no such file '/home/alice/proj/src/x.ts'; also /home/alice/.orkeon-code/output/proj-0123456789/report.json, " +
      '/srv/keys/id and /home/alice/projector and /srv/data/keys/hidden (see /tmp/orkeon-code-x/user-config/settings.json)';
    expect(redactHostPaths(t, text, ['/home/alice'])).toBe(
      "ENOENT: no such file '/workspace/src/x.ts'; also /output/report.json, /data/keys/id and [host path] and [host path] (see /user-config/settings.json)",
    );
  });

  it('leaves an identity mount as it is (the same string on both sides)', () => {
    const id = table('/mnt/shared:/mnt/shared:rw');
    expect(redactHostPaths(id, 'wrote /mnt/shared/a')).toBe('wrote /mnt/shared/a');
  });
});

describe('the gate view', () => {
  it('is virtual paths and write rights only', () => {
    const view = toGateMounts(table('/srv/keys:/keys'));
    expect(view).toEqual([
      { virtual: '/workspace', writable: true },
      { virtual: '/output', writable: true },
      { virtual: '/tmp', writable: true },
      { virtual: '/user-config', writable: false },
      { virtual: '/keys', writable: false },
    ]);
    expect(JSON.stringify(view)).not.toContain('/home/alice');
  });

  it('is the same from the --mount values alone, before any folder is resolved', () => {
    const texts = ['/srv/keys:/data/keys', '/srv/data:/data:rw'];
    expect(mountViewOf(texts.map(spec), '/workspace/src')).toEqual(toMountView(table(...texts), '/workspace/src'));
  });
});

describe('defaultOutputDir', () => {
  it('is <home>/output/<folder name>-<short hash of the real path>', () => {
    const a = defaultOutputDir('/h/.orkeon-code', '/work/app');
    const b = defaultOutputDir('/h/.orkeon-code', '/other/app');
    expect(a).toMatch(/^\/h\/\.orkeon-code\/output\/app-[0-9a-f]{10}$/);
    expect(b).toMatch(/^\/h\/\.orkeon-code\/output\/app-[0-9a-f]{10}$/);
    expect(a).not.toBe(b);
    expect(defaultOutputDir('/h', '/work/app')).toBe(defaultOutputDir('/h', '/work/app'));
    expect(defaultOutputDir('/h', '/w/we ird:name')).toMatch(/\/we_ird_name-[0-9a-f]{10}$/);
    expect(defaultOutputDir('/h', '/')).toMatch(/\/root-[0-9a-f]{10}$/);
  });
});
