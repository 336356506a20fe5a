// The launcher with Claude Code as the session: recognised after trust, started on the host with the
// generated settings (the user's merged, never written), the hook carrying the session's mode, rules and
// stage flag, and CLAUDE_CODE_SHELL_PREFIX in its environment; the session's files gone when it ends.
// A stand-in `claude` (a real program at a path ending in /claude) records what it was given and calls
// the prefix exactly as Claude Code does: once with the hook command and a PreToolUse call on standard
// input, once with a shell line.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, world } from '../../trust/harness.js';

const FAKE = `#!/bin/sh
out="$FAKE_CLAUDE_OUT"
printf '%s\\n' "$@" > "$out/argv"
env > "$out/env"
pwd > "$out/pwd"
settings=""
while [ $# -gt 0 ]; do if [ "$1" = --settings ]; then settings="$2"; fi; shift; done
cp "$settings" "$out/settings.json"
hook=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).hooks.PreToolUse[0].hooks[0].command)' "$settings")
printf '%s' "$hook" > "$out/hook-command"
printf '{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git push origin main"},"cwd":"%s","permission_mode":"bypassPermissions"}' "$PWD" | "$CLAUDE_CODE_SHELL_PREFIX" "$hook" > "$out/hook-answer"
echo "hook-exit=$?" >> "$out/hook-answer"
"$CLAUDE_CODE_SHELL_PREFIX" 'echo confined; pwd -P; echo "secret=[$FAKE_SECRET]"' > "$out/bash-out" 2>&1
exit 5
`;

const worlds: string[] = [];
afterAll(() => {
  for (const r of worlds) fs.rmSync(r, { recursive: true, force: true });
});

function setup(settings?: unknown) {
  const w = world();
  worlds.push(w.root);
  const project = path.join(w.root, 'project');
  const bin = path.join(w.root, 'bin');
  const out = path.join(w.root, 'out');
  for (const d of [project, bin, out]) fs.mkdirSync(d);
  fs.writeFileSync(path.join(project, 'README.md'), 'x\n');
  fs.writeFileSync(path.join(bin, 'claude'), FAKE, { mode: 0o755 });
  if (settings !== undefined) {
    fs.mkdirSync(w.orkeonHome, { recursive: true });
    fs.writeFileSync(path.join(w.orkeonHome, 'settings.json'), JSON.stringify(settings));
  }
  const env = w.env({ FAKE_CLAUDE_OUT: out, FAKE_SECRET: 'fake-secret-value', CLAUDE_CODE_SIMPLE: '1', CLAUDE_CODE_SHELL_PREFIX: '/bin/sh' });
  return { w, project, claude: path.join(bin, 'claude'), out, env, read: (f: string) => fs.readFileSync(path.join(out, f), 'utf8') };
}

