// The generated Claude Code settings (the user's merged, never written) and the claude command line.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { generatedSettings, readUserClaudeSettings, settingsProblem, HOOK_TIMEOUT_SECONDS } from '../../../src/agents/claude-code/settings-file.js';
import { isClaudeCodeCommand, readClaudeArgs, shellLine, shellWord } from '../../../src/agents/claude-code/command.js';
import { tempDir } from '../../trust/harness.js';

const root = tempDir('orkeon-cc-settings-');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('generatedSettings', () => {
  it('without user settings: the hook for every tool, the prefix, disableAllHooks false', () => {
    expect(generatedSettings({ user: null, hookCommand: 'H || exit 2', prefix: '/p/shell-prefix' })).toEqual({
      disableAllHooks: false,
      env: { CLAUDE_CODE_SHELL_PREFIX: '/p/shell-prefix' },
      hooks: { PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'H || exit 2', timeout: HOOK_TIMEOUT_SECONDS }] }] },
    });
  });

  it("merges the user's: their keys kept, their hooks after ours, their env with our prefix winning and the hook switches dropped", () => {
    const user = {
      model: 'opus',
      disableAllHooks: true,
      env: { FOO: '1', CLAUDE_CODE_SHELL_PREFIX: '/bin/sh', CLAUDE_CODE_SIMPLE: '1', CLAUDE_CODE_SAFE_MODE: '1' },
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'mine' }] }], PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'after' }] }] },
      permissions: { allow: ['Bash(npm test)'] },
    };
    const before = JSON.stringify(user);
    const s = generatedSettings({ user, hookCommand: 'H', prefix: 'P' });
    expect(s).toEqual({
      model: 'opus',
      disableAllHooks: false,
      env: { FOO: '1', CLAUDE_CODE_SHELL_PREFIX: 'P' },
      hooks: {
        PreToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'H', timeout: HOOK_TIMEOUT_SECONDS }] }, { matcher: 'Bash', hooks: [{ type: 'command', command: 'mine' }] }],
        PostToolUse: [{ matcher: '*', hooks: [{ type: 'command', command: 'after' }] }],
      },
      permissions: { allow: ['Bash(npm test)'] },
    });
    expect(JSON.stringify(user)).toBe(before);
  });

  it('with the gate off in the user\'s settings: the prefix, no hook', () => {
    expect(generatedSettings({ user: { model: 'x' }, hookCommand: null, prefix: 'P' })).toEqual({ model: 'x', env: { CLAUDE_CODE_SHELL_PREFIX: 'P' } });
  });
});

describe('readUserClaudeSettings', () => {
  it('reads a file (relative to the launcher\'s folder) or a JSON string, and never writes the file', () => {
    const file = path.join(root, 'mine.json');
    fs.writeFileSync(file, '{"model":"sonnet"}');
    const before = fs.statSync(file).mtimeMs;
    expect(readUserClaudeSettings('mine.json', root)).toEqual({ ok: true, settings: { model: 'sonnet' } });
    expect(readUserClaudeSettings(' {"skipWebFetchPreflight": true}', root)).toEqual({ ok: true, settings: { skipWebFetchPreflight: true } });
    expect(readUserClaudeSettings(null, root)).toEqual({ ok: true, settings: null });
    expect(fs.statSync(file).mtimeMs).toBe(before);
  });

  it.each([
    ['a missing file', 'nope.json', /cannot be read \(ENOENT\)/],
    ['not JSON', '{model', /not JSON/],
    ['a file holding an array', 'array.json', /not a JSON object/],
    ['a mistyped key (Claude Code would drop the whole file, the hook with it)', '{"model": 5}', /"model" must be a string; Claude Code would ignore the whole file, and orkeon-code's hook with it/],
    ['a mistyped env', '{"env": {"A": 1}}', /"env" must be an object of strings/],
    ['a mistyped permissions list', '{"permissions": {"allow": "Bash"}}', /"permissions.allow" must be a list of strings/],
    ['a malformed hooks entry', '{"hooks": {"PreToolUse": {"matcher": "*"}}}', /"hooks.PreToolUse" must be a list/],
    ['hooks entries without hooks', '{"hooks": {"Stop": [{"matcher": "*"}]}}', /needs "hooks": a list of objects/],
  ])('refuses %s, saying what to fix', (_what, value, why) => {
    fs.writeFileSync(path.join(root, 'array.json'), '[1]');
    const r = readUserClaudeSettings(value, root);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(why);
  });

  it('lets unknown keys through (Claude Code passes them)', () => {
    expect(settingsProblem({ someFutureKey: { a: 1 }, statusLine: { type: 'command', command: 'x' } })).toBe(null);
  });
});

describe('the claude command line', () => {
  it('is Claude Code when its program is claude or a path ending in /claude', () => {
    expect(isClaudeCodeCommand(['claude'])).toBe(true);
    expect(isClaudeCodeCommand(['/opt/x/claude-code-linux-x64/claude', '-p', 'x'])).toBe(true);
    expect(isClaudeCodeCommand(['claude-code'])).toBe(false);
    expect(isClaudeCodeCommand(['/usr/bin/claudex'])).toBe(false);
    expect(isClaudeCodeCommand(['sh', '-c', 'claude'])).toBe(false);
    expect(isClaudeCodeCommand(null)).toBe(false);
    expect(isClaudeCodeCommand([])).toBe(false);
  });

  it('takes --settings out (both spellings) and keeps everything else in order', () => {
    expect(readClaudeArgs(['-p', 'hi', '--settings', 's.json', '--model', 'x'])).toEqual({ ok: true, args: ['-p', 'hi', '--model', 'x'], settings: 's.json' });
    expect(readClaudeArgs(['--settings={"a":1}', '-p', 'x'])).toEqual({ ok: true, args: ['-p', 'x'], settings: '{"a":1}' });
    expect(readClaudeArgs(['-p', '--', '--settings', 'kept'])).toEqual({ ok: true, args: ['-p', '--', '--settings', 'kept'], settings: null });
  });

  it("keeps a word that names one of Object.prototype's members (it is no refused option)", () => {
    for (const word of ['constructor', '__proto__', 'toString']) {
      expect(readClaudeArgs(['-p', word])).toEqual({ ok: true, args: ['-p', word], settings: null });
    }
  });

  it.each(['--bare', '--safe-mode', '--bg', '--background', '--desktop', '--cloud', '--cloud=x', '--remote-control'])('refuses %s, which would leave the session unguarded', (opt) => {
    const r = readClaudeArgs(['-p', 'x', opt]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/cannot run under orkeon-code: .+; start it without/);
  });

  it('refuses --settings twice or without a value', () => {
    expect(readClaudeArgs(['--settings', 'a', '--settings', 'b']).ok).toBe(false);
    expect(readClaudeArgs(['--settings']).ok).toBe(false);
  });

  it('quotes words so that sh reads them back exactly (checked with sh itself)', () => {
    const words = ['/usr/bin/node', "it's", 'a b', '$HOME', '`x`', 'deny shell_command command=git push*', '--rule', '', '"q"', 'back\\slash', 'new\nline'];
    const r = spawnSync('sh', ['-c', `for a in ${shellLine(words)}; do printf '%s\\0' "$a"; done`], { encoding: 'utf8' });
    expect(r.stdout.split('\0').slice(0, -1)).toEqual(words);
    expect(shellWord('plain/path-1.js')).toBe('plain/path-1.js');
  });
});
