import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildCommandEnv, unixBusPath, SANDBOX_PATH, type CommandEnvInput } from '../../src/env/command-env.js';

const host = {
  PATH: '/home/alice/bin:/usr/bin:/bin',
  HOME: '/home/alice',
  USER: 'alice',
  LANG: 'fr_FR.UTF-8',
  LC_TIME: 'en_GB.UTF-8',
  LC_ALL: '',
  TERM: 'xterm-256color',
  TZ: 'Europe/Paris',
  SSH_AUTH_SOCK: '/run/user/1000/ssh-agent.sock',
  XDG_RUNTIME_DIR: '/run/user/1000',
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus,guid=abc',
  GITHUB_TOKEN: 'ghp_secretsecretsecretsecretsecret0000',
  AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  NPM_CONFIG_REGISTRY: 'https://registry.example',
  ORKEON_CODE_TRUST: '1',
  CI: 'true',
};

function input(over: Partial<CommandEnvInput> = {}): CommandEnvInput {
  return {
    hostEnv: host,
    settings: { sessionBus: false, propagate: [] },
    backend: 'bubblewrap',
    home: '/home/orkeon',
    tmp: '/tmp',
    user: 'alice',
    runtimeDir: '/run/orkeon-code',
    ...over,
  };
}

describe('buildCommandEnv, confined', () => {
  it('is the small base, the locale, the ssh agent at a fixed path and a private runtime folder', () => {
    const r = buildCommandEnv(input());
    expect(r.env).toEqual({
      PATH: SANDBOX_PATH,
      HOME: '/home/orkeon',
      TMPDIR: '/tmp',
      USER: 'alice',
      TERM: 'xterm-256color',
      TZ: 'Europe/Paris',
      LANG: 'fr_FR.UTF-8',
      LC_TIME: 'en_GB.UTF-8',
      SSH_AUTH_SOCK: '/run/orkeon-code/ssh-agent.sock',
      XDG_RUNTIME_DIR: '/run/orkeon-code',
    });
    expect(r.sockets).toEqual([{ purpose: 'ssh-agent', host: '/run/user/1000/ssh-agent.sock', virtual: '/run/orkeon-code/ssh-agent.sock', variable: 'SSH_AUTH_SOCK' }]);
    expect(r.notes).toEqual([]);
  });

  it('hands the session bus to a confined command only when SessionBus says so, at a fixed path', () => {
    expect(buildCommandEnv(input()).env.DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    const r = buildCommandEnv(input({ settings: { sessionBus: true, propagate: [] } }));
    expect(r.env.DBUS_SESSION_BUS_ADDRESS).toBe('unix:path=/run/orkeon-code/bus');
    expect(r.sockets).toContainEqual({ purpose: 'session-bus', host: '/run/user/1000/bus', virtual: '/run/orkeon-code/bus', variable: 'DBUS_SESSION_BUS_ADDRESS' });
  });

  it('says why an abstract or tcp bus cannot be handed to a sandbox', () => {
    const r = buildCommandEnv(input({ hostEnv: { ...host, DBUS_SESSION_BUS_ADDRESS: 'unix:abstract=/tmp/dbus-x,guid=1' }, settings: { sessionBus: true, propagate: [] } }));
    expect(r.env.DBUS_SESSION_BUS_ADDRESS).toBeUndefined();
    expect(r.notes).toEqual([expect.stringMatching(/^Orkeon:Tools:Shell:Environment:SessionBus: .*abstract or tcp.*left out$/)]);
  });

  it('passes on the names Propagate lists, and only those', () => {
    const r = buildCommandEnv(input({ settings: { sessionBus: false, propagate: ['NPM_CONFIG_REGISTRY', 'CI', 'NOT_SET_ANYWHERE'] } }));
    expect(r.env.NPM_CONFIG_REGISTRY).toBe('https://registry.example');
    expect(r.env.CI).toBe('true');
    expect('NOT_SET_ANYWHERE' in r.env).toBe(false);
    expect(r.env.GITHUB_TOKEN).toBeUndefined();
  });

  it('refuses to propagate what it computes, ORKEON_CODE_TRUST, and what is not a name, saying so', () => {
    const r = buildCommandEnv(input({ settings: { sessionBus: false, propagate: ['HOME', 'SSH_AUTH_SOCK', 'ORKEON_CODE_TRUST', 'BAD-NAME', 'PATH'] } }));
    expect(r.env.HOME).toBe('/home/orkeon');
    expect(r.env.SSH_AUTH_SOCK).toBe('/run/orkeon-code/ssh-agent.sock');
    expect(r.env.ORKEON_CODE_TRUST).toBeUndefined();
    expect(r.env.PATH).toBe(host.PATH); // PATH may be propagated: the user asked for it
    expect(r.notes).toHaveLength(4);
    expect(r.notes.join('\n')).toMatch(/HOME is set by orkeon-code/);
    expect(r.notes.join('\n')).toMatch(/ORKEON_CODE_TRUST is never passed/);
    expect(r.notes.join('\n')).toMatch(/"BAD-NAME" is not a variable name/);
  });

  it('uses C.UTF-8 when the host has no LANG, and leaves TERM and TZ out when unset', () => {
    const r = buildCommandEnv(input({ hostEnv: { PATH: '/usr/bin' } }));
    expect(r.env).toEqual({ PATH: SANDBOX_PATH, HOME: '/home/orkeon', TMPDIR: '/tmp', USER: 'alice', LANG: 'C.UTF-8' });
    expect(r.sockets).toEqual([]);
  });

  it('the same for docker', () => {
    expect(buildCommandEnv(input({ backend: 'docker' }))).toEqual(buildCommandEnv(input()));
  });
});

describe('buildCommandEnv, unconfined (none)', () => {
  it("keeps the host's PATH, ssh agent, runtime folder and session bus, and a private home", () => {
    const r = buildCommandEnv(input({ backend: 'none', home: '/tmp/orkeon-code-1/home' }));
    expect(r.env).toMatchObject({
      PATH: host.PATH,
      HOME: '/tmp/orkeon-code-1/home',
      SSH_AUTH_SOCK: host.SSH_AUTH_SOCK,
      XDG_RUNTIME_DIR: host.XDG_RUNTIME_DIR,
      DBUS_SESSION_BUS_ADDRESS: host.DBUS_SESSION_BUS_ADDRESS,
    });
    expect(r.sockets).toEqual([]);
    expect(r.env.HOME).not.toBe(host.HOME);
  });
});

describe('a host secret never reaches a command', () => {
  it('holds for any variable not in the base and not propagated (property)', () => {
    const allowed = /^(PATH|HOME|TMPDIR|USER|TERM|TZ|LANG|LANGUAGE|LC_[A-Z_]+|SSH_AUTH_SOCK|XDG_RUNTIME_DIR|DBUS_SESSION_BUS_ADDRESS)$/;
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z_][A-Z0-9_]{0,20}$/).filter((n) => !allowed.test(n)),
        fc.string({ minLength: 12, maxLength: 40 }).map((s) => `SECRET-${s}`),
        fc.constantFrom('bubblewrap', 'docker', 'none') as fc.Arbitrary<'bubblewrap' | 'docker' | 'none'>,
        fc.boolean(),
        (name, secret, backend, bus) => {
          const r = buildCommandEnv(input({ backend, hostEnv: { ...host, [name]: secret }, settings: { sessionBus: bus, propagate: ['CI'] } }));
          expect(name in r.env && name !== 'CI').toBe(false);
          expect(Object.values(r.env).some((v) => v.includes(secret))).toBe(false);
        },
      ),
    );
  });
});

describe('settings shapes', () => {
  it('finds the socket of a unix:path bus address', () => {
    expect(unixBusPath('unix:path=/run/user/1000/bus')).toBe('/run/user/1000/bus');
    expect(unixBusPath('tcp:host=x,port=1;unix:guid=1,path=/a%20b')).toBe('/a b');
    expect(unixBusPath('unix:abstract=/tmp/x')).toBeNull();
  });
});
