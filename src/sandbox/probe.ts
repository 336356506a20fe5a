// Whether a backend works on this machine, asked once per process (per PATH; docker also per image and CLI environment). bubblewrap is probed by running a tiny
// sandbox with the namespaces a plan uses (a bwrap that exists but cannot create a user namespace, as in
// some containers or with unprivileged user namespaces turned off, is not a working bubblewrap). Docker is
// probed by asking the engine for its version and for the image.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SANDBOX_PATH } from '../env/command-env.js';
import { namespaceArgs, processArgs } from './bubblewrap.js';

export type BubblewrapProbe =
  | { readonly ok: true; readonly path: string; readonly disableUserns: boolean }
  | { readonly ok: false; readonly path: string | null; readonly reason: string };

export type DockerProbe =
  | { readonly ok: true; readonly path: string; readonly serverVersion: string }
  | { readonly ok: false; readonly path: string | null; readonly reason: 'no-client' | 'no-engine' | 'no-image'; readonly detail: string };

/** The first executable `name` on a PATH string, or null. Relative PATH entries are skipped (they would depend on the folder we stand in). */
export function findExecutable(name: string, pathVar: string | undefined): string | null {
  if (name.includes('/')) return isExecutable(name) ? path.resolve(name) : null;
  for (const dir of (pathVar ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const bwrapCache = new Map<string, Promise<BubblewrapProbe>>();

/** Probes bubblewrap once per process (per PATH). */
export function probeBubblewrap(pathVar: string | undefined = process.env.PATH): Promise<BubblewrapProbe> {
  const key = pathVar ?? '';
  let cached = bwrapCache.get(key);
  if (cached === undefined) {
    cached = runBubblewrapProbe(pathVar);
    bwrapCache.set(key, cached);
  }
  return cached;
}

const dockerCache = new Map<string, Promise<DockerProbe>>();

/** For tests: forget what was probed. */
export function resetProbeCache(): void {
  bwrapCache.clear();
  dockerCache.clear();
}

async function runBubblewrapProbe(pathVar: string | undefined): Promise<BubblewrapProbe> {
  if (process.platform !== 'linux') return { ok: false, path: null, reason: `bubblewrap runs on Linux only (this is ${process.platform})` };
  const bwrap = findExecutable('bwrap', pathVar);
  if (bwrap === null) return { ok: false, path: null, reason: 'bwrap is not installed' };
  // The process and namespace options a plan's invocation has (bubblewrap.ts), over a read-only root.
  const probeArgs = (disableUserns: boolean): string[] => [
    ...processArgs(),
    ...namespaceArgs({ network: false }, { disableUserns }),
    '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev',
    '--', 'true',
  ];
  const withUserns = await run(bwrap, probeArgs(true));
  if (withUserns.ok) return { ok: true, path: bwrap, disableUserns: true };
  const plain = await run(bwrap, probeArgs(false));
  if (plain.ok) return { ok: true, path: bwrap, disableUserns: false };
  return { ok: false, path: bwrap, reason: `bwrap cannot create a sandbox here: ${firstLine(plain.stderr) || 'it failed'}` };
}

/** Probes docker once per process (per PATH, image and the CLI's environment). */
export function probeDocker(image: string, env: Readonly<Record<string, string>>, pathVar: string | undefined = process.env.PATH): Promise<DockerProbe> {
  const key = JSON.stringify([pathVar ?? '', image, Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
  let cached = dockerCache.get(key);
  if (cached === undefined) {
    cached = runDockerProbe(image, env, pathVar);
    dockerCache.set(key, cached);
  }
  return cached;
}

/** Asks the engine for its version, then for the image. */
async function runDockerProbe(image: string, env: Readonly<Record<string, string>>, pathVar: string | undefined): Promise<DockerProbe> {
  const docker = findExecutable('docker', pathVar);
  if (docker === null) return { ok: false, path: null, reason: 'no-client', detail: 'the docker command is not installed' };
  const version = await run(docker, ['version', '--format', '{{.Server.Version}}'], env, 15_000);
  if (!version.ok) return { ok: false, path: docker, reason: 'no-engine', detail: firstLine(version.stderr) || 'no engine answered' };
  const inspect = await run(docker, ['image', 'inspect', '--format', '{{.Id}}', image], env, 15_000);
  if (!inspect.ok) return { ok: false, path: docker, reason: 'no-image', detail: firstLine(inspect.stderr) || `no image ${image}` };
  return { ok: true, path: docker, serverVersion: version.stdout.trim() };
}

interface RunOutcome {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

function run(file: string, args: readonly string[], env: Readonly<Record<string, string>> = { PATH: SANDBOX_PATH }, timeout = 10_000): Promise<RunOutcome> {
  return new Promise((resolve) => {
    execFile(file, [...args], { env, timeout, windowsHide: true }, (err, stdout, stderr) => {
      resolve({ ok: err === null, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}
