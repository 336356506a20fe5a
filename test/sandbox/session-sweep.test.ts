// Session folders of orkeon-code processes that died without closing them (SIGKILL) are removed by the
// next session; nobody else's, and never a live process's.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sweepStaleSessions } from '../../src/sandbox/session.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-sweep-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

function session(pid: number, suffix: string): string {
  const dir = path.join(tmp, `orkeon-code-${pid}-${suffix}`);
  fs.mkdirSync(path.join(dir, 'user-config'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'user-config', 'settings.json'), '{}');
  return dir;
}

describe('sweepStaleSessions', () => {
  it('removes the folder of a process that is gone, once it is a minute old', () => {
    const dead = deadPid();
    const stale = session(dead, 'aaaaaa');
    const fresh = session(dead, 'bbbbbb');
    const live = session(process.pid, 'cccccc');
    const other = path.join(tmp, `orkeon-code-notes`);
    fs.mkdirSync(other);
    const old = new Date(Date.now() - 5 * 60_000);
    fs.utimesSync(stale, old, old);
    fs.utimesSync(live, old, old);
    sweepStaleSessions(tmp);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(live)).toBe(true);
    expect(fs.existsSync(other)).toBe(true);
  });
});
