// Shared by the trust and launcher tests: temporary homes, and the real CLI run as a process (the
// build in dist/, as `npm test` makes it), with an environment the test controls entirely.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = path.join(ROOT, 'bin', 'orkeon-code.js');

/** A fresh folder under the system's temporary folder, by its real path. */
export function tempDir(prefix = 'orkeon-test-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

/**
 * The environment a test's CLI runs with: this process's, less everything that could change what is
 * checked (CI, ORKEON_CODE_*, ORKEON_* overrides), plus a private ORKEON_CODE_HOME and HOME.
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (k === 'CI' || k.startsWith('ORKEON_') || k === 'ORKEON_REPL') continue;
    env[k] = v;
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  return env;
}

/** A private world: ORKEON_CODE_HOME and HOME under one temporary folder. */
export function world(): { root: string; home: string; orkeonHome: string; registry: string; env: (extra?: Record<string, string | undefined>) => Record<string, string> } {
  const root = tempDir();
  const home = path.join(root, 'home');
  const orkeonHome = path.join(root, 'orkeon-home');
  fs.mkdirSync(home);
  return {
    root,
    home,
    orkeonHome,
    registry: path.join(orkeonHome, 'trusted-folders.json'),
    env: (extra = {}) => cleanEnv({ HOME: home, ORKEON_CODE_HOME: orkeonHome, ...extra }),
  };
}

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI with no terminal (stdin a pipe, closed or fed `input`). */
export function runCli(args: readonly string[], options: { env: Record<string, string>; cwd?: string; input?: string }): CliResult {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: options.env,
    cwd: options.cwd ?? ROOT,
    input: options.input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

export function runCliAsync(args: readonly string[], options: { env: Record<string, string>; cwd?: string }): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: options.env, cwd: options.cwd ?? ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A file written by `env -0` (NAME=value entries, NUL-separated), as an object. */
export function readEnvFile(file: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of fs.readFileSync(file, 'utf8').split('\0').filter(Boolean)) {
    const eq = entry.indexOf('=');
    out[entry.slice(0, eq)] = entry.slice(eq + 1);
  }
  return out;
}

/** Reads a file's bytes and modification time, to show it was left exactly as it was. */
export function snapshot(file: string): { bytes: Buffer; mtimeMs: number; ino: number; mode: number } {
  const st = fs.statSync(file);
  return { bytes: fs.readFileSync(file), mtimeMs: st.mtimeMs, ino: st.ino, mode: st.mode };
}
