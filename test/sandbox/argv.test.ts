// Plan → argv for each backend, snapshotted. The snapshots are the review surface: a change to what a
// sandbox mounts or unshares shows up here line by line.
import { describe, expect, it } from 'vitest';
import { bubblewrapInvocation, envArgs, mountArgs, namespaceArgs } from '../../src/sandbox/bubblewrap.js';
import { csvField, dockerInvocation } from '../../src/sandbox/docker.js';
import { noneInvocation } from '../../src/sandbox/none.js';
import { fixedPlan } from './plan-fixture.js';

/** argv as option groups, one a line, so a snapshot reads like the command line; the last `tail` words stay on one line. */
function lines(argv: readonly string[], tail = 0): string {
  const out: string[] = [];
  let current: string[] = [];
  const head = argv.slice(0, argv.length - tail);
  for (const a of head) {
    if (a.startsWith('-') && current.length > 0) {
      out.push(current.join(' '));
      current = [];
    }
    current.push(a);
  }
  if (current.length > 0) out.push(current.join(' '));
  if (tail > 0) out.push(argv.slice(argv.length - tail).join(' '));
  return out.join('\n');
}

describe('bubblewrap', () => {
  const inv = bubblewrapInvocation(fixedPlan('bubblewrap'), { bwrap: '/usr/bin/bwrap', disableUserns: true });

  it('turns the plan into one argv (session part snapshotted; system part below)', () => {
    const argv = inv.argv;
    const sessionStart = argv.indexOf('--proc');
    expect(lines([argv[0]!, ...argv.slice(1, argv.indexOf('--ro-bind-try'))])).toMatchInlineSnapshot(`
      "/usr/bin/bwrap
      --die-with-parent
      --new-session
      --unshare-user
      --disable-userns
      --unshare-pid
      --unshare-ipc
      --unshare-uts
      --unshare-cgroup-try
      --unshare-net
      --cap-drop ALL"
    `);
    expect(lines(argv.slice(sessionStart), 3)).toMatchInlineSnapshot(`
      "--proc /proc
      --dev /dev
      --bind /home/alice/proj /workspace
      --bind /home/alice/.orkeon-code/output/proj-0123456789 /output
      --perms 1777
      --tmpfs /tmp
      --ro-bind /tmp/orkeon-code-AbC123/user-config /user-config
      --ro-bind /srv/datasets /data
      --perms 0700
      --tmpfs /home/orkeon
      --perms 0700
      --tmpfs /run/orkeon-code
      --bind /home/alice/proj/.git /workspace/.git
      --ro-bind /run/user/1000/agent.sock /run/orkeon-code/ssh-agent.sock
      --ro-bind /home/alice/proj/.git/hooks /workspace/.git/hooks
      --ro-bind /home/alice/proj/.git/config /workspace/.git/config
      --bind /home/alice/proj/.git/worktrees /workspace/.git/worktrees
      --bind /home/alice/proj/.git/worktrees/w /workspace/.git/worktrees/w
      --ro-bind /home/alice/proj/.git/worktrees/w/commondir /workspace/.git/worktrees/w/commondir
      --remount-ro /
      --clearenv
      --setenv HOME /home/orkeon
      --setenv LANG C.UTF-8
      --setenv PATH /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
      --setenv SSH_AUTH_SOCK /run/orkeon-code/ssh-agent.sock
      --setenv TERM xterm
      --setenv TMPDIR /tmp
      --setenv USER alice
      --chdir /workspace
      --
      git status --short"
    `);
  });

  it('binds the system folders and a curated /etc read-only, the sandbox its own passwd', () => {
    const argv = inv.argv;
    const system = lines(argv.slice(argv.indexOf('--ro-bind-try'), argv.indexOf('--proc')));
    expect(system).toContain('--ro-bind-try /usr /usr');
    expect(system).toContain('--ro-bind-try /etc/ssl/certs /etc/ssl/certs');
    expect(system).toContain('--ro-bind /tmp/orkeon-code-AbC123/passwd /etc/passwd');
    expect(system).toContain('--symlink ../proc/self/mounts /etc/mtab');
    for (const never of ['/etc/shadow', '/etc/gshadow', '/etc/sudoers', '/etc/npmrc', '/etc/machine-id', '/home', '/root', '/var', '/run/user', '/etc/ssh/ssh_host', '/etc/ssl/private', '/etc/pki/tls/private', '/etc/ssl /etc/ssl ']) {
      expect(system).not.toContain(never);
    }
    expect(system).not.toMatch(/--ro-bind-try \/etc \/etc/);
  });

  it('hands the options through --args, keeps bwrap\'s own environment empty and never a shell string', () => {
    expect(inv.fdArgs).toBe(inv.argv.indexOf('--') - 1);
    expect(inv.env).toEqual({});
    expect(inv.argv.slice(inv.argv.indexOf('--') + 1)).toEqual(['git', 'status', '--short']);
  });

  it('shares the network only when allowed, and leaves --disable-userns to a bwrap that has it', () => {
    expect(namespaceArgs(fixedPlan('bubblewrap', { network: true }), { disableUserns: false })).toEqual([
      '--unshare-user',
      '--unshare-pid',
      '--unshare-ipc',
      '--unshare-uts',
      '--unshare-cgroup-try',
      '--cap-drop',
      'ALL',
    ]);
  });

  it('mounts read-only what is read-only and passes values with spaces as one argument', () => {
    expect(mountArgs([{ kind: 'bind', purpose: 'user', physical: '/a b', virtual: '/c d', writable: false }])).toEqual(['--ro-bind', '/a b', '/c d']);
    expect(envArgs({ B: 'x y', A: '$(rm -rf /)' })).toEqual(['--clearenv', '--setenv', 'A', '$(rm -rf /)', '--setenv', 'B', 'x y']);
  });
});

