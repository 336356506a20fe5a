// The confinement stage's I/O edge for a caller that has a trusted project and a command: reads the
// `--mount`/`--output` values, chooses the backend (probing once), writes the session's own files (the
// user's settings for /user-config, the sandbox's passwd and group), inspects the project's git folder,
// and returns the plan, its invocation, and what to check and remove afterwards. Runs only after trust.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MountSpec, MountTable } from '../mounts/types.js';
import { parseMountString } from '../mounts/parse.js';
import { prepareOutputDir, resolveMountSpec } from '../mounts/physical.js';
import { buildMountTable } from '../mounts/table.js';
import { toVirtualPath } from '../mounts/map.js';
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from '../mounts/reserved.js';
import { pidAlive } from '../trust/lock.js';
import { buildCommandEnv, type CommandEnv, type CommandEnvSettings, type HostEnv } from '../env/command-env.js';
import { buildSandboxPlan } from './plan.js';
import { inspectGitGuard, plantedPaths, type GitGuard } from './git-guard.js';
import type { ProtectedPath } from './protect.js';
import { sandboxGroup, sandboxPasswd } from './etc-files.js';
import { resolveBackend, type BackendChoice } from './select.js';
import { bubblewrapInvocation } from './bubblewrap.js';
import { DEFAULT_DOCKER_IMAGE, dockerInvocation } from './docker.js';
import { noneInvocation } from './none.js';
import type { ConfinementMode, Invocation, SandboxIdentity, SandboxPlan, SandboxResult } from './types.js';

export interface OpenSandboxInput {
  readonly mode: ConfinementMode;
  /** The project's real path, from the trust stage. */
  readonly project: string;
  /** `$ORKEON_CODE_HOME` (its trust registry and settings are kept read-only in the sandbox). */
  readonly orkeonHome: string;
  /** Where relative `--mount` and `--output` values are read from. */
  readonly cwd: string;
  /** `--output DIR`, or null for the default under `$ORKEON_CODE_HOME/output/`. */
  readonly output: string | null;
  /** `--mount physical:virtual[:ro|rw]` values, as given. */
  readonly mounts: readonly string[];
  /** The user's `orkeonCode` block, handed to the session at /user-config/settings.json. */
  readonly userConfig: unknown;
  readonly hostEnv: HostEnv;
  readonly envSettings: CommandEnvSettings;
  readonly network: boolean;
  readonly command: readonly string[];
  /** The command's working directory (virtual); /workspace when absent. */
  readonly workdir?: string;
  /** `Orkeon:Tools:Shell:Confinement:Image`, else DEFAULT_DOCKER_IMAGE. */
  readonly image?: string | null;
  /** Further host files a command must not change (the user's settings file). Missing ones are skipped. */
  readonly protect?: readonly string[];
  /** docker: allocate a terminal. */
  readonly tty?: boolean;
}

export interface OpenedSandbox {
  readonly plan: SandboxPlan;
  readonly invocation: Invocation;
  /** The backend's argv for another plan of this session (the same plan extended), with what openSandbox chose: the backend's program, the image. */
  invocationFor(plan: SandboxPlan): Invocation;
  readonly table: MountTable;
  /** One line each, for standard error (the auto fallback, settings without effect, what git cannot be kept from); the printer adds `orkeon-code: `. */
  readonly warnings: readonly string[];
  /** Virtual paths of git files a command created that git would read outside the sandbox (see git-guard.ts). */
  planted(): string[];
  /**
   * A path of `protect` that did not exist when the sandbox opened cannot be mounted read-only (a mount
   * point would create it on the host): if a command created it, it is moved aside to `<path>.refused-<n>`
   * here, and its virtual path returned. Call it once the command has ended.
   */
  keptOut(): string[];
  /** Removes the session's own files. Safe to call twice. */
  close(): void;
}

