// Each Claude Code tool as the seed's tool and arguments, with host paths as virtual paths.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapToolCall, type MapResult } from '../../../src/agents/claude-code/map-tools.js';
import { hostMounts, type HostMount } from '../../../src/agents/claude-code/paths.js';
import { tempDir } from '../../trust/harness.js';

let root: string;
let project: string;
let mounts: HostMount[];
beforeAll(() => {
  root = tempDir('orkeon-map-');
  project = path.join(root, 'project');
  fs.mkdirSync(path.join(project, 'src'), { recursive: true });
  mounts = hostMounts({ project });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const map = (toolName: string, toolInput: Record<string, unknown>, cwd = project): MapResult => mapToolCall({ toolName, toolInput, cwd, permissionMode: 'default' }, mounts);
const calls = (r: MapResult) => (r.ok ? r.mapped.calls : (expect.fail(`refused: ${r.refusal.message}`) as never));

describe('mapToolCall', () => {
  it('Bash → shell_command.command, with the virtual working folder', () => {
    const r = map('Bash', { command: 'git status', description: 'status', timeout: 1000 }, path.join(project, 'src'));
    expect(r).toEqual({ ok: true, mapped: { seedTool: 'shell_command', cwd: '/workspace/src', calls: [{ tool: 'shell_command', args: { command: 'git status', working_directory: '/workspace/src' } }] } });
  });

  it('Bash: a command naming the project by its host path is read both as written and with /workspace', () => {
    const c = calls(map('Bash', { command: `cat ${project}/src/a.ts > ${project}/out.txt` }));
    expect(c.map((x) => x.args['command'])).toEqual([`cat ${project}/src/a.ts > ${project}/out.txt`, 'cat /workspace/src/a.ts > /workspace/out.txt']);
  });

  it('Bash from a folder outside the project is refused before the gate', () => {
    expect(map('Bash', { command: 'ls' }, root)).toMatchObject({ ok: false, refusal: { kind: 'outside', seedTool: 'shell_command' } });
  });

  it('Read → file_read.path (offset, limit)', () => {
    expect(calls(map('Read', { file_path: path.join(project, 'src/a.ts'), offset: 3, limit: 10 }))).toEqual([{ tool: 'file_read', args: { path: '/workspace/src/a.ts', offset: 3, limit: 10 } }]);
  });

  it('Write → file_write.path and content', () => {
    expect(calls(map('Write', { file_path: path.join(project, 'n.txt'), content: 'hi' }))).toEqual([{ tool: 'file_write', args: { path: '/workspace/n.txt', content: 'hi' } }]);
  });

  it('Edit → edit_file.path, old_string, new_string, replace_all', () => {
    expect(calls(map('Edit', { file_path: 'src/a.ts', old_string: 'a', new_string: 'b', replace_all: true }))).toEqual([
      { tool: 'edit_file', args: { path: '/workspace/src/a.ts', old_string: 'a', new_string: 'b', replace_all: true } },
    ]);
  });

  it('MultiEdit → one edit_file per edit', () => {
    const c = calls(map('MultiEdit', { file_path: path.join(project, 'src/a.ts'), edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd', replace_all: false }] }));
    expect(c).toEqual([
      { tool: 'edit_file', args: { path: '/workspace/src/a.ts', old_string: 'a', new_string: 'b' } },
      { tool: 'edit_file', args: { path: '/workspace/src/a.ts', old_string: 'c', new_string: 'd', replace_all: false } },
    ]);
  });

  it('Glob → glob.path and pattern (absent path: the working folder)', () => {
    expect(calls(map('Glob', { pattern: '**/*.ts' }))).toEqual([{ tool: 'glob', args: { path: '/workspace', pattern: '**/*.ts' } }]);
    expect(calls(map('Glob', { pattern: '*.ts', path: path.join(project, 'src') }))).toEqual([{ tool: 'glob', args: { path: '/workspace/src', pattern: '*.ts' } }]);
    expect(calls(map('Glob', { pattern: 'node_modules/**/*.js' }))).toEqual([{ tool: 'glob', args: { path: '/workspace/node_modules', pattern: '**/*.js' } }]);
  });

  it('Grep → grep.path, pattern and glob', () => {
    expect(calls(map('Grep', { pattern: 'TODO', glob: '*.ts', output_mode: 'content' }))).toEqual([{ tool: 'grep', args: { path: '/workspace', pattern: 'TODO', glob: '*.ts' } }]);
    expect(calls(map('Grep', { pattern: 'x', path: 'src' }))).toEqual([{ tool: 'grep', args: { path: '/workspace/src', pattern: 'x' } }]);
  });

  it('WebFetch → http_api url, method GET', () => {
    expect(map('WebFetch', { url: 'https://example.com/a', prompt: 'p' })).toEqual({ ok: true, mapped: { seedTool: 'http_api', cwd: '/workspace', calls: [{ tool: 'http_api', args: { url: 'https://example.com/a', method: 'GET' } }] } });
  });

  it('NotebookEdit → itself (a write) and edit_file on its notebook, so the file rules see what it writes', () => {
    const c = calls(map('NotebookEdit', { notebook_path: path.join(project, 'n.ipynb'), new_source: 'print(1)', cell_id: 'c1' }));
    expect(c).toEqual([
      { tool: 'NotebookEdit', args: { notebook_path: '/workspace/n.ipynb', new_source: 'print(1)', cell_id: 'c1' } },
      { tool: 'edit_file', args: { path: '/workspace/n.ipynb', new_string: 'print(1)' } },
    ]);
  });

  it('anything else → the tool under its own name with its input', () => {
    for (const [tool, input] of [
      ['WebSearch', { query: 'x' }],
      ['Task', { description: 'd', prompt: 'p', subagent_type: 'general' }],
      ['TodoWrite', { todos: [] }],
      ['mcp__github__create_pull_request', { owner: 'o', repo: 'r', title: 't' }],
    ] as const) {
      expect(calls(map(tool, input))).toEqual([{ tool, args: input }]);
    }
  });

  it.each([
    ['Bash', { command: 7 }, /command as a string/],
    ['Read', {}, /file_path must be a path/],
    ['Read', { file_path: 5 }, /file_path must be a path/],
    ['Write', { file_path: 'a' }, /content as a string/],
    ['Edit', { file_path: 'a', old_string: 'x' }, /old_string and new_string/],
    ['Edit', { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: 'yes' }, /replace_all/],
    ['MultiEdit', { file_path: 'a', edits: [] }, /non-empty list/],
    ['MultiEdit', { file_path: 'a', edits: 'x' }, /non-empty list/],
    ['MultiEdit', { file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }, 3] }, /edit 1 is not an object/],
    ['MultiEdit', { file_path: 'a', edits: [{ old_string: 'a' }] }, /edit 0 needs old_string/],
    ['Glob', {}, /needs a pattern/],
    ['Glob', { pattern: '*', path: 3 }, /path must be a string/],
    ['Grep', { pattern: 'x', glob: 3 }, /glob must be a string/],
    ['WebFetch', { prompt: 'p' }, /needs a url/],
    ['NotebookEdit', { notebook_path: 'n.ipynb', new_source: 3 }, /new_source must be a string/],
  ])('refuses a malformed %s call (%j) before the gate', (tool, input, why) => {
    const r = map(tool, input as Record<string, unknown>);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.message).toMatch(why);
  });

  it('refuses every file tool whose path is outside the project, naming no host path', () => {
    for (const [tool, input] of [
      ['Read', { file_path: '/etc/passwd' }],
      ['Write', { file_path: path.join(root, 'x.txt'), content: 'x' }],
      ['Edit', { file_path: '../x.ts', old_string: 'a', new_string: 'b' }],
      ['MultiEdit', { file_path: '/tmp/x', edits: [{ old_string: 'a', new_string: 'b' }] }],
      ['Glob', { pattern: '*', path: root }],
      ['Glob', { pattern: '../*' }],
      ['Grep', { pattern: 'x', path: '/home' }],
      ['NotebookEdit', { notebook_path: '/root/n.ipynb', new_source: '' }],
    ] as const) {
      const r = map(tool, input);
      expect(r, tool).toMatchObject({ ok: false, refusal: { kind: 'outside' } });
      if (!r.ok) expect(`${r.refusal.message} ${r.refusal.remedy}`).not.toContain(root);
    }
  });
});