describe('docker', () => {
  const inv = dockerInvocation(fixedPlan('docker'), {
    docker: '/usr/bin/docker',
    image: 'debian:bookworm-slim',
    name: 'orkeon-code-0123456789ab',
    tty: false,
    cliEnv: { DOCKER_CONFIG: '/home/alice/.docker' },
  });

  it('turns the plan into one argv', () => {
    expect(lines(inv.argv, 3)).toMatchInlineSnapshot(`
      "/usr/bin/docker run
      --rm
      --init
      -i
      --name orkeon-code-0123456789ab
      --pull never
      --log-driver none
      --network none
      --read-only
      --cap-drop ALL
      --security-opt no-new-privileges
      --ipc private
      --user 1000:1000
      --mount type=bind,source=/home/alice/proj,target=/workspace
      --mount type=bind,source=/home/alice/.orkeon-code/output/proj-0123456789,target=/output
      --tmpfs /tmp:rw,nosuid,nodev,exec,mode=1777
      --mount type=bind,source=/tmp/orkeon-code-AbC123/user-config,target=/user-config,readonly
      --mount type=bind,source=/srv/datasets,target=/data,readonly
      --tmpfs /home/orkeon:rw,nosuid,nodev,exec,mode=0700,uid=1000,gid=1000
      --tmpfs /run/orkeon-code:rw,nosuid,nodev,exec,mode=0700,uid=1000,gid=1000
      --mount type=bind,source=/home/alice/proj/.git,target=/workspace/.git
      --mount type=bind,source=/run/user/1000/agent.sock,target=/run/orkeon-code/ssh-agent.sock,readonly
      --mount type=bind,source=/home/alice/proj/.git/hooks,target=/workspace/.git/hooks,readonly
      --mount type=bind,source=/home/alice/proj/.git/config,target=/workspace/.git/config,readonly
      --mount type=bind,source=/home/alice/proj/.git/worktrees,target=/workspace/.git/worktrees
      --mount type=bind,source=/home/alice/proj/.git/worktrees/w,target=/workspace/.git/worktrees/w
      --mount type=bind,source=/home/alice/proj/.git/worktrees/w/commondir,target=/workspace/.git/worktrees/w/commondir,readonly
      -e HOME
      -e LANG
      -e PATH
      -e SSH_AUTH_SOCK
      -e TERM
      -e TMPDIR
      -e USER
      -w /workspace debian:bookworm-slim
      git status --short"
    `);
  });

  it('puts no value of the environment on the command line; the CLI passes them from its own environment', () => {
    expect(inv.argv.join(' ')).not.toContain('C.UTF-8');
    expect(inv.env).toMatchObject({ HOME: '/home/orkeon', LANG: 'C.UTF-8', DOCKER_CONFIG: '/home/alice/.docker' });
    expect(inv.container).toBe('orkeon-code-0123456789ab');
  });

  it('uses the host network when allowed, and a terminal when asked', () => {
    const open = dockerInvocation(fixedPlan('docker', { network: true }), { docker: 'docker', image: 'i', name: 'n', tty: true, cliEnv: {} });
    expect(lines(open.argv)).toContain('--network host');
    expect(open.argv).toContain('-t');
  });

  it('quotes a --mount field that holds a comma or a quote, as docker reads CSV', () => {
    expect(csvField('source=/a,b')).toBe('"source=/a,b"');
    expect(csvField('source=/a"b')).toBe('"source=/a""b"');
    expect(csvField('source=/plain')).toBe('source=/plain');
  });
});

describe('none', () => {
  it('runs the command itself in the project folder with the built environment', () => {
    const inv = noneInvocation(fixedPlan('none'));
    expect(inv).toMatchInlineSnapshot(`
      {
        "argv": [
          "git",
          "status",
          "--short",
        ],
        "backend": "none",
        "container": null,
        "cwd": "/home/alice/proj",
        "env": {
          "HOME": "/tmp/orkeon-code-AbC123/home",
          "LANG": "C.UTF-8",
          "PATH": "/usr/bin",
          "SSH_AUTH_SOCK": "/run/user/1000/agent.sock",
          "TERM": "xterm",
          "TMPDIR": "/tmp",
          "USER": "alice",
        },
        "fdArgs": 0,
      }
    `);
  });
});