export async function openSandbox(input: OpenSandboxInput): Promise<SandboxResult<OpenedSandbox>> {
  const specs: MountSpec[] = [];
  for (const text of input.mounts) {
    const parsed = parseMountString(text);
    if (!parsed.ok) return mountFailure(parsed.error.message);
    const resolved = resolveMountSpec(parsed.value, input.cwd);
    if (!resolved.ok) return mountFailure(resolved.error.message);
    specs.push(resolved.value);
  }

  const image = input.image || DEFAULT_DOCKER_IMAGE;
  const cliEnv = dockerCliEnv(input.hostEnv);
  const choice = await resolveBackend(input.mode, { image, dockerEnv: { PATH: input.hostEnv.PATH ?? '', ...cliEnv }, pathVar: input.hostEnv.PATH });
  if (!choice.ok) return choice;
  const backend = choice.value.backend;

  const output = prepareOutputDir(input.output, input.cwd, input.orkeonHome, input.project);
  if (!output.ok) return mountFailure(output.error.message);

  const identity = currentIdentity(input.hostEnv);
  sweepOnce(os.tmpdir());
  const session = fs.mkdtempSync(path.join(os.tmpdir(), `${SESSION_PREFIX}${process.pid}-`));
  const close = (): void => fs.rmSync(session, { recursive: true, force: true });
  try {
    const userConfigDir = path.join(session, 'user-config');
    fs.mkdirSync(userConfigDir, { mode: 0o755 });
    fs.writeFileSync(path.join(userConfigDir, 'settings.json'), JSON.stringify({ orkeonCode: input.userConfig ?? {} }, null, 2) + '\n', { mode: 0o644 });
    let etc = null;
    if (backend === 'bubblewrap') {
      etc = { passwd: path.join(session, 'passwd'), group: path.join(session, 'group') };
      fs.writeFileSync(etc.passwd, sandboxPasswd(identity, SANDBOX_HOME), { mode: 0o644 });
      fs.writeFileSync(etc.group, sandboxGroup(identity), { mode: 0o644 });
    }
    let home = SANDBOX_HOME;
    let tmp = '/tmp';
    if (backend === 'none') {
      home = path.join(session, 'home');
      fs.mkdirSync(home, { mode: 0o700 });
      tmp = os.tmpdir();
    }

    const table = buildMountTable({ project: input.project, output: output.value, userConfig: userConfigDir, user: specs });
    if (!table.ok) {
      close();
      return mountFailure(table.error.message);
    }

    const built = buildCommandEnv({ hostEnv: input.hostEnv, settings: input.envSettings, backend, home, tmp, user: identity.user, runtimeDir: SANDBOX_RUNTIME_DIR });
    const env = dropMissingSockets(built);

    const guard: GitGuard = backend === 'none' ? { protect: [], watch: [], warnings: [] } : inspectGitGuard(input.project);
    const protect: ProtectedPath[] = [...guard.protect, ...ownFiles(input.orkeonHome, input.protect ?? [])];
    const absent = backend === 'none' ? [] : (input.protect ?? []).filter((p) => !pathExists(p));

    const plan = buildSandboxPlan({
      backend,
      table: table.value,
      env,
      command: input.command,
      cwd: input.workdir ?? '/workspace',
      network: input.network,
      protect,
      identity,
      etc,
    });
    if (!plan.ok) {
      close();
      return plan;
    }

    const docker = { image, tty: input.tty ?? false, cliEnv };
    const invocation = invocationFor(plan.value, choice.value, docker);

    const warnings = [...(choice.value.warning ? [choice.value.warning] : []), ...env.notes, ...guard.warnings];
    const tableValue = table.value;
    return {
      ok: true,
      value: {
        plan: plan.value,
        invocation,
        invocationFor: (other) => invocationFor(other, choice.value, docker),
        table: tableValue,
        warnings,
        planted: () => plantedPaths(guard).map((p) => toVirtualPath(tableValue, p) ?? '[host path]'),
        keptOut: () => moveAsideCreated(absent).map((p) => toVirtualPath(tableValue, p) ?? '[host path]'),
        close,
      },
    };
  } catch (err) {
    close();
    return { ok: false, error: { code: 'setup', message: `the session's files could not be prepared: ${(err as Error).message}` } };
  }
}

/** The session's own files live in `<tmp>/orkeon-code-<pid>-XXXXXX`, removed by close(). */
const SESSION_PREFIX = 'orkeon-code-';

const swept = new Set<string>();

/** The sweep runs once per process (per temporary folder), not for every line or crew step. */
function sweepOnce(tmp: string): void {
  if (swept.has(tmp)) return;
  swept.add(tmp);
  sweepStaleSessions(tmp);
}

/**
 * Removes the session folders of orkeon-code processes that are gone without closing them (killed with
 * SIGKILL, or by a terminal that closed): only this user's, only when their process no longer exists,
 * only when older than a minute.
 */
export function sweepStaleSessions(tmp: string, now = Date.now()): void {
  let names: string[];
  try {
    names = fs.readdirSync(tmp);
  } catch {
    return;
  }
  const uid = typeof process.getuid === 'function' ? process.getuid() : null;
  for (const name of names) {
    const m = /^orkeon-code-(\d+)-[A-Za-z0-9]{6}$/.exec(name);
    if (m === null) continue;
    const pid = Number(m[1]);
    if (pid === process.pid || pidAlive(pid)) continue;
    const dir = path.join(tmp, name);
    try {
      const st = fs.lstatSync(dir);
      if (!st.isDirectory() || (uid !== null && st.uid !== uid) || now - st.mtimeMs < 60_000) continue;
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // Someone else's, or gone meanwhile.
    }
  }
}

