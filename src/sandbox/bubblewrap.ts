// SandboxPlan → bwrap argv, one small helper per concern. The order is bwrap's: options apply as read, so
// the system folders come first, the session's mounts after (shallowest first), then the root is made
// read-only (nothing outside the mounts can be written), then the environment and the working directory.
import type { Invocation, PlanMount, SandboxPlan } from './types.js';
import { ETC_ENTRIES, SYSTEM_FOLDERS } from './bubblewrap-system.js';

export interface BubblewrapOptions {
  /** Absolute path of the bwrap program. */
  readonly bwrap: string;
  /** bwrap ≥ 0.8 can forbid new user namespaces inside the sandbox (less kernel surface to attack). */
  readonly disableUserns: boolean;
}

export function bubblewrapInvocation(plan: SandboxPlan, options: BubblewrapOptions): Invocation {
  const args = [
    ...processArgs(),
    ...namespaceArgs(plan, options),
    ...systemArgs(plan),
    ...mountArgs(plan.mounts),
    ...rootArgs(),
    ...envArgs(plan.env),
    ...cwdArgs(plan.cwd),
  ];
  return {
    backend: 'bubblewrap',
    argv: [options.bwrap, ...args, '--', ...plan.command],
    fdArgs: args.length,
    // bwrap's own environment is empty: the command's comes from --clearenv/--setenv only, and the
    // sandbox's /proc/1/environ (bwrap's init) shows nothing.
    env: {},
    cwd: '/',
    container: null,
  };
}

/** The sandbox dies with orkeon-code; a new session so it cannot push keystrokes into the user's terminal (TIOCSTI). */
export function processArgs(): string[] {
  return ['--die-with-parent', '--new-session'];
}

export function namespaceArgs(plan: Pick<SandboxPlan, 'network'>, options: Pick<BubblewrapOptions, 'disableUserns'>): string[] {
  return [
    '--unshare-user',
    ...(options.disableUserns ? ['--disable-userns'] : []),
    '--unshare-pid',
    '--unshare-ipc',
    '--unshare-uts',
    '--unshare-cgroup-try',
    ...(plan.network ? [] : ['--unshare-net']),
    '--cap-drop',
    'ALL',
  ];
}

export function systemArgs(plan: SandboxPlan): string[] {
  const out: string[] = [];
  for (const folder of SYSTEM_FOLDERS) out.push('--ro-bind-try', folder, folder);
  for (const entry of ETC_ENTRIES) out.push('--ro-bind-try', entry, entry);
  // /etc/mtab is a link to the reader's own mount table; bound as a file it would show the host's.
  out.push('--symlink', '../proc/self/mounts', '/etc/mtab');
  if (plan.etc !== null) out.push('--ro-bind', plan.etc.passwd, '/etc/passwd', '--ro-bind', plan.etc.group, '/etc/group');
  out.push('--proc', '/proc', '--dev', '/dev');
  return out;
}

export function mountArgs(mounts: readonly PlanMount[]): string[] {
  const out: string[] = [];
  for (const m of mounts) {
    if (m.kind === 'tmpfs') out.push('--perms', m.mode.toString(8).padStart(4, '0'), '--tmpfs', m.virtual);
    else out.push(m.writable ? '--bind' : '--ro-bind', m.physical, m.virtual);
  }
  return out;
}

/** bwrap's root is a tmpfs; read-only, so a write outside the mounts fails instead of vanishing. */
export function rootArgs(): string[] {
  return ['--remount-ro', '/'];
}

export function envArgs(env: Readonly<Record<string, string>>): string[] {
  const out = ['--clearenv'];
  for (const name of Object.keys(env).sort()) out.push('--setenv', name, env[name]!);
  return out;
}

export function cwdArgs(cwd: string): string[] {
  return ['--chdir', cwd];
}
