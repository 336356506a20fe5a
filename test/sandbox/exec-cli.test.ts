// `orkeon-code exec` end to end, through the built CLI (the test command builds dist first): trust, the
// settings, the gate, then real bubblewrap (and a real Docker engine where one runs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import { snapshotCli, type BuiltCli } from './built-cli.js';
import { plainArgv } from '../../src/session/line-argv.js';
import { bubblewrapAvailable, dockerAvailable, ENV_SECRET, HOME_SECRET, makeFixture, processesWith, TEST_IMAGE, waitFor, type Fixture } from './fixture.js';

let bin: string;
const bubblewrap = await bubblewrapAvailable();
const docker = dockerAvailable();
if (!bubblewrap.ok) console.warn(`SKIPPED: orkeon-code exec under bubblewrap cannot run here: ${bubblewrap.reason}`);
if (!docker.ok) console.warn(`SKIPPED: orkeon-code exec under docker cannot run here: ${docker.reason}`);

let fx: Fixture;
let settingsFile: string;
let cli: BuiltCli;
beforeAll(() => {
  cli = snapshotCli();
  bin = cli.bin;
  fx = makeFixture();
  settingsFile = path.join(fx.root, 'settings.json');
  // Interpreters and every command name: what stops a command here is the sandbox, not the allowlist.
  fs.writeFileSync(
    settingsFile,
    JSON.stringify({ orkeonCode: { 'tools.extra': 'search_issues:read' }, Orkeon: { Tools: { Shell: { AllowInterpreters: true, Allowlist: ['*'] } } } }),
  );
});
afterAll(() => {
  fx?.cleanup();
  cli?.cleanup();
});