/** The backend's argv for a plan; the probes that chose the backend say where its program is. */
function invocationFor(plan: SandboxPlan, choice: BackendChoice, docker: { image: string; tty: boolean; cliEnv: Record<string, string> }): Invocation {
  const bwrap = choice.bubblewrap;
  const dockerProbe = choice.docker;
  switch (plan.backend) {
    case 'bubblewrap':
      return bubblewrapInvocation(plan, { bwrap: bwrap?.ok ? bwrap.path : 'bwrap', disableUserns: bwrap?.ok === true && bwrap.disableUserns });
    case 'docker':
      return dockerInvocation(plan, { docker: dockerProbe?.ok ? dockerProbe.path : 'docker', image: docker.image, name: `orkeon-code-${crypto.randomBytes(6).toString('hex')}`, tty: docker.tty, cliEnv: docker.cliEnv });
    case 'none':
      return noneInvocation(plan);
  }
}

function pathExists(p: string): boolean {
  try {
    fs.lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** The paths of `absent` that exist now, each renamed (a link as the link, never followed) out of the way. */
function moveAsideCreated(absent: readonly string[]): string[] {
  const moved: string[] = [];
  for (const p of absent) {
    if (!pathExists(p)) continue;
    let n = 1;
    while (pathExists(`${p}.refused-${n}`)) n++;
    try {
      fs.renameSync(p, `${p}.refused-${n}`);
    } catch {
      // cannot be renamed (its folder turned read-only?): removed instead, as a last resort
      fs.rmSync(p, { recursive: true, force: true });
    }
    moved.push(p);
  }
  return moved;
}

/** orkeon-code's own folder (the trust registry; the outputs and the demo project below it may be writable) and the user's settings file. */
function ownFiles(orkeonHome: string, extra: readonly string[]): ProtectedPath[] {
  const out: ProtectedPath[] = [];
  try {
    fs.mkdirSync(orkeonHome, { recursive: true, mode: 0o700 });
    const real = fs.realpathSync.native(orkeonHome);
    out.push({ path: real, what: "orkeon-code's own folder (the trusted-folders registry)", subfoldersMountable: true });
  } catch {
    // An orkeon home that cannot exist cannot be written from a sandbox either.
  }
  for (const file of extra) {
    try {
      out.push({ path: fs.realpathSync.native(file), what: 'a file kept read-only for every command (your settings, an agent\'s own settings)' });
    } catch {
      // Missing: nothing to protect.
    }
  }
  return out;
}

/** A socket variable whose host socket is gone is left out rather than pointing at nothing. */
function dropMissingSockets(built: CommandEnv): CommandEnv {
  const missing = built.sockets.filter((s) => {
    try {
      return !fs.statSync(s.host).isSocket();
    } catch {
      return true;
    }
  });
  if (missing.length === 0) return built;
  const env = { ...built.env };
  for (const s of missing) delete env[s.variable];
  return {
    env,
    sockets: built.sockets.filter((s) => !missing.includes(s)),
    notes: [...built.notes, ...missing.map((s) => `${s.variable} names a socket that does not exist; it is left out`)],
  };
}

function currentIdentity(hostEnv: HostEnv): SandboxIdentity {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 1000;
  const gid = typeof process.getgid === 'function' ? process.getgid() : 1000;
  let user = hostEnv.USER ?? '';
  if (user === '') {
    try {
      user = os.userInfo().username;
    } catch {
      user = 'user';
    }
  }
  return { uid, gid, user };
}

/** What the docker CLI needs from the host's environment to reach its engine (never passed into the container). */
export function dockerCliEnv(hostEnv: HostEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['DOCKER_HOST', 'DOCKER_CONTEXT', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH', 'DOCKER_API_VERSION']) {
    const value = hostEnv[name];
    if (value !== undefined && value !== '') out[name] = value;
  }
  const config = hostEnv.DOCKER_CONFIG ?? (hostEnv.HOME ? path.join(hostEnv.HOME, '.docker') : undefined);
  if (config !== undefined && config !== '') out.DOCKER_CONFIG = config;
  return out;
}

function mountFailure(message: string): SandboxResult<never> {
  return { ok: false, error: { code: 'mount', message } };
}
