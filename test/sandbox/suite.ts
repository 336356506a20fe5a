// The confinement suite, run for real against each sandboxing backend (bubblewrap, docker): what the
// command sees, what it can write, what of the host's environment reaches it, the network, exit statuses
// and signals, and that nothing is left running. Commands run through openSandbox + runInvocation, the
// same path `orkeon-code exec` takes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openSandbox, sweepStaleSessions, type OpenSandboxInput } from '../../src/sandbox/session.js';
import { runInvocation, type RunOptions, type RunResult } from '../../src/sandbox/runner.js';
import type { Backend } from '../../src/sandbox/types.js';
import { snapshotCli, type BuiltCli } from './built-cli.js';
import { containerExists, ENV_SECRET, HOME_SECRET, makeFixture, processesWith, TEST_IMAGE, waitFor, type Fixture } from './fixture.js';


export interface SuiteOptions {
  /** The sandbox holds python3 (bubblewrap shows the host's /usr; the docker test image does not). */
  readonly python: boolean;
}

export function defineConfinementSuite(backend: Exclude<Backend, 'none'>, options: SuiteOptions): void {
  let fx: Fixture;
  let cli: BuiltCli;
  beforeAll(() => {
    fx = makeFixture();
    cli = snapshotCli();
  });
  afterAll(() => {
    fx?.cleanup();
    cli?.cleanup();
  });

  function input(command: readonly string[], over: Partial<OpenSandboxInput> = {}): OpenSandboxInput {
    return {
      mode: backend,
      project: fx.project,
      orkeonHome: fx.orkeonHome,
      cwd: fx.root,
      output: null,
      mounts: [],
      userConfig: { 'permissions.fallback': 'acceptEdits', 'tools.extra': 'search_issues:read' },
      hostEnv: fx.hostEnv,
      envSettings: { sessionBus: false, propagate: [] },
      network: false,
      command,
      image: TEST_IMAGE,
      ...over,
    };
  }

  async function run(script: string, over: Partial<OpenSandboxInput> = {}, runOptions: RunOptions = {}): Promise<RunResult & { planted: string[]; output: string; container: string | null }> {
    const opened = await openSandbox(input(['bash', '-c', script, 'sandbox-test'], over));
    if (!opened.ok) throw new Error(opened.error.message);
    try {
      const result = await runInvocation(opened.value.invocation, { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe', ...runOptions });
      const output = opened.value.table.mounts.find((m) => m.role === 'output')!.physical!;
      return { ...result, planted: opened.value.planted(), output, container: opened.value.invocation.container };
    } finally {
      opened.value.close();
    }
  }

  describe('what the command sees', () => {
    it('sees /workspace (its cwd), /output, a private /tmp and /user-config, and nothing of the host home', async () => {
      const r = await run(
        [
          'pwd',
          'cat /workspace/README.md',
          'cat /user-config/settings.json',
          'test -d /output && echo output-present',
          'test -d /tmp && test -w /tmp && echo tmp-present',
          `for p in "${fx.home}" "${fx.home}/secret.txt" "${fx.home}/.ssh" "${fx.root}" "${fx.project}"; do test -e "$p" && echo "VISIBLE $p"; done`,
          'echo "HOME=$HOME"',
          'ls -A "$HOME" | wc -l',
          'cat /etc/passwd',
        ].join('\n'),
      );
      expect(r.stderr).toBe('');
      expect(r.exitCode).toBe(0);
      const lines = r.stdout.split('\n');
      expect(lines[0]).toBe('/workspace');
      expect(r.stdout).toContain('# fixture project');
      expect(JSON.parse(r.stdout.slice(r.stdout.indexOf('{'), r.stdout.lastIndexOf('}') + 1))).toEqual({
        orkeonCode: { 'permissions.fallback': 'acceptEdits', 'tools.extra': 'search_issues:read' },
      });
      expect(r.stdout).toContain('output-present');
      expect(r.stdout).toContain('tmp-present');
      expect(r.stdout).not.toContain('VISIBLE');
      expect(r.stdout).toContain('HOME=/home/orkeon');
      expect(r.stdout).not.toContain(HOME_SECRET);
      expect(r.stdout).not.toContain(fx.root);
    });

    it('does not show the host paths of its mounts in its own pid 1 (command line, environment)', async () => {
      const r = await run('tr "\\0" " " </proc/1/cmdline; echo; tr "\\0" "\\n" </proc/1/environ');
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain(fx.root);
      expect(r.stdout).not.toContain(ENV_SECRET);
    });

    it('reads a user mount; writes it only when it is :rw', async () => {
      const data = path.join(fx.root, `data-${crypto.randomBytes(3).toString('hex')}`);
      fs.mkdirSync(data);
      fs.writeFileSync(path.join(data, 'in.txt'), 'dataset\n');
      const ro = await run('cat /mnt/data/in.txt && echo x > /mnt/data/out.txt', { mounts: [`${data}:/mnt/data`] });
      expect(ro.stdout).toBe('dataset\n');
      expect(ro.exitCode).not.toBe(0);
      expect(ro.stderr).toMatch(/Read-only file system/);
      const rw = await run('echo written > /mnt/data/out.txt', { mounts: [`${data}:/mnt/data:rw`] });
      expect(rw.exitCode).toBe(0);
      expect(fs.readFileSync(path.join(data, 'out.txt'), 'utf8')).toBe('written\n');
    });
  });

  it('mounts a host folder whose name holds a space, a comma and a quote as that folder', async () => {
    const data = path.join(fx.root, `we ird,na"me-${crypto.randomBytes(3).toString('hex')}`);
    fs.mkdirSync(data);
    fs.writeFileSync(path.join(data, 'in.txt'), 'odd\n');
    const r = await run('cat /mnt/odd/in.txt', { mounts: [`${data}:/mnt/odd`] });
    expect(r).toMatchObject({ exitCode: 0, stdout: 'odd\n' });
  });

  describe('what the command can write', () => {
    it('writes /workspace, /output and its private /tmp, and nothing else', async () => {
      const tag = crypto.randomBytes(4).toString('hex');
      const targets = [
        '/workspace/ws-' + tag,
        '/output/out-' + tag,
        '/tmp/tmp-' + tag,
        '/etc/x-' + tag,
        '/usr/x-' + tag,
        '/x-' + tag,
        '/home/x-' + tag,
        '/user-config/x-' + tag,
        '/user-config/settings.json',
      ];
      const r = await run(targets.map((t) => `if echo pwned >> "${t}" 2>/dev/null; then echo "ok ${t}"; else echo "refused ${t}"; fi`).join('\n'));
      expect(r.stdout.trim().split('\n')).toEqual([
        `ok /workspace/ws-${tag}`,
        `ok /output/out-${tag}`,
        `ok /tmp/tmp-${tag}`,
        `refused /etc/x-${tag}`,
        `refused /usr/x-${tag}`,
        `refused /x-${tag}`,
        `refused /home/x-${tag}`,
        `refused /user-config/x-${tag}`,
        'refused /user-config/settings.json',
      ]);
      expect(fs.readFileSync(path.join(fx.project, 'ws-' + tag), 'utf8')).toBe('pwned\n');
      expect(fs.readFileSync(path.join(r.output, 'out-' + tag), 'utf8')).toBe('pwned\n');
      expect(fs.existsSync('/tmp/tmp-' + tag)).toBe(false);
      expect(r.output.startsWith(path.join(fx.orkeonHome, 'output', 'project-'))).toBe(true);
    });

    it('cannot plant a git hook, change .git/config, or swap .git out', async () => {
      const r = await run(
        [
          'echo "#!/bin/sh" > .git/hooks/pre-commit && echo planted-hook',
          'printf "[core]\\n\\tfsmonitor = touch /tmp/pwned\\n" >> .git/config && echo changed-config',
          'rm -rf .git/hooks && echo removed-hooks',
          'mv .git/hooks .git/hooks.old && echo moved-hooks',
          'mv .git .git.old && echo moved-git',
          'echo "ref: refs/heads/x" > .git/HEAD.test && echo git-still-writable',
        ].join('\n'),
      );
      expect(r.stdout.trim()).toBe('git-still-writable');
      expect(fs.existsSync(path.join(fx.project, '.git/hooks/pre-commit'))).toBe(false);
      expect(fs.readFileSync(path.join(fx.project, '.git/config'), 'utf8')).not.toContain('fsmonitor');
      expect(fs.existsSync(path.join(fx.project, '.git.old'))).toBe(false);
      fs.rmSync(path.join(fx.project, '.git/HEAD.test'));
    });

    it('reports a .git/commondir it created, which would move git\'s config outside the sandbox', async () => {
      const r = await run('echo ../evil > .git/commondir');
      expect(r.exitCode).toBe(0);
      expect(r.planted).toEqual(['/workspace/.git/commondir']);
      fs.rmSync(path.join(fx.project, '.git/commondir'));
    });

    it("keeps orkeon-code's own folder read-only when the project holds it", async () => {
      // A project that is the whole fake home (the user trusted their home folder).
      fs.mkdirSync(fx.orkeonHome, { recursive: true });
      fs.writeFileSync(path.join(fx.orkeonHome, 'trusted-folders.json'), '[\n]\n');
      const r = await run('echo \'["/"]\' > /workspace/.orkeon-code/trusted-folders.json; echo rc=$?; echo ok > /output/still-writable && echo output-ok', { project: fx.home });
      expect(r.stdout).toContain('output-ok');
      expect(r.stdout).not.toContain('rc=0');
      expect(fs.readFileSync(path.join(fx.orkeonHome, 'trusted-folders.json'), 'utf8')).toBe('[\n]\n');
    });
    it("runs a project that lives in orkeon-code's folder (the --demo layout), the registry out of reach", async () => {
      const demo = path.join(fx.orkeonHome, 'demo');
      fs.mkdirSync(path.join(demo, '.git', 'hooks'), { recursive: true });
      fs.writeFileSync(path.join(demo, '.git', 'config'), '[core]\n');
      const r = await run('echo ok > /workspace/file && cat /workspace/file && ls /workspace/.. ', { project: demo });
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stdout).toContain('ok\n');
      expect(r.stdout).not.toContain('trusted-folders.json');
    });
  });

  describe('the environment', () => {
    it('holds no host secret, only the built variables and what Propagate names', async () => {
      const r = await run('env', { envSettings: { sessionBus: false, propagate: ['VISIBLE_VAR'] } });
      expect(r.exitCode).toBe(0);
      expect(r.stdout).not.toContain(ENV_SECRET);
      expect(r.stdout).not.toContain('GITHUB_TOKEN');
      expect(r.stdout).not.toContain(fx.home);
      expect(r.stdout).toContain('VISIBLE_VAR=visible-by-propagate');
      expect(r.stdout).toContain('PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
      expect(r.stdout).toContain('TMPDIR=/tmp');
      expect(r.stdout).not.toMatch(/^ORKEON_CODE/m);
    });

    it('reaches the ssh agent socket at its fixed path', async () => {
      const sock = path.join(fx.root, `agent-${crypto.randomBytes(3).toString('hex')}.sock`);
      let connections = 0;
      const server = net.createServer((c) => {
        connections++;
        c.end('agent-pong\n');
      });
      await new Promise<void>((resolve) => server.listen(sock, resolve));
      try {
        const probe = options.python
          ? `python3 -c 'import os,socket; s=socket.socket(socket.AF_UNIX); s.connect(os.environ["SSH_AUTH_SOCK"]); print(s.recv(64).decode().strip())'`
          : 'test -S "$SSH_AUTH_SOCK" && echo agent-pong';
        const r = await run(`echo "$SSH_AUTH_SOCK"; ${probe}`, { hostEnv: { ...fx.hostEnv, SSH_AUTH_SOCK: sock } });
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe('/run/orkeon-code/ssh-agent.sock\nagent-pong\n');
        if (options.python) expect(connections).toBe(1);
      } finally {
        server.close();
      }
    });
  });

  it('hands the session bus over only when SessionBus says so, in a private runtime folder', async () => {
    const sock = path.join(fx.root, `bus-${crypto.randomBytes(3).toString('hex')}.sock`);
    const server = net.createServer((c) => c.end('bus-pong\n'));
    await new Promise<void>((resolve) => server.listen(sock, resolve));
    const hostEnv = { ...fx.hostEnv, DBUS_SESSION_BUS_ADDRESS: `unix:path=${sock},guid=0123`, XDG_RUNTIME_DIR: fx.home };
    const probe = 'echo "bus=${DBUS_SESSION_BUS_ADDRESS:-none} run=$XDG_RUNTIME_DIR"; test -S /run/orkeon-code/bus && echo socket; touch "$XDG_RUNTIME_DIR/x" && echo runtime-writable; ls -A "$XDG_RUNTIME_DIR"';
    try {
      const off = await run(probe, { hostEnv });
      expect(off.stdout).toBe('bus=none run=/run/orkeon-code\nruntime-writable\nx\n');
      const on = await run(probe, { hostEnv, envSettings: { sessionBus: true, propagate: [] } });
      expect(on.stdout).toBe('bus=unix:path=/run/orkeon-code/bus run=/run/orkeon-code\nsocket\nruntime-writable\nbus\nx\n');
    } finally {
      server.close();
    }
  });

  describe('the network', () => {
    let server: net.Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      server = net.createServer((c) => {
        connections++;
        c.end('hello\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as net.AddressInfo).port;
    });
    afterAll(() => server.close());

    it('cannot reach a server on 127.0.0.1 when network is off', async () => {
      const before = connections;
      const r = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`);
      expect(r.stdout).not.toContain('connected');
      expect(r.exitCode).not.toBe(0);
      expect(connections).toBe(before);
    });

    it('reaches it when network is allowed', async () => {
      const before = connections;
      const r = await run(`exec 3<>/dev/tcp/127.0.0.1/${port} && read -r line <&3 && echo "got $line"`, { network: true });
      expect(r.stdout).toBe('got hello\n');
      expect(r.exitCode).toBe(0);
      expect(connections).toBe(before + 1);
    });
  });

  describe('exit status and signals', () => {
    it("returns the command's exit status", async () => {
      expect((await run('exit 7')).exitCode).toBe(7);
      expect((await run('true')).exitCode).toBe(0);
    });

    it('returns 127 for a program the sandbox does not have', async () => {
      const opened = await openSandbox(input(['no-such-program-orkeon']));
      if (!opened.ok) throw new Error(opened.error.message);
      try {
        const r = await runInvocation(opened.value.invocation, { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
        expect(r.exitCode).toBe(127);
        expect(r.stderr).toMatch(/no-such-program-orkeon/);
      } finally {
        opened.value.close();
      }
    });

    it('returns 128+15 for a command killed by SIGTERM from inside', async () => {
      const r = await run('kill -TERM $$');
      expect(r.exitCode).toBe(143);
      expect(r.signal).toBe('SIGTERM');
      expect(r.started).toBe(true);
    });

    it('forwards SIGINT from outside to the command, which may handle it', async () => {
      const r = await runOutside(`trap 'echo got-int; exit 42' INT; echo ready; while :; do sleep 0.1; done`, 'SIGINT');
      expect(r.stdout).toBe('ready\ngot-int\n');
      expect(r.code).toBe(42);
    });

    it('returns 128+2 when a forwarded SIGINT kills the command', async () => {
      const r = await runOutside('echo ready; exec sleep 30', 'SIGINT');
      expect(r.code).toBe(130);
    });

    it('forwards SIGTERM and SIGHUP too', async () => {
      expect((await runOutside('echo ready; exec sleep 30', 'SIGTERM')).code).toBe(143);
      expect((await runOutside('echo ready; exec sleep 30', 'SIGHUP')).code).toBe(129);
    });

    it('leaves no process behind: background jobs end with the command', async () => {
      const marker = `orkeon-leftover-${crypto.randomBytes(4).toString('hex')}`;
      const r = await run(`bash -c 'sleep 300; : ${marker}' & bash -c 'sleep 300; : ${marker}' </dev/null >/dev/null 2>&1 & disown; echo started`);
      expect(r.stdout).toBe('started\n');
      expect(await waitFor(() => processesWith(marker).length === 0)).toBe(true);
      if (backend === 'docker') expect(containerExists(r.container!)).toBe(false);
    });

    it('leaves no process behind after a forwarded signal', async () => {
      const marker = `orkeon-leftover-${crypto.randomBytes(4).toString('hex')}`;
      const r = await runOutside(`bash -c 'sleep 300; : ${marker}' & echo ready; wait`, 'SIGTERM');
      expect(r.code).toBe(143);
      expect(await waitFor(() => processesWith(marker).length === 0)).toBe(true);
      if (backend === 'docker') {
        const name = /container=(\S+)/.exec(r.stderr)?.[1];
        expect(name).toMatch(/^orkeon-code-[0-9a-f]{12}$/);
        expect(await waitFor(() => !containerExists(name!))).toBe(true);
      }
    });
  });

  // docker: the container outlives a killed CLI until its command ends (--rm then removes it); SECURITY.md says so.
  if (backend === 'bubblewrap') it('takes the sandbox down when orkeon-code itself is killed (SIGKILL, nothing to forward)', async () => {
    const marker = `orkeon-killed-${crypto.randomBytes(4).toString('hex')}`;
    const r = await runOutside(`bash -c 'sleep 300; : ${marker}' & echo ready; wait`, 'SIGKILL');
    expect(r.code).toBeNull();
    expect(await waitFor(() => processesWith(marker).length === 0)).toBe(true);
    // Its session folder stays behind; the next session sweeps it once it is a minute old.
    const left = fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(`orkeon-code-${r.pid}-`));
    expect(left).toHaveLength(1);
    sweepStaleSessions(os.tmpdir(), Date.now() + 120_000);
    expect(fs.existsSync(path.join(os.tmpdir(), left[0]!))).toBe(false);
  });

  /** Runs the command in a process of its own (the built runner) and sends it `signal` once the command printed `ready`. */
  async function runOutside(script: string, signal: NodeJS.Signals): Promise<{ code: number | null; stdout: string; stderr: string; pid: number }> {
    const config = input(['bash', '-c', script]);
    const child = spawn(process.execPath, [cli.runSandboxed, JSON.stringify(config)], { cwd: fx.root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (!sent && stdout.includes('ready\n')) {
        sent = true;
        // Give the handler a moment to be installed in a busy CI; the runner forwards from then on.
        setTimeout(() => child.kill(signal), 100);
      }
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    if (!sent) throw new Error(`the command never printed ready: ${stderr}`);
    return { code, stdout, stderr, pid: child.pid ?? -1 };
  }
}
