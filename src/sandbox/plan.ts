// One typed plan for every backend: the session's mounts, the protections that keep the host's git hooks
// and orkeon-code's own files unchanged, the sockets the environment names, the environment itself, the
// working directory and the command. Pure: what it needs from the host arrives resolved.
import type { MountTable } from '../mounts/types.js';
import { sortMounts } from '../mounts/table.js';
import { mountAt, toPhysicalPath } from '../mounts/map.js';
import { normalizeVirtualPath } from '../mounts/virtual-path.js';
import { SANDBOX_HOME, SANDBOX_RUNTIME_DIR } from '../mounts/reserved.js';
import type { CommandEnv } from '../env/command-env.js';
import { protectionMounts, type ProtectedPath } from './protect.js';
import type { Backend, PlanMount, SandboxEtc, SandboxIdentity, SandboxPlan, SandboxResult } from './types.js';

export interface SandboxPlanInput {
  readonly backend: Backend;
  readonly table: MountTable;
  /** The command's environment and the sockets it names (buildCommandEnv). */
  readonly env: CommandEnv;
  readonly command: readonly string[];
  /** The virtual working directory; `/workspace` when absent. */
  readonly cwd?: string;
  readonly network: boolean;
  /** Host paths that stay read-only wherever a writable mount shows them (git guard, orkeon-code's files). */
  readonly protect: readonly ProtectedPath[];
  readonly identity: SandboxIdentity;
  readonly etc: SandboxEtc | null;
}

export function buildSandboxPlan(input: SandboxPlanInput): SandboxResult<SandboxPlan> {
  if (input.command.length === 0 || input.command[0] === '') return fail('there is no command to run');
  const cwdCheck = normalizeVirtualPath(input.cwd ?? '/workspace');
  if (!cwdCheck.ok) return fail(`the working directory ${input.cwd}: ${cwdCheck.why}`);
  const cwd = cwdCheck.path;
  const holder = mountAt(input.table, cwd);
  if (holder === null) return fail(`the working directory ${cwd} is under no mount; use /workspace or a path below a mount`);
  const hostCwd = toPhysicalPath(input.table, cwd);
  if (input.backend === 'none' && hostCwd === null) return fail(`the working directory ${cwd} has no host folder, which --confinement none needs`);

  // Protections are a sandbox's: with `none` the command can write anything the user can anyway.
  const protections = input.backend === 'none' ? { ok: true as const, mounts: [] } : protectionMounts(input.table, input.protect);
  if (!protections.ok) {
    const { mount, protectedPath } = protections;
    const option = mount.role === 'output' ? '--output' : mount.role === 'user' ? `--mount …:${mount.virtual}:rw` : mount.virtual;
    return fail(`${option} would let a command change ${protectedPath.what}; mount it read-only or choose a folder that does not hold it`, 'mount');
  }

  const mounts: PlanMount[] = [];
  for (const m of input.table.mounts) {
    if (m.physical === null) mounts.push({ kind: 'tmpfs', purpose: 'tmp', virtual: m.virtual, mode: 0o1777 });
    else mounts.push({ kind: 'bind', purpose: m.role === 'tmp' ? 'user' : m.role, physical: m.physical, virtual: m.virtual, writable: m.writable });
  }
  if (input.backend !== 'none') {
    mounts.push({ kind: 'tmpfs', purpose: 'home', virtual: SANDBOX_HOME, mode: 0o700 });
    const needsRuntime = input.env.sockets.length > 0 || input.env.env.XDG_RUNTIME_DIR === SANDBOX_RUNTIME_DIR;
    if (needsRuntime) mounts.push({ kind: 'tmpfs', purpose: 'runtime', virtual: SANDBOX_RUNTIME_DIR, mode: 0o700 });
    for (const socket of input.env.sockets) {
      mounts.push({ kind: 'bind', purpose: 'socket', physical: socket.host, virtual: socket.virtual, writable: false });
    }
    // A table mount at the same virtual path already replaces what a protection would cover there.
    const taken = new Set(mounts.map((m) => m.virtual));
    mounts.push(...protections.mounts.filter((m) => !taken.has(m.virtual)));
  }

  return {
    ok: true,
    value: {
      backend: input.backend,
      mounts: sortMounts(mounts),
      env: input.env.env,
      cwd,
      hostCwd: hostCwd ?? '/',
      network: input.network,
      command: [...input.command],
      identity: input.identity,
      etc: input.backend === 'bubblewrap' ? input.etc : null,
    },
  };
}

function fail(message: string, code: 'plan' | 'mount' = 'plan'): SandboxResult<SandboxPlan> {
  return { ok: false, error: { code, message } };
}