describe('orkeon-code [folder] -- claude …', () => {
  it('starts Claude Code on the host with the hook and the prefix wired in, and cleans up after it', () => {
    const s = setup();
    const userSettings = path.join(s.w.root, 'my-claude-settings.json');
    fs.writeFileSync(userSettings, JSON.stringify({ model: 'opus', hooks: { Stop: [{ matcher: '*', hooks: [{ type: 'command', command: 'echo stop' }] }] } }));
    const before = fs.readFileSync(userSettings, 'utf8');
    const r = runCli(
      [s.project, '--trust', '--confinement', 'none', '--mode', 'acceptEdits', '--stage', '--rule', 'deny shell_command command=git push*', '--', s.claude, '-p', 'hello', '--settings', userSettings, '--model', 'x'],
      { env: s.env, cwd: s.w.root },
    );
    expect(r.code, r.stderr).toBe(5);
    // Claude Code's own arguments, its --settings replaced by the generated file.
    const argv = s.read('argv').trimEnd().split('\n');
    expect(argv.slice(0, 4)).toEqual(['-p', 'hello', '--model', 'x']);
    expect(argv[4]).toBe('--settings');
    expect(argv[5]).toMatch(new RegExp(`^${s.w.orkeonHome}/agents/claude-code/[^/]+/settings\\.json$`));
    expect(s.read('pwd').trim()).toBe(s.project);
    // The environment: the prefix, not the hook switches, not the launcher's own variables.
    const env = s.read('env');
    expect(env).toMatch(new RegExp(`^CLAUDE_CODE_SHELL_PREFIX=${s.w.orkeonHome}/agents/claude-code/[^/]+/shell-prefix$`, 'm'));
    expect(env).not.toMatch(/^CLAUDE_CODE_SIMPLE=/m);
    expect(env).toMatch(/^ORKEON_Security__PermissionGate__Enabled=true$/m);
    // The settings: the user's merged with the hook, the prefix and disableAllHooks false.
    const settings = JSON.parse(s.read('settings.json')) as Record<string, any>;
    expect(settings.model).toBe('opus');
    expect(settings.disableAllHooks).toBe(false);
    expect(settings.hooks.Stop).toEqual([{ matcher: '*', hooks: [{ type: 'command', command: 'echo stop' }] }]);
    expect(settings.env.CLAUDE_CODE_SHELL_PREFIX).toBe(env.match(/^CLAUDE_CODE_SHELL_PREFIX=(.*)$/m)![1]);
    const hook = s.read('hook-command');
    expect(hook).toMatch(/\/dist\/agents\/claude-code\/hook-main\.js claude-code --socket=\S+\/gate\.sock --mode=acceptEdits --stage '--rule=deny shell_command command=git push\*' (?:--settings=\S+ )?--project=\S+ --output=\S+ \|\| exit 2$/);
    expect(hook.endsWith(' || exit 2')).toBe(true);
    // The hook ran on the host through the prefix and refused with the session's rule.
    const answer = s.read('hook-answer');
    const decision = JSON.parse(answer.split('\n')[0]!) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } };
    expect(decision.hookSpecificOutput.permissionDecision).toBe('deny');
    expect(decision.hookSpecificOutput.permissionDecisionReason).toContain('(set session)');
    expect(answer).toContain('hook-exit=0');
    // A shell line went through the prefix, with the session's built environment.
    expect(s.read('bash-out')).toBe(`confined\n${s.project}\nsecret=[]\n`);
    // Gone when Claude Code ended; the user's file untouched; nothing written in ~/.claude.
    expect(fs.readdirSync(path.join(s.w.orkeonHome, 'agents', 'claude-code'))).toEqual([]);
    expect(fs.existsSync(path.dirname(/--socket=(\S+)/.exec(hook)![1]!))).toBe(false);
    expect(fs.readFileSync(userSettings, 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(s.w.home, '.claude'))).toBe(false);
  });

  it('--dry-run shows what would start: the command, the settings, the prefix and the hook', () => {
    const s = setup();
    const r = runCli([s.project, '--trust', '--confinement', 'none', '--dry-run', '--', 'claude', '-p', 'x'], { env: s.env, cwd: s.w.root });
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Record<string, any>;
    expect(plan.agent).toBe('claude-code');
    expect(plan.command.slice(0, 3)).toEqual(['claude', '-p', 'x']);
    expect(plan.hookCommand).toMatch(/\/hook-main\.js claude-code --socket=\S+\/gate\.sock --mode=default --project=/);
    expect(plan.settings.hooks.PreToolUse[0].hooks[0].command).toBe(plan.hookCommand);
    expect(plan.shellPrefixScript).toMatch(/^#!\/bin\/sh\n/);
    expect(plan.shellPrefixScript).toContain(' confine claude-code --session ');
    expect(fs.existsSync(path.join(s.w.orkeonHome, 'agents'))).toBe(false);
  });

  it('refuses options that would leave the session unguarded, and a user --settings Claude Code would drop', () => {
    const s = setup();
    const bare = runCli([s.project, '--trust', '--confinement', 'none', '--', s.claude, '--bare', '-p', 'x'], { env: s.env, cwd: s.w.root });
    expect(bare.code).toBe(64);
    expect(bare.stderr).toContain('claude --bare cannot run under orkeon-code: it skips hooks');
    const bad = runCli([s.project, '--trust', '--confinement', 'none', '--', s.claude, '--settings', '{"model": 5}'], { env: s.env, cwd: s.w.root });
    expect(bad.code).toBe(64);
    expect(bad.stderr).toContain('"model" must be a string');
    expect(fs.existsSync(path.join(s.out, 'argv'))).toBe(false);
  });

  it('with the gate off in the user\'s settings: no hook (said at the start), the shell still confined', () => {
    const s = setup({ Orkeon: { Security: { PermissionGate: { Enabled: false } } } });
    const r = runCli([s.project, '--trust', '--confinement', 'none', '--dry-run', '--', 'claude'], { env: s.env, cwd: s.w.root });
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Record<string, any>;
    expect(plan.hookCommand).toBe(null);
    expect(plan.settings.hooks).toBeUndefined();
    expect(plan.settings.env.CLAUDE_CODE_SHELL_PREFIX).toBe(plan.shellPrefix);
    expect(r.stderr).toContain('the permission gate is off in your settings');
  });

  it('the session file records the backend resolved at the start, never auto, so no line re-chooses it', () => {
    const s = setup();
    // A stand-in that keeps a copy of the session file (it sits beside the shell prefix) and ends.
    fs.writeFileSync(s.claude, '#!/bin/sh\ncp "$(dirname "$CLAUDE_CODE_SHELL_PREFIX")/session.json" "$FAKE_CLAUDE_OUT/session.json"\n', { mode: 0o755 });
    const dry = runCli([s.project, '--trust', '--confinement', 'auto', '--dry-run', '--', s.claude], { env: s.env, cwd: s.w.root });
    expect(dry.code, dry.stderr).toBe(0);
    const backend = (JSON.parse(dry.stdout) as { backend: string }).backend;
    const r = runCli([s.project, '--trust', '--confinement', 'auto', '--', s.claude], { env: s.env, cwd: s.w.root });
    expect(r.code, r.stderr).toBe(0);
    const session = JSON.parse(s.read('session.json')) as { confinement: string };
    expect(session.confinement).not.toBe('auto');
    expect(session.confinement).toBe(backend);
  });

  it('a command that is not Claude Code runs whole in the sandbox, as before', () => {
    const s = setup();
    const r = runCli([s.project, '--trust', '--confinement', 'none', '--dry-run', '--', 'claude-code-not', '-p'], { env: s.env, cwd: s.w.root });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).agent).toBeUndefined();
  });
});

