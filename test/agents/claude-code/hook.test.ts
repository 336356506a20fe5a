// The hook's answers with the real gate and the real shell front-end: every tool mapping decided in each
// mode, Claude Code's mode combined with orkeon-code's, rules and the dev-stage sets on these calls, the
// claude-code guard, and every way the hook can be handed something it cannot read (always a deny).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerHook, type HookOptions } from '../../../src/agents/claude-code/hook.js';
import { tempDir } from '../../trust/harness.js';

// Made when the file loads: the tables below name paths in it.
const root = tempDir('orkeon-hook-');
const project = path.join(root, 'project');
let env: Record<string, string>;
beforeAll(() => {
  fs.mkdirSync(path.join(project, 'src'), { recursive: true });
  fs.mkdirSync(path.join(project, '.git'));
  fs.writeFileSync(path.join(project, '.git', 'config'), '[core]\n');
  fs.symlinkSync('../.git', path.join(project, 'src', 'gitdir'));
  fs.mkdirSync(path.join(root, 'home'));
  fs.mkdirSync(path.join(root, 'orkeon-home'));
  env = { HOME: path.join(root, 'home'), ORKEON_CODE_HOME: path.join(root, 'orkeon-home'), PATH: process.env.PATH ?? '/usr/bin:/bin' };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Answer {
  decision: string;
  reason: string;
}

async function hook(toolName: string, toolInput: Record<string, unknown>, options: Partial<HookOptions> & { claudeMode?: string | null; cwd?: string } = {}): Promise<Answer> {
  const { claudeMode = 'bypassPermissions', cwd = project, ...rest } = options;
  const call = { hook_event_name: 'PreToolUse', tool_name: toolName, tool_input: toolInput, cwd, ...(claudeMode === null ? {} : { permission_mode: claudeMode }), session_id: 's', tool_use_id: 't' };
  return parse(await answerHook(JSON.stringify(call), { project, ...rest }, env));
}

function parse(text: string): Answer {
  const doc = JSON.parse(text) as { hookSpecificOutput: { hookEventName: string; permissionDecision: string; permissionDecisionReason: string } };
  expect(doc.hookSpecificOutput.hookEventName).toBe('PreToolUse');
  expect(Object.keys(doc)).toEqual(['hookSpecificOutput']);
  return { decision: doc.hookSpecificOutput.permissionDecision, reason: doc.hookSpecificOutput.permissionDecisionReason };
}

const P = (rel: string): string => path.join(project, rel);

describe('every tool mapping, decided by mode (Claude Code in bypassPermissions, so orkeon-code\'s mode decides)', () => {
  const calls: Array<[string, string, Record<string, unknown>]> = [
    ['Bash', 'shell_command', { command: 'ls -la src' }],
    ['Read', 'file_read', { file_path: P('src/a.ts') }],
    ['Write', 'file_write', { file_path: P('src/a.ts'), content: 'x' }],
    ['Edit', 'edit_file', { file_path: P('src/a.ts'), old_string: 'a', new_string: 'b' }],
    ['MultiEdit', 'edit_file', { file_path: P('src/a.ts'), edits: [{ old_string: 'a', new_string: 'b' }] }],
    ['Glob', 'glob', { pattern: '**/*.ts' }],
    ['Grep', 'grep', { pattern: 'TODO', glob: '*.ts' }],
    ['WebFetch', 'http_api', { url: 'https://example.com/docs', prompt: 'read' }],
    ['NotebookEdit', 'NotebookEdit', { notebook_path: P('n.ipynb'), new_source: 'print(1)' }],
    ['WebSearch', 'WebSearch', { query: 'orkeon' }],
    ['Task', 'Task', { description: 'd', prompt: 'p', subagent_type: 'general-purpose' }],
    ['mcp__github__create_pull_request', 'mcp__github__create_pull_request', { owner: 'o', repo: 'r' }],
  ];
  // The seed's table: shell and writes refused in plan/dontAsk, asked in default; edits accepted in
  // acceptEdits; a plain GET of http_api is a network read; a tool that declares nothing is a write.
  const expected: Record<string, string[]> = {
    //            plan    dontAsk  default  acceptEdits  bypass
    Bash: ['deny', 'deny', 'ask', 'ask', 'allow'],
    Read: ['allow', 'allow', 'allow', 'allow', 'allow'],
    Write: ['deny', 'deny', 'ask', 'allow', 'allow'],
    Edit: ['deny', 'deny', 'ask', 'allow', 'allow'],
    MultiEdit: ['deny', 'deny', 'ask', 'allow', 'allow'],
    Glob: ['allow', 'allow', 'allow', 'allow', 'allow'],
    Grep: ['allow', 'allow', 'allow', 'allow', 'allow'],
    WebFetch: ['deny', 'deny', 'allow', 'allow', 'allow'],
    NotebookEdit: ['deny', 'deny', 'ask', 'ask', 'allow'],
    WebSearch: ['deny', 'deny', 'ask', 'ask', 'allow'],
    Task: ['deny', 'deny', 'ask', 'ask', 'allow'],
    mcp__github__create_pull_request: ['deny', 'deny', 'ask', 'ask', 'allow'],
  };
  const modes = ['plan', 'dontAsk', 'default', 'acceptEdits', 'bypassPermissions'];
  for (const [tool, seed, input] of calls) {
    it(`${tool} → ${seed}`, async () => {
      const got: string[] = [];
      for (const mode of modes) {
        const a = await hook(tool, input, { mode });
        got.push(a.decision);
        const as = seed === tool ? '' : `, read as ${seed}`;
        expect(a.reason.startsWith(`orkeon-code ${a.decision === 'allow' ? 'allowed' : a.decision === 'ask' ? 'asks before' : 'refused'} ${tool}${as} (mode ${mode})`), a.reason).toBe(true);
        expect(a.reason).not.toContain(root);
      }
      expect(got).toEqual(expected[tool]);
    });
  }

  it('a WebFetch is a read of http_api by the per-call rule: allowed in default without a question', async () => {
    const a = await hook('WebFetch', { url: 'https://example.com/x', prompt: 'p' }, { mode: 'default' });
    expect(a).toEqual({ decision: 'allow', reason: 'orkeon-code allowed WebFetch, read as http_api (mode default): mode default runs a network read (http_api)' });
  });
});

describe("Claude Code's permission mode and orkeon-code's mode", () => {
  it('a narrower Claude Code mode narrows the gate, and the reason says why', async () => {
    const a = await hook('Write', { file_path: P('a.txt'), content: 'x' }, { mode: 'bypassPermissions', claudeMode: 'plan' });
    expect(a.decision).toBe('deny');
    expect(a.reason).toContain('(mode plan)');
    expect(a.reason).toContain("Claude Code's permission mode plan is narrower than orkeon-code's bypassPermissions: the gate decides in plan");
    expect((await hook('Bash', { command: 'ls' }, { mode: 'bypassPermissions', claudeMode: 'default' })).decision).toBe('ask');
    expect((await hook('Write', { file_path: P('a.txt'), content: 'x' }, { mode: 'bypassPermissions', claudeMode: 'acceptEdits' })).decision).toBe('allow');
  });

  it("Claude Code's bypass never widens orkeon-code's decision", async () => {
    for (const claudeMode of ['bypassPermissions', 'acceptEdits', 'default']) {
      expect((await hook('Write', { file_path: P('a.txt'), content: 'x' }, { mode: 'plan', claudeMode })).decision).toBe('deny');
      expect((await hook('Bash', { command: 'ls' }, { mode: 'default', claudeMode })).decision).toBe('ask');
    }
    const denied = await hook('Bash', { command: 'git push origin main' }, { mode: 'bypassPermissions', claudeMode: 'bypassPermissions', rule: ['deny shell_command command=git push*'] });
    expect(denied.decision).toBe('deny');
  });

  it('a mode orkeon-code does not know is read as default; no permission_mode leaves orkeon-code\'s', async () => {
    const a = await hook('Bash', { command: 'ls' }, { mode: 'bypassPermissions', claudeMode: 'auto' });
    expect(a.decision).toBe('ask');
    expect(a.reason).toContain(`Claude Code's permission mode "auto", which orkeon-code reads as default, is narrower than orkeon-code's bypassPermissions`);
    expect((await hook('Bash', { command: 'ls' }, { mode: 'bypassPermissions', claudeMode: null })).decision).toBe('allow');
  });
});

describe('rules on these calls', () => {
  it('a deny rule refuses in every mode, naming the rule, its set and the remedy', async () => {
    const a = await hook('Bash', { command: 'git push origin main' }, { mode: 'bypassPermissions', rule: ['deny shell_command command=git push*'] });
    expect(a).toEqual({
      decision: 'deny',
      reason:
        'orkeon-code refused Bash, read as shell_command (mode bypassPermissions):\n  - refused by `deny shell_command command=git push*` (session)\n    rule: deny shell_command command=git push* (set session)\n    matched: git push origin main\n    instead: the session rule `deny shell_command command=git push*` refuses this call in every mode; change the call, or remove the rule (/permissions remove deny shell_command command=git push*)',
    });
  });

  it('an allow rule spares the question in default', async () => {
    const settings = path.join(root, 'interp.json');
    fs.writeFileSync(settings, JSON.stringify({ Orkeon: { Tools: { Shell: { AllowInterpreters: true, Allowlist: ['npm'] } } } }));
    expect((await hook('Bash', { command: 'npm test' }, { mode: 'default', settings })).decision).toBe('ask');
    expect((await hook('Bash', { command: 'npm test' }, { mode: 'default', settings, rule: ['allow shell_command command=npm test*'] })).decision).toBe('allow');
  });

  it('a rule may name a tool the gate does not know (Claude Code\'s own, an MCP tool) and its arguments', async () => {
    expect((await hook('WebSearch', { query: 'x' }, { mode: 'bypassPermissions', rule: ['deny WebSearch'] })).decision).toBe('deny');
    expect((await hook('mcp__github__create_pull_request', { repo: 'secret-repo' }, { mode: 'bypassPermissions', rule: ['deny mcp__github__create_pull_request repo=secret*'] })).decision).toBe('deny');
    expect((await hook('mcp__github__create_pull_request', { repo: 'public' }, { mode: 'bypassPermissions', rule: ['deny mcp__github__create_pull_request repo=secret*'] })).decision).toBe('allow');
    expect((await hook('WebFetch', { url: 'https://x.example' }, { mode: 'bypassPermissions', rule: ['deny http_api'] })).decision).toBe('deny');
  });

  it('a rule on /workspace cannot be passed by naming the same file by its host path in a command', async () => {
    const rule = ['deny shell_command command=*/workspace/secrets*'];
    const a = await hook('Bash', { command: `cat ${project}/secrets/key.pem` }, { mode: 'bypassPermissions', rule });
    expect(a.decision).toBe('deny');
    expect(a.reason).toContain('matched: cat /workspace/secrets/key.pem');
    expect(a.reason).not.toContain(root);
  });
});

describe('the dev-stage sets on Claude Code calls (--stage)', () => {
  const token = `ghp_${'0123456789abcdefABCDEF0123456789abcd'}`;

  it('secrets: a Write, an Edit and each edit of a MultiEdit holding a ghp_ token are refused (any deny wins)', async () => {
    for (const [tool, input] of [
      ['Write', { file_path: P('t.txt'), content: `token=${token}` }],
      ['Edit', { file_path: P('t.txt'), old_string: 'x', new_string: token }],
      ['MultiEdit', { file_path: P('t.txt'), edits: [{ old_string: 'a', new_string: 'fine' }, { old_string: 'b', new_string: token }] }],
      ['NotebookEdit', { notebook_path: P('n.ipynb'), new_source: token }],
    ] as const) {
      const a = await hook(tool, input, { mode: 'bypassPermissions', stage: true });
      expect(a.decision, tool).toBe('deny');
      expect(a.reason).toContain('(set secrets)');
    }
    expect((await hook('MultiEdit', { file_path: P('t.txt'), edits: [{ old_string: 'a', new_string: 'fine' }] }, { mode: 'bypassPermissions', stage: true })).decision).toBe('allow');
  });

  it('read-noise: a Read of .git/config, through a link too, and Glob/Grep reaching .git or node_modules are refused', async () => {
    for (const [tool, input] of [
      ['Read', { file_path: P('.git/config') }],
      ['Read', { file_path: '.git/config' }],
      ['Read', { file_path: P('src/gitdir/config') }],
      ['Glob', { pattern: '.git/**' }],
      ['Glob', { pattern: '**/*.js', path: P('node_modules') }],
      ['Grep', { pattern: 'x', glob: 'node_modules/**' }],
      ['Grep', { pattern: 'x', path: P('.git') }],
    ] as const) {
      const a = await hook(tool, input, { mode: 'bypassPermissions', stage: true });
      expect(a.decision, `${tool} ${JSON.stringify(input)}`).toBe('deny');
      expect(a.reason).toContain('(set read-noise)');
      expect(a.reason).not.toContain(root);
    }
    expect((await hook('Read', { file_path: P('src/a.ts') }, { mode: 'bypassPermissions', stage: true })).decision).toBe('allow');
  });

  it('state-files: a Write under .orkeon/ or .claude/ is refused', async () => {
    const a = await hook('Write', { file_path: P('.orkeon/dev-learn-state.json'), content: '{}' }, { mode: 'bypassPermissions', stage: true });
    expect(a.decision).toBe('deny');
    expect(a.reason).toContain('(set state-files)');
    expect((await hook('Edit', { file_path: P('.claude/agents/x.md'), old_string: 'a', new_string: 'b' }, { mode: 'bypassPermissions', stage: true })).decision).toBe('deny');
  });

  it('git-readonly and inline-interpreters on Bash', async () => {
    const a = await hook('Bash', { command: 'cd src && git push' }, { mode: 'bypassPermissions', stage: true });
    expect(a.decision).toBe('deny');
    expect(a.reason).toContain('(set git-readonly)');
    expect((await hook('Bash', { command: 'git status' }, { mode: 'bypassPermissions', stage: true })).decision).toBe('allow');
  });
});

describe('the claude-code guard and the mounts, in every mode', () => {
  it("refuses a write to the project's Claude Code settings or .mcp.json, even in bypassPermissions", async () => {
    for (const [tool, input] of [
      ['Write', { file_path: P('.claude/settings.json'), content: '{"disableAllHooks": true}' }],
      ['Write', { file_path: P('.claude/settings.local.json'), content: '{}' }],
      ['Edit', { file_path: P('.claude/settings.json'), old_string: 'a', new_string: 'b' }],
      ['MultiEdit', { file_path: P('.mcp.json'), edits: [{ old_string: 'a', new_string: 'b' }] }],
      ['NotebookEdit', { notebook_path: P('.mcp.json'), new_source: '' }],
    ] as const) {
      const a = await hook(tool, input, { mode: 'bypassPermissions' });
      expect(a.decision, tool).toBe('deny');
      expect(a.reason).toContain('(set claude-code)');
      expect(a.reason).toContain("instead: Claude Code's own settings and .mcp.json decide what runs on the host");
    }
    expect((await hook('Write', { file_path: P('.claude/commands/review.md'), content: 'x' }, { mode: 'bypassPermissions' })).decision).toBe('allow');
  });

  it('refuses a file outside every mount in every mode, naming no host path', async () => {
    for (const mode of ['plan', 'default', 'bypassPermissions']) {
      for (const [tool, input] of [
        ['Read', { file_path: '/etc/shadow' }],
        ['Read', { file_path: path.join(root, 'home', '.ssh', 'id_rsa') }],
        ['Write', { file_path: '../outside.txt', content: 'x' }],
        ['Glob', { pattern: '*', path: root }],
        ['Grep', { pattern: 'password', path: env.HOME }],
      ] as const) {
        const a = await hook(tool, input, { mode });
        expect(a.decision, `${mode} ${tool}`).toBe('deny');
        expect(a.reason).toContain('outside every mount of the session');
        expect(a.reason).not.toContain(root);
      }
    }
  });

  it('reads a host path under a read-only mount that a deeper virtual mount hides as outside, never as that mount', async () => {
    // --mount h1:/data:ro --mount h2:/data/w:rw: the host file h1/w/x would be /data/w/x, which is h2/x,
    // another file in a writable mount. It is seen at no virtual path at all.
    const h1 = path.join(root, 'h1');
    const h2 = path.join(root, 'h2');
    fs.mkdirSync(path.join(h1, 'w'), { recursive: true });
    fs.mkdirSync(h2, { recursive: true });
    const mount = [`${h1}:/data:ro`, `${h2}:/data/w:rw`];
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions']) {
      const a = await hook('Write', { file_path: path.join(h1, 'w', 'x'), content: 'x' }, { mode, mount });
      expect(a.decision, mode).toBe('deny');
      expect(a.reason).toContain('outside every mount of the session');
      expect(a.reason).not.toContain(root);
    }
    expect((await hook('Write', { file_path: path.join(h2, 'x'), content: 'x' }, { mode: 'bypassPermissions', mount })).decision).toBe('allow');
    expect((await hook('Write', { file_path: path.join(h1, 'y'), content: 'x' }, { mode: 'bypassPermissions', mount })).decision).toBe('deny');
  });
});

describe('what the hook cannot read is refused, never allowed', () => {
  const ok = { hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: 'src/a.ts' }, cwd: '' };
  it.each([
    ['not JSON', 'hello'],
    ['another event', JSON.stringify({ ...ok, cwd: '/x', hook_event_name: 'PostToolUse' })],
    ['no tool_name', JSON.stringify({ ...ok, cwd: '/x', tool_name: undefined })],
    ['tool_input not an object', JSON.stringify({ ...ok, cwd: '/x', tool_input: 'x' })],
    ['no cwd', JSON.stringify({ ...ok, cwd: undefined })],
  ])('%s', async (_what, input) => {
    const a = parse(await answerHook(input, { project, mode: 'bypassPermissions' }, env));
    expect(a.decision).toBe('deny');
    expect(a.reason).toMatch(/^orkeon-code refused this call: /);
  });

  const call = JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: 'src/a.ts' }, cwd: '/tmp' });
  it.each([
    ['a bad --mode', { mode: 'yolo' }, /--mode 'yolo' is not a mode/],
    ['--batch without --stage', { batch: true }, /--batch needs --stage/],
    ['a bad --rule', { rule: ['permit everything'] }, /--rule 'permit everything' does not parse/],
    ['a bad --mount', { mount: ['relative:/data'] }, /--mount names a relative host folder/],
    ['no project', { project: undefined }, /does not know the project/],
    ['a project that is not a folder', { project: '/nonexistent/orkeon' }, /not a folder/],
  ])('%s', async (_what, opts, why) => {
    const a = parse(await answerHook(call, { project, ...opts } as HookOptions, env));
    expect(a.decision).toBe('deny');
    expect(a.reason).toMatch(why);
  });

  it('unreadable settings (a guess could widen the allowlist)', async () => {
    const bad = path.join(root, 'bad-settings.json');
    fs.writeFileSync(bad, '{not json');
    const a = parse(await answerHook(call, { project, settings: bad }, env));
    expect(a.decision).toBe('deny');
    expect(a.reason).toContain("orkeon-code's settings cannot be read as written");
    expect(a.reason).not.toContain(root);
  });

  it('takes the project from CLAUDE_PROJECT_DIR when --project is absent', async () => {
    const a = parse(await answerHook(JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: P('src/a.ts') }, cwd: project }), {}, { ...env, CLAUDE_PROJECT_DIR: project }));
    expect(a.decision).toBe('allow');
  });
});
