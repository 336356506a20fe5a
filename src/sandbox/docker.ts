// SandboxPlan → `docker run` argv, one small helper per concern. The container is removed when the
// command ends (--rm), has an init process that forwards signals and reaps (--init), never pulls an
// image (--pull never: a missing image is an error the user fixes, not a download), and keeps no log
// of the command's output (--log-driver none; attach still streams it).
import type { Invocation, PlanMount, SandboxPlan } from './types.js';

/** The image when Orkeon:Tools:Shell:Confinement:Image does not name one. Pull it once: `docker pull debian:bookworm-slim`. */
export const DEFAULT_DOCKER_IMAGE = 'debian:bookworm-slim';

export interface DockerOptions {
  /** Absolute path of the docker CLI. */
  readonly docker: string;
  readonly image: string;
  /** The container's name (unique per run), so a runner can remove what a killed CLI left behind. */
  readonly name: string;
  /** Allocate a terminal (standard input and output are one). */
  readonly tty: boolean;
  /** What the CLI itself needs to find its engine: DOCKER_HOST, DOCKER_CONFIG, DOCKER_CONTEXT, … */
  readonly cliEnv: Readonly<Record<string, string>>;
}

export function dockerInvocation(plan: SandboxPlan, options: DockerOptions): Invocation {
  const argv = [
    options.docker,
    'run',
    ...lifecycleArgs(options),
    ...isolationArgs(plan),
    ...identityArgs(plan),
    ...mountArgs(plan.mounts, plan),
    ...envArgs(plan.env),
    '-w',
    plan.cwd,
    options.image,
    ...plan.command,
  ];
  return {
    backend: 'docker',
    argv,
    fdArgs: 0,
    // `-e NAME` takes the value from the CLI's environment: no value appears in the host's process list.
    env: { ...plan.env, ...options.cliEnv },
    cwd: '/',
    container: options.name,
  };
}

export function lifecycleArgs(options: Pick<DockerOptions, 'name' | 'tty'>): string[] {
  return ['--rm', '--init', '-i', ...(options.tty ? ['-t'] : []), '--name', options.name, '--pull', 'never', '--log-driver', 'none'];
}

export function isolationArgs(plan: SandboxPlan): string[] {
  return [
    // Allowed network is the host's, as with bubblewrap: the same 127.0.0.1, the same routes.
    '--network',
    plan.network ? 'host' : 'none',
    '--read-only',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    '--ipc',
    'private',
  ];
}

export function identityArgs(plan: SandboxPlan): string[] {
  return ['--user', `${plan.identity.uid}:${plan.identity.gid}`];
}

export function mountArgs(mounts: readonly PlanMount[], plan: SandboxPlan): string[] {
  const out: string[] = [];
  for (const m of mounts) {
    if (m.kind === 'tmpfs') {
      const owner = m.purpose === 'tmp' ? '' : `,uid=${plan.identity.uid},gid=${plan.identity.gid}`;
      out.push('--tmpfs', `${m.virtual}:rw,nosuid,nodev,exec,mode=${m.mode.toString(8).padStart(4, '0')}${owner}`);
    } else {
      const fields = ['type=bind', `source=${m.physical}`, `target=${m.virtual}`, ...(m.writable ? [] : ['readonly'])];
      out.push('--mount', fields.map(csvField).join(','));
    }
  }
  return out;
}

export function envArgs(env: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const name of Object.keys(env).sort()) out.push('-e', name);
  return out;
}

/** docker reads --mount as one CSV record: a field holding a comma or a quote is quoted, quotes doubled. */
export function csvField(field: string): string {
  return /[",\n\r]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
