// Which session starts without a command: ORKEON_REPL, else orkeon-repl on PATH, else the embedded one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRepl, replLaunch } from '../../src/session/repl.js';
import { tempDir } from '../trust/harness.js';

function program(dir: string, name: string, mode = 0o755): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, '#!/bin/sh\nexit 0\n', { mode });
  return file;
}

describe('finding orkeon-repl', () => {
  it('ORKEON_REPL by absolute path (its real path), or by a name on PATH', () => {
    const dir = tempDir();
    const repl = program(dir, 'my-repl');
    fs.symlinkSync(repl, path.join(dir, 'link'));
    expect(findRepl({ ORKEON_REPL: repl, PATH: '/usr/bin' })).toEqual({ kind: 'repl', path: repl, from: 'variable' });
    expect(findRepl({ ORKEON_REPL: path.join(dir, 'link'), PATH: '/usr/bin' })).toEqual({ kind: 'repl', path: repl, from: 'variable' });
    expect(findRepl({ ORKEON_REPL: 'my-repl', PATH: `/nonexistent:${dir}` })).toEqual({ kind: 'repl', path: repl, from: 'variable' });
  });

  it('unset: orkeon-repl on PATH, else the embedded session; set empty: the embedded session', () => {
    const dir = tempDir();
    expect(findRepl({ PATH: dir })).toEqual({ kind: 'embedded', why: 'unset' });
    const repl = program(dir, 'orkeon-repl');
    expect(findRepl({ PATH: dir })).toEqual({ kind: 'repl', path: repl, from: 'path' });
    expect(findRepl({ PATH: dir, ORKEON_REPL: '' })).toEqual({ kind: 'embedded', why: 'empty' });
  });

  it('a name that leads to no program is said in one line, never a silent fallback', () => {
    const dir = tempDir();
    program(dir, 'not-exec', 0o644);
    for (const [value, says] of [
      [path.join(dir, 'missing'), 'does not exist'],
      [path.join(dir, 'not-exec'), 'is not executable'],
      [dir, 'is not a file'],
      ['relative/repl', 'is a relative path'],
      ['no-such-repl', 'no program of that name on PATH'],
    ] as const) {
      const r = findRepl({ ORKEON_REPL: value, PATH: dir });
      expect(r.kind, value).toBe('missing');
      if (r.kind !== 'missing') continue;
      expect(r.message).toContain(says);
      expect(r.message).not.toContain('\n');
    }
  });

  it('runs it from its folder mounted read-only at /orkeon-repl, or from the host with none', () => {
    expect(replLaunch('/opt/orkeon/bin/orkeon-repl', 'bubblewrap')).toEqual({ argv: ['/orkeon-repl/orkeon-repl'], mounts: ['/opt/orkeon/bin:/orkeon-repl:ro'] });
    expect(replLaunch('/opt/orkeon/bin/orkeon-repl', 'none')).toEqual({ argv: ['/opt/orkeon/bin/orkeon-repl'], mounts: [] });
  });
});
