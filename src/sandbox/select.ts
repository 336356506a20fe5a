// Which backend runs a command: the one asked for, or for `auto` bubblewrap when it works and otherwise
// none with a one-line warning. A backend asked for by name that does not work is refused with a line
// that says how to get it or what to choose instead. Pure over the probes' answers; resolveBackend asks
// only the probes the request needs.
import type { BubblewrapProbe, DockerProbe } from './probe.js';
import { probeBubblewrap, probeDocker } from './probe.js';
import type { Backend, ConfinementMode, SandboxResult } from './types.js';

export const INSTALL_BUBBLEWRAP = 'install bubblewrap (apt-get install bubblewrap, dnf install bubblewrap, pacman -S bubblewrap)';

export interface BackendChoice {
  readonly backend: Backend;
  /** One line for standard error (without the `orkeon-code: ` its printer puts before it), when the choice is weaker than what was asked. */
  readonly warning: string | null;
  readonly bubblewrap: BubblewrapProbe | null;
  readonly docker: DockerProbe | null;
}

export interface Probes {
  readonly bubblewrap?: BubblewrapProbe;
  readonly docker?: DockerProbe;
}

export function selectBackend(mode: ConfinementMode, probes: Probes, image: string): SandboxResult<BackendChoice> {
  const bubblewrap = probes.bubblewrap ?? null;
  const docker = probes.docker ?? null;
  switch (mode) {
    case 'none':
      return ok({ backend: 'none', warning: null, bubblewrap, docker });
    case 'auto':
      if (bubblewrap?.ok) return ok({ backend: 'bubblewrap', warning: null, bubblewrap, docker });
      return ok({
        backend: 'none',
        warning: `commands run UNCONFINED (no sandbox): ${bubblewrap?.reason ?? 'bubblewrap was not probed'}; ${INSTALL_BUBBLEWRAP}, or pass --confinement none to say you mean it`,
        bubblewrap,
        docker,
      });
    case 'bubblewrap':
      if (bubblewrap?.ok) return ok({ backend: 'bubblewrap', warning: null, bubblewrap, docker });
      return refuse(`--confinement bubblewrap: ${bubblewrap?.reason ?? 'bubblewrap was not probed'}; ${INSTALL_BUBBLEWRAP}, or choose --confinement docker or none`);
    case 'docker':
      if (docker?.ok) return ok({ backend: 'docker', warning: null, bubblewrap, docker });
      return refuse(dockerRefusal(docker, image));
  }
}

function dockerRefusal(probe: DockerProbe | null, image: string): string {
  if (probe === null || probe.ok) return '--confinement docker: docker was not probed';
  switch (probe.reason) {
    case 'no-client':
      return '--confinement docker: the docker command is not installed; install Docker (apt-get install docker.io), or choose --confinement bubblewrap';
    case 'no-engine':
      return `--confinement docker: no Docker engine answers (${probe.detail}); start it (systemctl start docker, or dockerd), or choose --confinement bubblewrap`;
    case 'no-image':
      return `--confinement docker: the image ${image} is not on this machine; pull or build it (docker pull ${image}), or name another with Orkeon:Tools:Shell:Confinement:Image`;
  }
}

/** Runs the probes `mode` needs (bubblewrap for auto and bubblewrap, docker for docker), then selects. */
export async function resolveBackend(
  mode: ConfinementMode,
  options: { readonly image: string; readonly dockerEnv: Readonly<Record<string, string>>; readonly pathVar?: string | undefined },
): Promise<SandboxResult<BackendChoice>> {
  const probes: { bubblewrap?: BubblewrapProbe; docker?: DockerProbe } = {};
  if (mode === 'auto' || mode === 'bubblewrap') probes.bubblewrap = await probeBubblewrap(options.pathVar);
  if (mode === 'docker') probes.docker = await probeDocker(options.image, options.dockerEnv, options.pathVar);
  return selectBackend(mode, probes, options.image);
}

function ok(choice: BackendChoice): SandboxResult<BackendChoice> {
  return { ok: true, value: choice };
}

function refuse(message: string): SandboxResult<BackendChoice> {
  return { ok: false, error: { code: 'backend', message } };
}
