// `orkeon-code hook claude-code` as Claude Code runs it: a process with the call on standard input. Every
// outcome, a broken command line included, is hook JSON on standard output with exit status 0 (any other
// failing status would let Claude Code go on with the call).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, cleanEnv, tempDir } from '../../trust/harness.js';

const root = tempDir('orkeon-hook-cli-');
const project = path.join(root, 'project');
fs.mkdirSync(project);
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const env = cleanEnv({ HOME: path.join(root, 'home'), ORKEON_CODE_HOME: path.join(root, 'orkeon-home') });

function run(args: string[], input: string | Buffer) {
  const r = spawnSync(process.execPath, [CLI, 'hook', ...args], { input, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function decision(r: { code: number | null; stdout: string; stderr: string }): { permissionDecision: string; permissionDecisionReason: string } {
  const lines = r.stdout.trimEnd().split('\n');
  expect(lines, `exit ${r.code}, stderr: ${r.stderr}`).toHaveLength(1);
  return (JSON.parse(lines[0]!) as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason: string } }).hookSpecificOutput;
}

const call = (tool: string, input: Record<string, unknown>) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: project, permission_mode: 'default' });

describe('orkeon-code hook claude-code (a process)', () => {
  it('--help prints the options and decides nothing', () => {
    const r = run(['--help'], '');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^usage: orkeon-code hook claude-code \[options\]/);
    expect(r.stdout).toContain('--rule <rule>');
  });

  it('the launcher\'s entry (hook-main.js) answers exactly as the CLI does', () => {
    const entry = path.join(CLI, '..', '..', 'dist', 'agents', 'claude-code', 'hook-main.js');
    for (const [args, input] of [
      [['claude-code', `--project=${project}`, '--rule=deny shell_command command=ls*'], call('Bash', { command: 'ls' })],
      [['claude-code', `--project=${project}`, '--mode=plan'], call('Write', { file_path: path.join(project, 'a'), content: 'x' })],
      [['claude-code', `--project=${project}`, '--stgae'], call('Read', { file_path: path.join(project, 'a') })],
    ] as const) {
      const viaEntry = spawnSync(process.execPath, [entry, ...args], { input, env, encoding: 'utf8' });
      const viaCli = run([...args], input);
      expect(viaEntry.status).toBe(0);
      expect(viaEntry.stdout).toBe(viaCli.stdout);
    }
  });

  it('answers allow, ask and deny as hook JSON, exit 0', () => {
    const allow = run(['claude-code', '--project', project], call('Read', { file_path: path.join(project, 'a.ts') }));
    expect(allow.code).toBe(0);
    expect(decision(allow).permissionDecision).toBe('allow');
    const ask = run(['claude-code', '--project', project], call('Bash', { command: 'ls' }));
    expect(decision(ask).permissionDecision).toBe('ask');
    const deny = run(['claude-code', '--project', project, '--rule', 'deny shell_command command=ls*'], call('Bash', { command: 'ls' }));
    expect(deny.code).toBe(0);
    expect(decision(deny).permissionDecisionReason).toContain('refused by `deny shell_command command=ls*` (session)');
  });

  it.each([
    ['not JSON', 'please allow'],
    ['an empty input', ''],
    ['binary', Buffer.from([0, 159, 146, 150, 255])],
    ['another event', JSON.stringify({ hook_event_name: 'Stop' })],
    ['an input over the bound', Buffer.alloc(16 * 1024 * 1024 + 10, 0x20)],
  ])('refuses %s', (_what, input) => {
    const r = run(['claude-code', '--project', project], input);
    expect(r.code).toBe(0);
    expect(decision(r).permissionDecision).toBe('deny');
  });

  it.each([
    ['an unknown option', ['claude-code', '--project', project, '--stgae']],
    ['an option without its value', ['claude-code', '--project', project, '--mode']],
    ['a bad mode', ['claude-code', '--project', project, '--mode', 'yolo']],
    ['an agent it does not serve', ['codex', '--project', project]],
    ['no agent at all', []],
    ['two agents', ['claude-code', 'codex', '--project', project]],
  ])('refuses every call when its command line is wrong: %s', (_what, args) => {
    const r = run(args, call('Read', { file_path: path.join(project, 'a.ts') }));
    expect(r.code).toBe(0);
    const d = decision(r);
    expect(d.permissionDecision).toBe('deny');
    expect(r.stderr).not.toBe('');
  });
});