interface Exec {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function exec(args: readonly string[], extraEnv: Record<string, string> = {}): Exec {
  const r = spawnSync(process.execPath, [bin, 'exec', ...args], { cwd: fx.project, env: { ...fx.hostEnv, ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A script in the project, run by bash: the gate sees `bash probe.sh`; what it does inside is the sandbox's to stop. */
function script(name: string, body: string): string {
  fs.writeFileSync(path.join(fx.project, name), body);
  return name;
}

const confined = (backend: 'bubblewrap' | 'docker'): string[] => ['--trust', '--settings', settingsFile, '--mode', 'bypassPermissions', '--confinement', backend];

describe.skipIf(!bubblewrap.ok)('orkeon-code exec, bubblewrap', () => {
  const base = (): string[] => confined('bubblewrap');

  it('runs a line that names a bash builtin under bash, so `cd` and `export` work', () => {
    expect(exec([...base(), '--', 'cd .git'])).toMatchObject({ code: 0 });
    expect(exec([...base(), '--', 'export A=1'])).toMatchObject({ code: 0 });
    expect(exec([...base(), '--', 'echo -n builtin'])).toMatchObject({ code: 0, stdout: 'builtin' });
  });

  it('runs an allowed command in /workspace and returns its output and status', () => {
    const r = exec([...base(), '--', 'cat README.md']);
    expect(r, r.stderr).toMatchObject({ code: 0, stdout: '# fixture project\n' });
    expect(exec([...base(), '--', "bash -c 'exit 7'"]).code).toBe(7);
    expect(exec([...base(), '--', "bash -c 'kill -TERM $$'"]).code).toBe(143);
  });

  it('sees the four mounts and nothing of the host home; writes only /workspace, /output and /tmp; plants no hook; gets no secret', () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const name = script(
      `probe-${tag}.sh`,
      [
        'pwd',
        'cat /user-config/settings.json; echo',
        `for p in "${fx.home}" "${fx.home}/secret.txt" "${fx.project}"; do test -e "$p" && echo "VISIBLE $p"; done`,
        `for t in /workspace/w-${tag} /output/o-${tag} /tmp/t-${tag} /etc/x /x /user-config/x /workspace/.git/hooks/pre-commit; do`,
        '  if { echo x >> "$t"; } 2>/dev/null; then echo "ok $t"; else echo "refused $t"; fi',
        'done',
        'env',
      ].join('\n'),
    );
    const r = exec([...base(), '--', `bash ${name}`]);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    const out = r.stdout;
    expect(out.split('\n')[0]).toBe('/workspace');
    expect(out).toContain('{\n  "orkeonCode": {\n    "tools.extra": "search_issues:read"\n  }\n}');
    expect(out).not.toContain('VISIBLE');
    expect(out).toContain(`ok /workspace/w-${tag}\nok /output/o-${tag}\nok /tmp/t-${tag}\nrefused /etc/x\nrefused /x\nrefused /user-config/x\nrefused /workspace/.git/hooks/pre-commit\n`);
    expect(out).not.toContain(ENV_SECRET);
    expect(out).not.toContain(HOME_SECRET);
    expect(out).not.toMatch(/^ORKEON_CODE_TRUST=/m);
    expect(fs.existsSync(path.join(fx.project, `w-${tag}`))).toBe(true);
    expect(fs.existsSync(path.join(fx.project, '.git/hooks/pre-commit'))).toBe(false);
  });

  it('refuses with exit 126, naming the rule, its set and the remedy, and runs nothing', () => {
    const marker = path.join(fx.project, 'should-not-exist');
    const r = exec([...base(), '--rule', 'deny shell_command command=touch*', '--', 'touch should-not-exist']);
    expect(r.code, r.stderr).toBe(126);
    expect(r.stderr).toMatch(/^orkeon-code: refused: touch should-not-exist/);
    expect(r.stderr).toContain('rule: deny shell_command command=touch* (set session)');
    expect(r.stderr).toMatch(/instead: /);
    expect(r.stderr).not.toContain(fx.root);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('refuses what the gate asks about when no terminal can answer', () => {
    const r = exec(['--trust', '--confinement', 'bubblewrap', '--', 'ls']);
    expect(r.code, r.stderr).toBe(126);
    expect(r.stderr).toMatch(/no terminal/);
  });

  it('refuses a write under a read-only mount at the gate, naming the virtual path only', () => {
    const r = exec([...base(), '--', 'cp README.md /user-config/x']);
    expect(r.code, r.stderr).toBe(126);
    expect(r.stderr).toContain('/user-config/x');
    expect(r.stderr).not.toContain(fx.root);
  });

  it('obeys trust: an untrusted folder with no terminal exits 3 and runs nothing', () => {
    const r = exec(['--confinement', 'bubblewrap', '--mode', 'bypassPermissions', '--', 'touch trust-marker']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('--trust');
    expect(fs.existsSync(path.join(fx.project, 'trust-marker'))).toBe(false);
  });

  it('runs a line with operators under bash -c, only when every part passes', () => {
    const both = exec([...base(), '--', 'echo a && echo b | tr b c']);
    expect(both, both.stderr).toMatchObject({ code: 0, stdout: 'a\nc\n' });
    const r = exec([...base(), '--rule', 'deny shell_command command=rm*', '--', 'echo a && rm -f README.md']);
    expect(r.code, r.stderr).toBe(126);
    expect(fs.existsSync(path.join(fx.project, 'README.md'))).toBe(true);
  });

  it('keeps the network off unless --network', async () => {
    let connections = 0;
    const server = net.createServer((c) => {
      connections++;
      c.end('hi\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const name = script('net.sh', `exec 3<>/dev/tcp/127.0.0.1/${port} && read -r l <&3 && echo "got $l"\n`);
      const off = await execAsync([...base(), '--', `bash ${name}`]);
      expect(off.code, off.stderr).not.toBe(0);
      expect(connections).toBe(0);
      const on = await execAsync([...base(), '--network', '--', `bash ${name}`]);
      expect(on, on.stderr).toMatchObject({ code: 0, stdout: 'got hi\n' });
      expect(connections).toBe(1);
    } finally {
      server.close();
    }
  });

  it('forwards SIGINT to the command and returns its status; leaves no process behind', async () => {
    const marker = `orkeon-exec-leftover-${crypto.randomBytes(4).toString('hex')}`;
    const name = script('sig.sh', `bash -c 'sleep 300; : ${marker}' &\ntrap 'echo got-int; exit 42' INT\necho ready\nwhile :; do sleep 0.1; done\n`);
    const r = await execAsync([...base(), '--', `bash ${name}`], 'SIGINT');
    expect(r.stdout).toBe('ready\ngot-int\n');
    expect(r.code, r.stderr).toBe(42);
    expect(await waitFor(() => processesWith(marker).length === 0)).toBe(true);
  });

  it('refuses a bad --mount with one line and exit 64 before anything runs', () => {
    const r = exec([...base(), '--mount', '/tmp:/workspace/x', '--', 'true']);
    expect(r.code, r.stderr).toBe(64);
    expect(r.stderr.trim().split('\n')).toEqual(['orkeon-code: --mount /tmp:/workspace/x: /workspace is reserved for the project; mount it elsewhere, e.g. /mnt/x']);
  });

  /** exec in a child process; with `signal`, sent once the command printed `ready`. */
  function execAsync(args: readonly string[], signal?: NodeJS.Signals): Promise<Exec> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [bin, 'exec', ...args], { cwd: fx.project, env: fx.hostEnv, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let sent = false;
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (signal && !sent && stdout.includes('ready\n')) {
          sent = true;
          setTimeout(() => child.kill(signal), 100);
        }
      });
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }
});

describe.skipIf(!docker.ok)('orkeon-code exec, docker', () => {
  const base = (): string[] => confined('docker');
  const image = { ORKEON_Tools__Shell__Confinement__Image: TEST_IMAGE };

  it('runs in the container with the project at /workspace, the same mounts and no host secret', () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const name = script(
      `dprobe-${tag}.sh`,
      [
        'pwd',
        'cat /workspace/README.md',
        'test -f /user-config/settings.json && echo user-config',
        `for t in /workspace/w-${tag} /output/o-${tag} /tmp/t-${tag} /etc/x /user-config/x /workspace/.git/hooks/pre-commit; do`,
        '  if { echo x >> "$t"; } 2>/dev/null; then echo "ok $t"; else echo "refused $t"; fi',
        'done',
        'env',
      ].join('\n'),
    );
    const r = exec([...base(), '--', `bash ${name}`], image);
    expect(r.stderr).toBe('');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('/workspace\n# fixture project\nuser-config\n');
    expect(r.stdout).toContain(`ok /workspace/w-${tag}\nok /output/o-${tag}\nok /tmp/t-${tag}\nrefused /etc/x\nrefused /user-config/x\nrefused /workspace/.git/hooks/pre-commit\n`);
    expect(r.stdout).not.toContain(ENV_SECRET);
    expect(exec([...base(), '--', "bash -c 'exit 5'"], image).code).toBe(5);
  });

  it('says in one line when the image is missing', () => {
    const r = exec([...base(), '--', 'true'], { ORKEON_Tools__Shell__Confinement__Image: 'orkeon-code-no-such-image:0' });
    expect(r.code, r.stderr).toBe(69);
    expect(r.stderr.trim()).toMatch(/^orkeon-code: --confinement docker: the image orkeon-code-no-such-image:0 is not on this machine; pull or build it/);
  });
});

describe('orkeon-code exec, settings it cannot read', () => {
  it('refuses as the launcher does (exit 78, the file named), runs nothing, with the default file or --settings', () => {
    const home = fs.mkdtempSync(path.join(fx.root, 'broken-home-'));
    fs.writeFileSync(path.join(home, 'settings.json'), '{ "Orkeon": ');
    const marker = `ran-${crypto.randomBytes(3).toString('hex')}`;
    const args = ['--trust', '--confinement', 'none', '--mode', 'bypassPermissions'];
    const byDefault = exec([...args, '--', `touch ${marker}`], { ORKEON_CODE_HOME: home });
    expect(byDefault.code, byDefault.stderr).toBe(78);
    expect(byDefault.stderr).toContain(`orkeon-code: the user settings (${path.join(home, 'settings.json')}) cannot be used as written; nothing was started:`);
    const named = exec([...args, '--settings', path.join(home, 'settings.json'), '--', `touch ${marker}`]);
    expect(named.code, named.stderr).toBe(78);
    expect(fs.existsSync(path.join(fx.project, marker))).toBe(false);
  });
});

describe('which lines run without a shell', () => {
  beforeAll(async () => {
    await initShellReader();
  });
  function argvOf(line: string): string[] | null {
    const r = readShellCommand(line);
    if (!r.ok) throw new Error(r.refusal.message);
    return plainArgv(r.reading);
  }

  it('runs one plain simple command as its words', () => {
    expect(argvOf('git status --short')).toEqual(['git', 'status', '--short']);
    expect(argvOf("grep -n 'a b' src/x.ts")).toEqual(['grep', '-n', 'a b', 'src/x.ts']);
    expect(argvOf('ls "a;b|c"')).toEqual(['ls', 'a;b|c']);
  });

  it('hands anything else to bash -c', () => {
    for (const line of ['ls | head', 'a && b', 'ls; ls', 'FOO=1 ls', 'echo $HOME', 'ls *.ts', 'echo hi > f', '! ls', 'ls &', '(ls)', 'echo $(date)', 'time ls', 'cat <<< hi', 'cd src', 'export A=1', 'echo hi', '[[ -f x ]]', 'test -f x', 'read x']) {
      expect(argvOf(line), line).toBeNull();
    }
  });
});
