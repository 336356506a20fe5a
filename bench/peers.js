// The peers a benchmark measures against are installed on demand, each in bench/peers/<name> from its own
// pinned package-lock.json, never as a dependency of orkeon-code.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PEERS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'peers');

/**
 * Runs `npm ci` in bench/peers/<name> unless `marker` (a path inside that folder) exists already.
 * Returns null when the peer is there, else why it is not.
 */
export function installPeer(name, marker, npmArgs = []) {
  const dir = join(PEERS_DIR, name);
  if (existsSync(join(dir, marker))) return null;
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', ...npmArgs], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
  if (r.status !== 0 || !existsSync(join(dir, marker))) {
    return `npm ci in bench/peers/${name} failed: ${(r.stderr || r.error?.message || '').trim().split('\n').slice(-2).join(' / ')}`;
  }
  return null;
}
