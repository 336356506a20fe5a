// Claude Code guarded end to end: the real Claude Code binary (pinned, installed by .ci/run outside the
// repository), started by the real launcher (`orkeon-code <project> --trust … -- claude -p …`), talking to
// a mock model server the test starts. Claude Code runs in a network namespace of its own whose only
// interface is its loopback: its 127.0.0.1:<port> is bridged (socat) to the mock's Unix socket, so
// nothing it does can reach any other address. The model's tool calls go through orkeon-code's hook (the
// gate) and its Bash commands through the shell prefix (bubblewrap); what the model reads back is taken
// from the next request Claude Code sends the mock, and what happened is checked on the host.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockAnthropic, type MockStep, type ToolResult } from '../support/mock-anthropic.js';
import { CLI, cleanEnv, tempDir } from '../trust/harness.js';

const DEFAULT_BIN = '/opt/orkeon-ci/claude-code/node_modules/@anthropic-ai/claude-code-linux-x64/claude';
const CLAUDE = process.env.ORKEON_TEST_CLAUDE_BIN || DEFAULT_BIN;
const SECRET = 'orkeon-e2e-hunter2-secret';
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;

function why(): string | null {
  try {
    fs.accessSync(CLAUDE, fs.constants.X_OK);
  } catch {
    return `the Claude Code binary is not at ${CLAUDE}: install it with npm i -E --prefix /opt/orkeon-ci/claude-code @anthropic-ai/claude-code@2.1.332 (or set ORKEON_TEST_CLAUDE_BIN); .ci/run does`;
  }
  const netns = spawnSync('unshare', ['--net', 'sh', '-c', 'ip link set lo up && command -v socat >/dev/null'], { encoding: 'utf8' });
  if (netns.status !== 0) return `Claude Code must run in a network namespace of its own (unshare --net, ip, socat), and that failed here: ${(netns.stderr || netns.error?.message || '').trim()}`;
  const bwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-user', '--unshare-net', '--', 'true']);
  if (bwrap.status !== 0) return 'bubblewrap cannot run here; the shell prefix confines with it';
  return null;
}

const skip = why();
if (skip !== null) console.warn(`SKIPPED test/agents/claude-code-e2e.test.ts: ${skip}`);

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly results: ToolResult[];
  readonly connections: number;
  readonly requests: number;
}

interface World {
  readonly root: string;
  readonly home: string;
  readonly orkeonHome: string;
  readonly project: string;
  readonly remote: string;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.email=e2e@example.invalid', '-c', 'user.name=e2e', ...args], { cwd, encoding: 'utf8' });
}

/** A project with a commit on main and a bare remote inside it (so a push that ran would land there). */
function makeWorld(settings: unknown = { Orkeon: { Tools: { Shell: { AllowInterpreters: true } } } }): World {
  const root = tempDir('orkeon-cc-e2e-');
  const home = path.join(root, 'home');
  const orkeonHome = path.join(root, 'orkeon-home');
  const project = path.join(root, 'project');
  fs.mkdirSync(home);
  fs.mkdirSync(orkeonHome);
  fs.mkdirSync(project);
  fs.writeFileSync(path.join(orkeonHome, 'settings.json'), JSON.stringify(settings));
  fs.writeFileSync(path.join(project, 'README.md'), '# e2e project\n');
  git(project, 'init', '-q', '-b', 'main');
  git(project, 'add', 'README.md');
  git(project, 'commit', '-qm', 'first');
  const remote = path.join(project, 'remote.git');
  git(project, 'init', '-q', '--bare', remote);
  git(project, 'remote', 'add', 'origin', remote);
  return { root, home, orkeonHome, project, remote };
}

function remoteRefs(w: World): string {
  return git(w.project, '--git-dir', w.remote, 'for-each-ref').trim();
}