describe('orkeon-code agents', () => {
  it('says which agents are wired and how', () => {
    const s = setup();
    const r = runCli(['agents'], { env: s.env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^claude-code {2}Claude Code/);
    expect(r.stdout).toContain('orkeon-code hook claude-code');
    expect(r.stdout).toContain('CLAUDE_CODE_SHELL_PREFIX → orkeon-code confine claude-code');
    const json = JSON.parse(runCli(['agents', '--json'], { env: s.env }).stdout) as Array<{ id: string }>;
    expect(json.map((a) => a.id)).toEqual(['claude-code']);
  });
});

describe('the shell prefix script', () => {
  it('runs the hook command (the exact string, alone) on the host itself, and hands every other line to confine', async () => {
    const { prefixScriptText } = await import('../../../src/agents/claude-code/session.js');
    const { spawnSync } = await import('node:child_process');
    const dir = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'orkeon-prefix-'));
    worlds.push(dir);
    const hook = `printf 'HOOK %s' "$(cat)" || exit 2`;
    const script = path.join(dir, 'shell-prefix');
    fs.writeFileSync(script, prefixScriptText(['/bin/echo', 'CONFINE', '--'], hook), { mode: 0o700 });
    const run = (args: string[], input = '') => spawnSync(script, args, { input, encoding: 'utf8' });
    expect(run([hook], '{"x":1}')).toMatchObject({ status: 0, stdout: 'HOOK {"x":1}' });
    expect(run([`${hook} `]).stdout).toBe(`CONFINE -- ${hook} \n`);
    expect(run(['ls -la']).stdout).toBe('CONFINE -- ls -la\n');
    expect(run([hook, 'extra']).stdout).toBe(`CONFINE -- ${hook} extra\n`);
    // A hook that fails any other way is a refusal (exit 2), never a failure Claude Code goes on after.
    const crash = 'node -e "process.exit(1)" || exit 2';
    fs.writeFileSync(script, prefixScriptText(['/bin/echo', 'CONFINE', '--'], crash), { mode: 0o700 });
    expect(run([crash]).status).toBe(2);
    // With the gate off there is no hook line: everything is confined.
    fs.writeFileSync(script, prefixScriptText(['/bin/echo', 'CONFINE', '--'], null), { mode: 0o700 });
    expect(run([hook]).stdout).toBe(`CONFINE -- ${hook}\n`);
  });
});
