// decide() for the tools other than shell_command: the mode table by declared access, the catalogue of
// plan and dontAsk, allow and deny rules, the file sets with the callback's readings, mounts.
import { describe, expect, it } from 'vitest';
import { MODES } from '../../src/policy/types.js';
import { decideCall, rules } from './helpers.js';

const modes = (tool: string, args: Record<string, unknown>, input = {}) =>
  Object.fromEntries(MODES.map((m) => [m, decideCall(tool, args, { mode: m, terminal: true, ...input }).decision]));

describe('the seed\'s mode table', () => {
  it('local reads run in every mode', () => {
    expect(modes('file_read', { path: 'src/a.ts' })).toEqual({ plan: 'allow', dontAsk: 'allow', default: 'allow', acceptEdits: 'allow', bypassPermissions: 'allow' });
    expect(modes('memory_recall', { query: 'x' }).plan).toBe('allow');
  });
  it('network reads: a plain GET runs in default and acceptEdits; plan and dontAsk send nothing', () => {
    expect(modes('http_api', { url: 'https://x' })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'allow', acceptEdits: 'allow', bypassPermissions: 'allow' });
    expect(modes('web_fetch', { url: 'https://x' }).default).toBe('allow');
  });
  it('http_api: other methods, a GET with a body or an override header ask', () => {
    expect(modes('http_api', { url: 'x', method: 'POST' })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'ask', acceptEdits: 'ask', bypassPermissions: 'allow' });
    expect(modes('http_api', { url: 'x', method: 'GET', body: '' }).default).toBe('ask');
    expect(modes('http_api', { url: 'x', headers: '{"x-http-method-override":"DELETE"}' }).acceptEdits).toBe('ask');
  });
  it('file edits: asked in default, accepted in acceptEdits', () => {
    expect(modes('file_write', { path: 'a.ts', content: 'x' })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'ask', acceptEdits: 'allow', bypassPermissions: 'allow' });
    for (const t of ['edit_file', 'node_replace', 'rag_ingest', 'rag_eval', 'memory_push']) expect(modes(t, { path: 'a.ts' }).acceptEdits, t).toBe('allow');
  });
  it('github: offered in writing modes only; a read action runs, create_pr asks', () => {
    expect(modes('github', { action: 'get_repo' })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'allow', acceptEdits: 'allow', bypassPermissions: 'allow' });
    expect(modes('github', { action: 'create_pr' }).default).toBe('ask');
    expect(decideCall('github', { action: 'create_pr' }, { mode: 'default', rules: rules('allow github action=create_pr') }).decision).toBe('allow');
  });
  it('spawn_agent: an edit asked in default, refused in plan and dontAsk; an allow rule on it holds in dontAsk', () => {
    expect(modes('spawn_agent', { prompt: 'x' })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'ask', acceptEdits: 'allow', bypassPermissions: 'allow' });
    expect(decideCall('spawn_agent', { prompt: 'x' }, { mode: 'dontAsk', rules: rules('allow spawn_agent') }).decision).toBe('allow');
    expect(decideCall('spawn_agent', { prompt: 'x' }, { mode: 'plan', rules: rules('allow spawn_agent') }).decision).toBe('deny');
  });
  it('extra tools: read class runs everywhere; an unannotated one asks, and an allow rule runs it in dontAsk, not in plan', () => {
    const extraTools = [{ name: 'transcribe_audio', access: 'read' as const }, { name: 'speak', access: 'write' as const }];
    expect(modes('transcribe_audio', {}, { extraTools }).plan).toBe('allow');
    expect(modes('speak', {}, { extraTools })).toEqual({ plan: 'deny', dontAsk: 'deny', default: 'ask', acceptEdits: 'ask', bypassPermissions: 'allow' });
    expect(decideCall('speak', {}, { mode: 'dontAsk', extraTools, rules: rules('allow speak') }).decision).toBe('allow');
    expect(decideCall('speak', {}, { mode: 'plan', extraTools, rules: rules('allow speak') }).decision).toBe('deny');
  });
  it('a rule on an extra tool tools.extra does not list is dormant', () => {
    expect(decideCall('create_issue', {}, { mode: 'bypassPermissions', rules: rules('deny create_issue') }).decision).toBe('allow');
    expect(decideCall('create_issue', {}, { mode: 'bypassPermissions', rules: rules('deny create_issue'), extraTools: [{ name: 'create_issue', access: 'write' }] }).decision).toBe('deny');
  });
  it('deny http_api refuses in every mode, bypassPermissions included', () => {
    expect(Object.values(modes('http_api', { url: 'x' }, { rules: rules('deny http_api') }))).toEqual(['deny', 'deny', 'deny', 'deny', 'deny']);
  });
  it('memory rules on an argument of the tool\'s schema', () => {
    expect(decideCall('memory_push', { topic: 'auth-tokens' }, { mode: 'bypassPermissions', rules: rules('deny memory_push topic=auth*') }).decision).toBe('deny');
    expect(decideCall('memory_recall', { query: 'the secret key' }, { mode: 'plan', rules: rules('deny memory_recall query=*secret*') }).decision).toBe('deny');
    expect(decideCall('memory_recall', { query: 'cache' }, { mode: 'plan', rules: rules('deny memory_recall query=*secret*') }).decision).toBe('allow');
  });
  it('the batch\'s allow rules run run_tests and run_build without a question', () => {
    expect(decideCall('run_tests', { command: 'npm test' }, { mode: 'acceptEdits', stage: true, batch: true }).decision).toBe('allow');
    expect(decideCall('run_tests', { command: 'npm test' }, { mode: 'acceptEdits', stage: true, terminal: true }).decision).toBe('ask');
    expect(decideCall('run_build', { project: 'x' }, { mode: 'acceptEdits', stage: true, batch: true, rules: rules('deny run_build') }).decision).toBe('deny');
  });
  it('malformed calls are refused with a reason', () => {
    expect(decideCall('file_read', null as never).decision).toBe('deny');
    expect(decideCall('', {}).reasons[0]!.kind).toBe('input');
  });
});