/** `orkeon-code <project> --trust <launcher…> -- claude -p go <claude…>`, in a network namespace bridged to the mock. */
async function runGuarded(w: World, script: readonly MockStep[], launcher: readonly string[], claude: readonly string[]): Promise<Run> {
  const mock = await startMockAnthropic(script);
  try {
    const env = cleanEnv({
      HOME: w.home,
      ORKEON_CODE_HOME: w.orkeonHome,
      ORKEON_E2E_SECRET: SECRET,
      ANTHROPIC_BASE_URL: mock.url,
      ANTHROPIC_API_KEY: 'sk-ant-dummy-e2e',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      IS_SANDBOX: '1',
      ORKEON_CC_PORT: String(mock.port),
      ORKEON_CC_SOCK: mock.socket,
    });
    // Claude Code's own debug log (hooks included) is kept beside the project, for a failure to show.
    const argv = [process.execPath, CLI, w.project, '--trust', ...launcher, '--', CLAUDE, '-p', 'go', '--debug-file', path.join(w.root, 'claude-debug.log'), ...claude];
    const inner = [
      'ip link set lo up',
      'socat TCP-LISTEN:"$ORKEON_CC_PORT",bind=127.0.0.1,reuseaddr,fork UNIX-CONNECT:"$ORKEON_CC_SOCK" & bridge=$!',
      'for i in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.1/"$ORKEON_CC_PORT") 2>/dev/null && break; sleep 0.05; done',
      '"$@"; rc=$?',
      'kill "$bridge" 2>/dev/null; wait "$bridge" 2>/dev/null',
      'exit $rc',
    ].join('\n');
    const child = spawn('unshare', ['--net', 'bash', '-c', inner, 'e2e', ...argv], { env, cwd: w.root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(timer);
    if (process.env.ORKEON_E2E_DEBUG) console.log(JSON.stringify(mock.toolResults(), null, 2), stderr);
    return { code, stdout, stderr, results: mock.toolResults(), connections: mock.connections(), requests: mock.requests.length };
  } finally {
    await mock.close();
  }
}

/** Claude Code's debug lines about hooks, for an assertion's message. */
function hookLog(w: World): string {
  try {
    return fs.readFileSync(path.join(w.root, 'claude-debug.log'), 'utf8').split('\n').filter((l) => /hook/i.test(l)).slice(-40).join('\n');
  } catch {
    return '(no Claude Code debug log)';
  }
}

function resultJson(run: Run): Record<string, unknown> {
  try {
    return JSON.parse(run.stdout) as Record<string, unknown>;
  } catch {
    throw new Error(`claude -p printed no JSON result (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
}

const HOOK_ERROR = /^PreToolUse:(\w+) hook error: /;

describe.skipIf(skip !== null)('Claude Code under orkeon-code, for real (offline, mock model on 127.0.0.1)', { timeout: 180_000 }, () => {
  let worlds: World[] = [];
  beforeAll(() => {
    worlds = [];
  });
  afterAll(() => {
    for (const w of worlds) fs.rmSync(w.root, { recursive: true, force: true });
  });
  function world(settings?: unknown): World {
    const w = makeWorld(settings);
    worlds.push(w);
    return w;
  }

  it('refuses a git push with the rule in the tool result, and runs ls confined (no host secret, no write outside the project)', async () => {
    const w = world();
    const sibling = path.join(w.root, 'escaped-sibling.txt');
    const inHome = path.join(w.home, 'escaped-home.txt');
    const script: MockStep[] = [
      { tool: 'Bash', input: { command: 'git push origin main', description: 'push' } },
      {
        tool: 'Bash',
        input: {
          command: `ls; echo "secret=[$ORKEON_E2E_SECRET]"; for t in ${sibling} ${inHome} /etc/orkeon-escaped.txt; do if echo x > "$t"; then echo "wrote $t"; else echo "refused $t"; fi; done 2>/dev/null; pwd -P`,
          description: 'list',
        },
      },
    ];
    const run = await runGuarded(w, script, ['--stage', '--mode', 'bypassPermissions'], ['--output-format', 'json', '--permission-mode', 'bypassPermissions']);
    const json = resultJson(run);
    expect(run.code, run.stderr).toBe(0);
    const [push, ls] = run.results;
    // The refusal, as the model reads it.
    expect(push!.isError).toBe(true);
    expect(push!.content, hookLog(w)).toMatch(HOOK_ERROR);
    expect(push!.content).toContain('orkeon-code refused Bash, read as shell_command (mode bypassPermissions)');
    expect(push!.content).toContain('refused by `deny shell_command command=*git push*` (git-readonly)');
    expect(push!.content).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(push!.content).toMatch(/instead: .+/);
    expect(push!.content).not.toContain(w.root);
    // It never ran: the remote inside the project (which a confined push can reach) got nothing.
    expect(remoteRefs(w)).toBe('');
    expect(json['permission_denials']).toEqual([{ tool_name: 'Bash', tool_use_id: 'toolu_mock_1', tool_input: { command: 'git push origin main', description: 'push' } }]);
    // ls ran, in the sandbox, started in the project's own path (pwd -P) and blind to the host secret.
    expect(ls!.isError).toBe(false);
    expect(ls!.content).toContain('README.md');
    expect(ls!.content).toContain('secret=[]');
    expect(ls!.content).not.toContain(SECRET);
    expect(ls!.content.trim().split('\n').pop()).toBe(w.project);
    // A system folder is read-only in the sandbox; a path under /tmp lands in the sandbox's private /tmp:
    // either way nothing reaches the host.
    expect(ls!.content).toContain('refused /etc/orkeon-escaped.txt');
    for (const f of [sibling, inHome, '/etc/orkeon-escaped.txt']) expect(fs.existsSync(f), f).toBe(false);
  });

  it('control: without the dev-stage sets the same push is allowed, and runs (confined) into the remote', async () => {
    const w = world();
    const run = await runGuarded(w, [{ tool: 'Bash', input: { command: 'git push origin main', description: 'push' } }], ['--mode', 'bypassPermissions'], ['--output-format', 'json', '--permission-mode', 'bypassPermissions']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.results[0]!.content).not.toMatch(HOOK_ERROR);
    expect(remoteRefs(w)).toContain('refs/heads/main');
  });

  it('with the dev-stage sets, refuses a Write holding a ghp_ token and a Read of .git/config; a harmless Write runs', async () => {
    const w = world();
    const script: MockStep[] = [
      { tool: 'Write', input: { file_path: path.join(w.project, 'token.txt'), content: `GITHUB_TOKEN=${TOKEN}\n` } },
      { tool: 'Read', input: { file_path: path.join(w.project, '.git', 'config') } },
      { tool: 'Write', input: { file_path: path.join(w.project, 'notes.txt'), content: 'plain notes\n' } },
    ];
    const run = await runGuarded(w, script, ['--stage', '--mode', 'acceptEdits'], ['--output-format', 'json', '--permission-mode', 'acceptEdits']);
    expect(run.code, run.stderr).toBe(0);
    const [write, read, notes] = run.results;
    expect(write!.content).toMatch(/^PreToolUse:Write hook error: orkeon-code refused Write, read as file_write \(mode acceptEdits\)/);
    expect(write!.content).toContain('(set secrets)');
    expect(write!.content).toMatch(/refused by `deny file_write content=\*ghp_\*` \(secrets\)/);
    expect(fs.existsSync(path.join(w.project, 'token.txt'))).toBe(false);
    expect(read!.content, hookLog(w)).toMatch(/^PreToolUse:Read hook error: orkeon-code refused Read, read as file_read/);
    expect(read!.content).toContain('(set read-noise)');
    expect(read!.content).toContain('.git/');
    for (const r of [write!, read!]) expect(r.content).not.toContain(w.root);
    expect(notes!.content).not.toMatch(HOOK_ERROR);
    expect(fs.readFileSync(path.join(w.project, 'notes.txt'), 'utf8')).toBe('plain notes\n');
  });

  it('decides a WebFetch as a read: allowed in default mode without a question (the hook says so), and it reaches 127.0.0.1 only', async () => {
    const w = world({});
    const script: MockStep[] = [{ tool: 'WebFetch', input: { url: 'http://127.0.0.1:9/page', prompt: 'summarise' } }];
    // The user's own --settings is merged with the hook: here it skips Claude Code's domain check, which
    // asks claude.ai (the namespace would refuse it anyway).
    const run = await runGuarded(w, script, [], ['--output-format', 'stream-json', '--verbose', '--include-hook-events', '--settings', '{"skipWebFetchPreflight": true}']);
    expect(run.code, run.stderr).toBe(0);
    const events = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const hook = events.find((e) => e['subtype'] === 'hook_response' && e['hook_name'] === 'PreToolUse:WebFetch');
    expect(hook, run.stdout).toBeDefined();
    expect(hook!['exit_code']).toBe(0);
    const answer = JSON.parse(String(hook!['stdout'])) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(answer.hookSpecificOutput.permissionDecision).toBe('allow');
    expect(answer.hookSpecificOutput.permissionDecisionReason).toBe('orkeon-code allowed WebFetch, read as http_api (mode default): mode default runs a network read (http_api)');
    expect(run.results[0]!.content).not.toMatch(HOOK_ERROR);
  });

  it("a project's .claude/settings.json cannot switch the hook or the prefix off, and the session cannot write it", async () => {
    const w = world();
    fs.mkdirSync(path.join(w.project, '.claude'));
    fs.writeFileSync(path.join(w.project, '.claude', 'settings.json'), JSON.stringify({ disableAllHooks: true, env: { CLAUDE_CODE_SHELL_PREFIX: '/bin/sh' } }));
    const script: MockStep[] = [
      { tool: 'Bash', input: { command: 'git push origin main', description: 'push' } },
      { tool: 'Write', input: { file_path: path.join(w.project, '.claude', 'settings.local.json'), content: '{"disableAllHooks": true}' } },
      { tool: 'Bash', input: { command: `echo "secret=[$ORKEON_E2E_SECRET]"; echo '{"disableAllHooks": true}' > .claude/settings.local.json; echo rc=$?`, description: 'x' } },
    ];
    const run = await runGuarded(w, script, ['--stage', '--mode', 'bypassPermissions'], ['--output-format', 'json', '--permission-mode', 'bypassPermissions']);
    expect(run.code, run.stderr).toBe(0);
    const [push, write, shell] = run.results;
    expect(push!.content).toContain('(set git-readonly)');
    expect(remoteRefs(w)).toBe('');
    expect(write!.content).toMatch(/^PreToolUse:Write hook error: orkeon-code refused Write/);
    expect(write!.content).toContain('refused by `deny file_write path=/workspace/.claude/settings*` (claude-code)');
    expect(shell!.content).toContain('secret=[]');
    expect(shell!.content).not.toContain('rc=0');
    expect(fs.existsSync(path.join(w.project, '.claude', 'settings.local.json'))).toBe(false);
  });

  it('asks (a refusal under -p, with the hook\'s reason) for a shell command in default mode', async () => {
    const asked = world();
    const ask = await runGuarded(asked, [{ tool: 'Bash', input: { command: 'ls', description: 'list' } }], [], ['--output-format', 'json']);
    expect(ask.code, ask.stderr).toBe(0);
    expect((resultJson(ask)['permission_denials'] as unknown[]).length).toBe(1);
    expect(ask.results[0]!.isError).toBe(true);
    // Under -p Claude Code counts an ask as a refusal, and the model reads the hook's reason.
    expect(ask.results[0]!.content).toBe(
      'orkeon-code asks before Bash, read as shell_command (mode default):\n  - mode default (session) asks before an execution (shell_command)\n    rule: mode default (set mode)\n    matched: shell_command\n    instead: a mode that runs it: bypassPermissions, or an allow rule (allow shell_command …)',
    );
  });
});
