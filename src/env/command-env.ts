// The environment a command runs with: built, not inherited (SPEC §4, #216). A small base, the ssh agent
// and the runtime folder, the session bus for an unconfined command (or a confined one when
// Orkeon:Tools:Shell:Environment:SessionBus says so), and the names Orkeon:Tools:Shell:Environment:Propagate
// lists. Nothing else of the host's environment reaches a command: a token in any other variable stays out.
// Pure: the host environment and the settings come in, the environment and the sockets to bind go out.

import type { Backend } from '../sandbox/types.js';
import { LAUNCHER_ONLY_VARIABLES, type HostEnv } from './exports.js';

export type { HostEnv };

/** The settings that shape a command's environment. */
export interface CommandEnvSettings {
  /** `Orkeon:Tools:Shell:Environment:SessionBus`: pass the session bus to a confined command too. */
  readonly sessionBus: boolean;
  /** `Orkeon:Tools:Shell:Environment:Propagate`: host variables passed on by name. */
  readonly propagate: readonly string[];
}

export interface CommandEnvInput {
  readonly hostEnv: HostEnv;
  readonly settings: CommandEnvSettings;
  readonly backend: Backend;
  /** HOME as the command sees it: the sandbox's own home, or for `none` a private host folder. Never the user's. */
  readonly home: string;
  /** TMPDIR as the command sees it (`/tmp` in a sandbox). */
  readonly tmp: string;
  /** The user name (USER). */
  readonly user: string;
  /** Where sockets are bound inside a sandbox (ignored for `none`). */
  readonly runtimeDir: string;
}

/** A host socket a sandbox must make reachable at a fixed virtual path. */
export interface SocketBinding {
  readonly purpose: 'ssh-agent' | 'session-bus';
  /** The host socket's path. */
  readonly host: string;
  /** Where the command finds it. */
  readonly virtual: string;
  /** The variable that names it, and the value the command sees. */
  readonly variable: string;
}

export interface CommandEnv {
  readonly env: Readonly<Record<string, string>>;
  readonly sockets: readonly SocketBinding[];
  /** One line each, for the user: a setting that could not take effect, and why. Never a secret's value. */
  readonly notes: readonly string[];
}

/** The PATH inside a sandbox: the system folders, which are the only programs a sandbox holds. */
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Variables this builder computes; Propagate cannot copy the host's value over them. */
const COMPUTED = new Set(['HOME', 'TMPDIR', 'SSH_AUTH_SOCK', 'XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS']);

/** Never passed on, whatever a setting says: the launcher-only variables (`--trust` and ORKEON_CODE_TRUST start one session only). */
const NEVER: ReadonlySet<string> = new Set(LAUNCHER_ONLY_VARIABLES);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function buildCommandEnv(input: CommandEnvInput): CommandEnv {
  const confined = input.backend !== 'none';
  const env: Record<string, string> = {};
  const sockets: SocketBinding[] = [];
  const notes: string[] = [];

  Object.assign(env, baseEnv(input, confined));
  Object.assign(env, localeEnv(input.hostEnv));

  const ssh = sshAgent(input, confined);
  if (ssh.socket) sockets.push(ssh.socket);
  if (ssh.value !== undefined) env.SSH_AUTH_SOCK = ssh.value;

  const runtime = input.hostEnv.XDG_RUNTIME_DIR;
  // A sandbox gets a runtime folder of its own: the host's holds the session bus, the display server, the
  // audio and keyring sockets, and handing it over would pass them all.
  if (nonEmpty(runtime)) env.XDG_RUNTIME_DIR = confined ? input.runtimeDir : runtime;

  const bus = sessionBus(input, confined);
  if (bus.socket) sockets.push(bus.socket);
  if (bus.value !== undefined) env.DBUS_SESSION_BUS_ADDRESS = bus.value;
  if (bus.note) notes.push(bus.note);

  for (const name of input.settings.propagate) {
    if (!NAME.test(name)) {
      notes.push(`Orkeon:Tools:Shell:Environment:Propagate: ${JSON.stringify(name)} is not a variable name; it is ignored`);
    } else if (NEVER.has(name)) {
      notes.push(`Orkeon:Tools:Shell:Environment:Propagate: ${name} is never passed to a command; it is ignored`);
    } else if (COMPUTED.has(name)) {
      notes.push(`Orkeon:Tools:Shell:Environment:Propagate: ${name} is set by orkeon-code for the sandbox; the host's value is not copied`);
    } else {
      const value = input.hostEnv[name];
      if (value !== undefined) env[name] = value;
    }
  }
  return { env, sockets, notes };
}

function baseEnv(input: CommandEnvInput, confined: boolean): Record<string, string> {
  const host = input.hostEnv;
  const base: Record<string, string> = {
    // On the host the user's PATH finds the user's tools; in a sandbox only the system folders exist.
    PATH: confined ? SANDBOX_PATH : nonEmpty(host.PATH) ? host.PATH : SANDBOX_PATH,
    HOME: input.home,
    TMPDIR: input.tmp,
    USER: input.user,
  };
  if (nonEmpty(host.TERM)) base.TERM = host.TERM;
  if (nonEmpty(host.TZ)) base.TZ = host.TZ;
  return base;
}

function localeEnv(host: HostEnv): Record<string, string> {
  const out: Record<string, string> = { LANG: nonEmpty(host.LANG) ? host.LANG : 'C.UTF-8' };
  if (nonEmpty(host.LANGUAGE)) out.LANGUAGE = host.LANGUAGE;
  for (const [name, value] of Object.entries(host)) {
    if (/^LC_[A-Z_]+$/.test(name) && nonEmpty(value)) out[name] = value;
  }
  return out;
}

function sshAgent(input: CommandEnvInput, confined: boolean): { value?: string; socket?: SocketBinding } {
  const host = input.hostEnv.SSH_AUTH_SOCK;
  if (!nonEmpty(host)) return {};
  if (!confined) return { value: host };
  if (!host.startsWith('/')) return {};
  const virtual = `${input.runtimeDir}/ssh-agent.sock`;
  return { value: virtual, socket: { purpose: 'ssh-agent', host, virtual, variable: 'SSH_AUTH_SOCK' } };
}

function sessionBus(input: CommandEnvInput, confined: boolean): { value?: string; socket?: SocketBinding; note?: string } {
  const address = input.hostEnv.DBUS_SESSION_BUS_ADDRESS;
  if (!nonEmpty(address)) return {};
  if (!confined) return { value: address };
  if (!input.settings.sessionBus) return {};
  const path = unixBusPath(address);
  if (path === null) {
    return {
      note: 'Orkeon:Tools:Shell:Environment:SessionBus: the session bus has no unix:path= address (abstract or tcp), which a sandbox cannot be handed; it is left out',
    };
  }
  const virtual = `${input.runtimeDir}/bus`;
  return { value: `unix:path=${virtual}`, socket: { purpose: 'session-bus', host: path, virtual, variable: 'DBUS_SESSION_BUS_ADDRESS' } };
}

/** The socket path of the first `unix:path=…` address in a D-Bus address list, or null. */
export function unixBusPath(address: string): string | null {
  for (const entry of address.split(';')) {
    if (!entry.startsWith('unix:')) continue;
    for (const pair of entry.slice('unix:'.length).split(',')) {
      if (pair.startsWith('path=')) {
        const value = unescapeDbus(pair.slice('path='.length));
        if (value.startsWith('/')) return value;
      }
    }
  }
  return null;
}

/** D-Bus addresses escape bytes as %XX. */
function unescapeDbus(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function nonEmpty(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}