describe('file sets, read as the crews\' callback reads them', () => {
  const stage = { stage: true, mode: 'bypassPermissions' as const };
  it('read-noise refuses reads under bin/, obj/, .git/, node_modules/, however the path is written', () => {
    for (const path of ['.git/config', './.git/config', 'src/../.git/config', '/workspace/.git/config', '../workspace/.git/config', './/.git/config', 'src/bin/x.ts', 'web/node_modules/a/b.js']) {
      const d = decideCall('file_read', { path }, stage);
      expect(d.decision, path).toBe('deny');
      expect(d.reasons[0]!.set).toBe('read-noise');
    }
    expect(decideCall('file_read', { path: 'src/robin/x.ts' }, stage).decision).toBe('allow');
  });
  it('glob, grep and count_pattern are joined to their path', () => {
    expect(decideCall('glob', { path: '.', pattern: '.git/**' }, stage).decision).toBe('deny');
    expect(decideCall('glob', { path: 'src', pattern: '**/*.ts' }, stage).decision).toBe('allow');
    expect(decideCall('grep', { path: 'src', pattern: 'x', glob: '../node_modules/**' }, stage).decision).toBe('deny');
    expect(decideCall('count_pattern', { path: 'node_modules', pattern: 'x' }, stage).decision).toBe('deny');
    expect(decideCall('grep', { path: 'bin', pattern: 'x' }, stage).decision).toBe('deny');
  });
  it('secrets refuse a written content with a known prefix, mentioned or real', () => {
    expect(decideCall('file_write', { path: 'a.ts', content: 'const t = "ghp_abc"' }, stage).reasons[0]!.set).toBe('secrets');
    expect(decideCall('edit_file', { path: 'a.ts', old_string: 'x', new_string: '-----BEGIN OPENSSH PRIVATE KEY-----' }, stage).decision).toBe('deny');
    expect(decideCall('node_ensure', { path: 'a.ts', name: 'AKIA_KEY' }, stage).decision).toBe('deny');
    expect(decideCall('file_write', { path: 'a.ts', content: 'const jwt = "eyJhbGciOi"' }, stage).decision).toBe('allow');
  });
  it('state-files refuse Orkeon Code\'s own files; structural_rewrite is refused whole', () => {
    expect(decideCall('file_write', { path: '.orkeon/config.json', content: '{}' }, stage).reasons[0]!.set).toBe('state-files');
    expect(decideCall('file_write', { path: './.claude/settings.json', content: '{}' }, stage).decision).toBe('deny');
    expect(decideCall('file_write', { path: '.orkeon/worktrees/X-F1/src/a.ts', content: '{}' }, stage).decision).toBe('allow');
    expect(decideCall('structural_rewrite', { pattern: 'a', fix: 'b' }, stage).decision).toBe('deny');
  });
  it('edit_batch: each operation as the editor it stands for; empty, pathless, unknown or building batches refused', () => {
    const ok = { operations: [{ type: 'replace', path: 'src/a.ts', text: 'x' }] };
    expect(decideCall('edit_batch', ok, stage).decision).toBe('allow');
    expect(decideCall('edit_batch', { operations: [{ type: 'insert', path: '.orkeon/state.json', text: 'x' }] }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { operations: [{ type: 'ensure_method', path: 'src/a.ts', text: 'ghp_x' }] }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { operations: [] }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { operations: [{ type: 'replace', text: 'x' }] }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { operations: [{ type: 'rename', path: 'a' }] }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { ...ok, validate: 'build' }, stage).decision).toBe('deny');
    expect(decideCall('edit_batch', { ...ok, validate: 'parse' }, stage).decision).toBe('allow');
  });

  it("edit_batch: an operation type that names one of Object.prototype's members is an unknown type", () => {
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const d = decideCall('edit_batch', { operations: [{ type, path: 'src/a.ts', text: 'x' }] }, stage);
      expect(d.decision).toBe('deny');
      expect(JSON.stringify(d)).toContain(`unknown type '${type}'`);
    }
  });
});

describe('mounts', () => {
  it('file tools reach only the mounts; an edit needs a writable one', () => {
    expect(decideCall('file_write', { path: '/user-config/settings.json', content: 'x' }, { mode: 'bypassPermissions' }).reasons[0]).toMatchObject({ kind: 'write-right', matched: '/user-config/settings.json' });
    expect(decideCall('file_read', { path: '/user-config/settings.json' }, { mode: 'plan' }).decision).toBe('allow');
    const outside = decideCall('file_read', { path: '/home/someone/.ssh/id_rsa' }, { mode: 'plan' });
    expect(outside.decision).toBe('deny');
    expect(JSON.stringify(outside.reasons)).not.toContain('/home/someone'); // a refusal never names a host path
    expect(decideCall('file_write', { path: '/output/r.md', content: 'x' }, { mode: 'acceptEdits' }).decision).toBe('allow');
  });
});
