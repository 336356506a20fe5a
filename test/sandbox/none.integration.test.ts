// `none` is not a sandbox: the command runs on the host. What still holds, for real: the built
// environment (no host secret), the project folder as working directory, exit statuses, and no
// background job left in the command's process group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { openSandbox, type OpenSandboxInput } from '../../src/sandbox/session.js';
import { runInvocation } from '../../src/sandbox/runner.js';
import { ENV_SECRET, makeFixture, processesWith, waitFor, type Fixture } from './fixture.js';

let fx: Fixture;
beforeAll(() => {
  fx = makeFixture();
});
afterAll(() => fx.cleanup());

async function run(script: string, over: Partial<OpenSandboxInput> = {}) {
  const opened = await openSandbox({
    mode: 'none',
    project: fx.project,
    orkeonHome: fx.orkeonHome,
    cwd: fx.root,
    output: null,
    mounts: [],
    userConfig: {},
    hostEnv: fx.hostEnv,
    envSettings: { sessionBus: false, propagate: [] },
    network: false,
    command: ['bash', '-c', script],
    ...over,
  });
  if (!opened.ok) throw new Error(opened.error.message);
  try {
    return await runInvocation(opened.value.invocation, { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
  } finally {
    opened.value.close();
  }
}

describe('none, on the host', () => {
  it('runs in the project folder with the built environment: a private HOME, no host secret', async () => {
    const r = await run('pwd; echo "HOME=$HOME"; env');
    expect(r.stdout.split('\n')[0]).toBe(fx.project);
    expect(r.stdout).toMatch(/HOME=\/\S*orkeon-code-\d+-\w+\/home\n/);
    expect(r.stdout).not.toContain(`HOME=${fx.home}\n`);
    expect(r.stdout).not.toContain(ENV_SECRET);
    expect(r.stdout).toContain(`PATH=${fx.hostEnv.PATH}`);
  });

  it('is not a sandbox: virtual paths name nothing, and the host is writable', async () => {
    const r = await run('test -e /workspace/README.md && echo virtual; test -e README.md && echo host');
    expect(r.stdout).toBe('host\n');
  });

  it('returns exit statuses, 128+n for a signal, and 127 for a program that does not exist', async () => {
    expect((await run('exit 9')).exitCode).toBe(9);
    const killed = await run('kill -TERM $$');
    expect(killed).toMatchObject({ exitCode: 143, signal: 'SIGTERM', started: true });
    const opened = await openSandbox({
      mode: 'none', project: fx.project, orkeonHome: fx.orkeonHome, cwd: fx.root, output: null, mounts: [], userConfig: {},
      hostEnv: fx.hostEnv, envSettings: { sessionBus: false, propagate: [] }, network: false, command: ['no-such-program-orkeon'],
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const missing = await runInvocation(opened.value.invocation, { stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' });
    opened.value.close();
    expect(missing).toMatchObject({ exitCode: 127, started: false, error: 'no-such-program-orkeon: not found' });
  });

  it("ends the background jobs left in the command's process group", async () => {
    const marker = `orkeon-none-leftover-${crypto.randomBytes(4).toString('hex')}`;
    const r = await run(`bash -c 'sleep 300; : ${marker}' >/dev/null 2>&1 & echo started`);
    expect(r.stdout).toBe('started\n');
    expect(await waitFor(() => processesWith(marker).length === 0)).toBe(true);
  });
});
