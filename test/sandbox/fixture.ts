// A project made by real git, a fake host home holding a secret, orkeon-code's own folder, and host
// variables holding secrets: what every confinement test starts from.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeBubblewrap } from '../../src/sandbox/probe.js';

export const HOME_SECRET = 'home-secret-7f3a9c2e1b';
export const ENV_SECRET = 'ghp_envsecret0123456789abcdefABCDEF0000';

export interface Fixture {
  readonly root: string;
  /** A fake host home (HOME for the test) holding secret.txt. */
  readonly home: string;
  /** A git repository with a README and one commit. */
  readonly project: string;
  readonly orkeonHome: string;
  readonly hostEnv: Record<string, string>;
  cleanup(): void;
}

export function makeFixture(): Fixture {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-sbx-')));
  const home = path.join(root, 'home');
  const project = path.join(root, 'project');
  const orkeonHome = path.join(home, '.orkeon-code');
  fs.mkdirSync(home);
  fs.writeFileSync(path.join(home, 'secret.txt'), HOME_SECRET + '\n');
  fs.mkdirSync(path.join(home, '.ssh'));
  fs.writeFileSync(path.join(home, '.ssh', 'id_ed25519'), 'PRIVATE KEY ' + HOME_SECRET + '\n');
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(project, 'README.md'), '# fixture project\n');
  const gitEnv = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' };
  execFileSync('git', ['init', '-q'], { cwd: project, env: gitEnv });
  execFileSync('git', ['add', 'README.md'], { cwd: project, env: gitEnv });
  execFileSync('git', ['commit', '-q', '-m', 'init'], { cwd: project, env: gitEnv });
  // Sandboxes may create root-owned files that a non-root test user could not remove; everything here
  // runs as the test's user, so rmSync suffices.
  const hostEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: home,
    USER: 'tester',
    LANG: 'C.UTF-8',
    ORKEON_CODE_HOME: orkeonHome,
    GITHUB_TOKEN: ENV_SECRET,
    AWS_SECRET_ACCESS_KEY: ENV_SECRET,
    VISIBLE_VAR: 'visible-by-propagate',
  };
  return { root, home, project, orkeonHome, hostEnv, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Whether real bubblewrap can run here, and why not. */
export async function bubblewrapAvailable(): Promise<{ ok: true } | { ok: false; reason: string }> {
  const probe = await probeBubblewrap();
  return probe.ok ? { ok: true } : { ok: false, reason: probe.reason };
}

export const TEST_IMAGE = process.env.ORKEON_CODE_TEST_IMAGE ?? 'orkeon-code-test:busybox';

/** Whether a Docker engine answers and holds the test image (.ci/docker-setup.sh provides both). */
export function dockerAvailable(): { ok: true } | { ok: false; reason: string } {
  const version = spawnSync('docker', ['version', '--format', '{{.Server.Version}}'], { encoding: 'utf8', timeout: 15_000 });
  if (version.error) return { ok: false, reason: `no docker client (${version.error.message}); run .ci/docker-setup.sh after apt-get install docker.io` };
  if (version.status !== 0) return { ok: false, reason: `no Docker engine answers (${version.stderr.trim().split('\n')[0]}); run .ci/docker-setup.sh` };
  const image = spawnSync('docker', ['image', 'inspect', TEST_IMAGE], { encoding: 'utf8', timeout: 15_000 });
  if (image.status !== 0) return { ok: false, reason: `the test image ${TEST_IMAGE} is missing; run .ci/docker-setup.sh to build it offline` };
  return { ok: true };
}

/** Host pids whose command line holds `marker` (other than this process). */
export function processesWith(marker: string): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(marker)) out.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

export async function waitFor(check: () => boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

/** Whether docker still knows a container by that name (running or stopped). */
export function containerExists(name: string): boolean {
  const r = spawnSync('docker', ['ps', '-a', '-q', '--filter', `name=^/${name}$`], { encoding: 'utf8', timeout: 15_000 });
  return r.stdout.trim() !== '';
}
