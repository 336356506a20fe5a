import { describe, expect, it } from 'vitest';
import { parseMountString } from '../../src/mounts/parse.js';
import { normalizeVirtualPath } from '../../src/mounts/virtual-path.js';
import { reservedRootOf } from '../../src/mounts/reserved.js';

function ok(text: string) {
  const r = parseMountString(text);
  if (!r.ok) throw new Error(`expected ${text} to parse: ${r.error.message}`);
  return r.value;
}

function refused(text: string) {
  const r = parseMountString(text);
  if (r.ok) throw new Error(`expected ${text} to be refused, got ${JSON.stringify(r.value)}`);
  return r.error;
}

describe('parseMountString: valid strings', () => {
  it.each([
    ['./data:/data', './data', '/data', false],
    ['./data:/data:ro', './data', '/data', false],
    ['./data:/data:rw', './data', '/data', true],
    ['../path:/src:ro', '../path', '/src', false], // ADR-008's own example
    ['/srv/cache:/cache:rw', '/srv/cache', '/cache', true],
    ['/a b/c:/with space', '/a b/c', '/with space', false],
    ['/x:/deep/er//path/', '/x', '/deep/er/path', false], // // and a trailing / are dropped
    ['/mnt/x:/mnt/x:rw', '/mnt/x', '/mnt/x', true], // an identity mount
    ['/home/u/.cargo:/home/orkeon/.cargo:ro', '/home/u/.cargo', '/home/orkeon/.cargo', false],
  ])('%s', (text, physical, virtual, writable) => {
    expect(ok(text)).toEqual({ physical, virtual, writable, text });
  });

  it('keeps a Windows drive path on the physical side', () => {
    expect(ok('C:\\x:/data:ro')).toEqual({ physical: 'C:\\x', virtual: '/data', writable: false, text: 'C:\\x:/data:ro' });
    expect(ok('D:/work/repo:/repo:rw')).toMatchObject({ physical: 'D:/work/repo', virtual: '/repo', writable: true });
    expect(ok('c:\\Users\\me\\crew:/mnt/crew')).toMatchObject({ physical: 'c:\\Users\\me\\crew', virtual: '/mnt/crew' });
  });

  it('defaults to read-only (only :rw makes a mount writable)', () => {
    expect(ok('/a:/b').writable).toBe(false);
    expect(ok('/a:/b:rw').writable).toBe(true);
  });
});

describe('parseMountString: refusals name the option, the value and the fix, on one line', () => {
  it.each([
    ['/host:C:\\data', 'drive-letter'],
    ['/host:C:\\data:ro', 'drive-letter'],
    ['/host:c:/data:rw', 'drive-letter'],
    ['C:\\x:D:\\y', 'drive-letter'],
    ['/host:C:', 'drive-letter'],
  ])('a drive-letter virtual path: %s', (text, code) => {
    const e = refused(text);
    expect(e.code).toBe(code);
    expect(e.message).toContain(`--mount ${text}:`);
    expect(e.message).toMatch(/starts with \//);
    expect(e.message).toMatch(/write .*:\/\w+/); // the remedy shows the /… spelling
    expect(e.message).not.toContain('\n');
  });

  it.each(['/workspace', '/workspace/sub', '/output', '/output/x', '/tmp', '/tmp/cache', '/user-config', '/crew', '/crew/a.yaml', '/crews', '/crews-1', '/crews-12/x', '/script', '/llm-logs'])(
    'a reserved root: /host:%s',
    (virtual) => {
      const e = refused(`/host:${virtual}`);
      expect(e.code).toBe('reserved');
      expect(e.message).toMatch(/is reserved for .*; mount it elsewhere, e\.g\. \/mnt\/\S+$/);
      expect(e.message.split('\n')).toHaveLength(1);
    },
  );

  it('says what each reserved root is for', () => {
    expect(refused('/h:/workspace').message).toContain('/workspace is reserved for the project');
    expect(refused('/h:/output').message).toContain('--output DIR');
    expect(refused('/h:/llm-logs').message).toContain('LLM exchange log');
  });

  it.each(['/', '/proc', '/proc/self', '/dev', '/sys', '/usr', '/usr/local/bin', '/bin', '/lib64', '/etc', '/etc/passwd', '/run/orkeon-code', '/run/orkeon-code/ssh-agent.sock'])(
    "the sandbox's system tree: /host:%s",
    (virtual) => {
      expect(refused(`/host:${virtual}`).code).toBe('system');
    },
  );

  it.each([
    ['/host:data', 'relative', /write it from the session's root, e\.g\. \/data/],
    ['/host:./data', 'relative', /e\.g\. \/data/],
    ['/host:data/sub:ro', 'relative', /e\.g\. \/data\/sub/],
  ])('a relative virtual path: %s', (text, code, fix) => {
    const e = refused(text);
    expect(e.code).toBe(code);
    expect(e.message).toMatch(fix);
  });

  it.each([
    ['', 'syntax'],
    ['   ', 'syntax'],
    ['/only-one-side', 'syntax'],
    [':/data', 'syntax'],
    ['/host:', 'syntax'],
    ['/a:/b:rx', 'access'],
    ['/a:/b:RO', 'access'],
    ['/a:/data/../workspace', 'dot-segment'],
    ['/a:/./x', 'dot-segment'],
    ['/a:/x,y', 'character'],
    ['/a:/x\\y', 'character'],
    ['/a\n:/x', 'character'],
  ])('%j is refused as %s', (text, code) => {
    expect(refused(text).code).toBe(code);
  });

  it('a .. cannot walk into a reserved root', () => {
    expect(refused('/a:/mnt/../workspace').code).toBe('dot-segment');
  });

  it('names another option when asked to', () => {
    expect(parseMountString('/a:rel', '-m')).toMatchObject({ ok: false, error: { option: '-m' } });
  });
});

describe('virtual paths', () => {
  it('normalises // and a trailing / and refuses the rest', () => {
    expect(normalizeVirtualPath('//a///b/')).toEqual({ ok: true, path: '/a/b' });
    expect(normalizeVirtualPath('/')).toEqual({ ok: true, path: '/' });
    expect(normalizeVirtualPath('a')).toMatchObject({ ok: false, code: 'relative' });
    expect(normalizeVirtualPath('Z:\\')).toMatchObject({ ok: false, code: 'drive-letter' });
  });

  it('keeps /crews* for the hosted crews and leaves look-alikes free', () => {
    expect(reservedRootOf('/crewsx')).toMatchObject({ kind: 'reserved' });
    expect(reservedRootOf('/crewmate')).toBeNull();
    expect(reservedRootOf('/workspaces')).toBeNull();
    expect(reservedRootOf('/outputs')).toBeNull();
    expect(reservedRootOf('/tmpfiles')).toBeNull();
    expect(reservedRootOf('/data')).toBeNull();
    expect(reservedRootOf('/home/orkeon/.cache')).toBeNull();
    expect(reservedRootOf('/run/user')).toBeNull();
  });
});
