// `orkeon-code check` and `rules` as a user runs them: the built CLI in a child process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFERENCE_SETTINGS_FILE } from '../support/corpus.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'orkeon-code.js');
const reference = REFERENCE_SETTINGS_FILE;
const built = existsSync(join(root, 'dist', 'cli', 'main.js'));
if (!built) console.warn('check CLI tests skipped: dist/ is not built (run npm run build)');

const run = (args: string[], input?: string) => spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', env: { ...process.env, ORKEON_CODE_HOME: join(root, 'no-such-home') } });

describe.skipIf(!built)('orkeon-code rules', () => {
  it('counts 534, and each set', () => {
    expect(run(['rules', '--count']).stdout.trim()).toBe('534');
    const want = { 'git-readonly': 218, 'inline-interpreters': 28, 'read-noise': 64, secrets: 128, 'state-files': 96, 'dev-batches': 2 };
    for (const [set, n] of Object.entries(want)) expect(run(['rules', '--set', set, '--count']).stdout.trim()).toBe(String(n));
  });
  it('lists rules in the seed\'s syntax', () => {
    const lines = run(['rules', '--set', 'inline-interpreters']).stdout.trim().split('\n');
    expect(lines[0]).toBe('deny shell_command command=*sh -c*');
    expect(lines).toHaveLength(28);
  });
  it('an unknown set is a usage error', () => {
    expect(run(['rules', '--set', 'nope']).status).toBe(64);
  });
});

describe.skipIf(!built)('orkeon-code check', () => {
  const ref = ['--stage', '--mode', 'bypassPermissions', '--settings', reference];
  it('exit 0 allow, 1 deny, and a readable verdict with rule, set and remedy', () => {
    const allow = run(['check', ...ref, '--', 'git status']);
    expect(allow.status).toBe(0);
    const deny = run(['check', ...ref, '--', 'git push origin main']);
    expect(deny.status).toBe(1);
    expect(deny.stdout).toContain('deny shell_command command=*git push*');
    expect(deny.stdout).toContain('git-readonly');
    expect(deny.stdout).toMatch(/instead: /);
  });
  it('with no terminal an ask is a deny naming what would allow it (kind no-terminal)', () => {
    const r = run(['check', '--json', '--mode', 'default', '--settings', reference, '--', 'ls']);
    expect(r.status).toBe(1);
    const d = JSON.parse(r.stdout);
    expect(d.decision).toBe('deny');
    expect(d.reasons.at(-1).kind).toBe('no-terminal');
    expect(d.commands[0].argv).toEqual(['ls']);
  });
  it('with a terminal, check reports ask (exit 2) and never prompts', () => {
    const hasScript = spawnSync('script', ['--version']).status === 0;
    if (!hasScript) {
      console.warn('terminal case skipped: script(1) is not installed');
      return;
    }
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(bin)} check --mode default --settings ${JSON.stringify(reference)} -- ls; echo EXIT=$?`;
    const r = spawnSync('script', ['-qec', cmd, '/dev/null'], { cwd: root, encoding: 'utf8', input: '', env: { ...process.env, ORKEON_CODE_HOME: join(root, 'no-such-home') } });
    expect(r.stdout).toMatch(/^ask: ls/m);
    expect(r.stdout).toMatch(/EXIT=2/);
  });
  it('a command\'s text never picks the mode (a prefix belongs to a person\'s request); permissions.fallback does', () => {
    const r = run(['check', '--json', '--settings', reference, '--', 'bypassPermissions: ls']);
    expect(JSON.parse(r.stdout)).toMatchObject({ decision: 'deny', mode: 'default' });
  });
  it('--rule adds session rules; --mode plan refuses', () => {
    expect(run(['check', '--rule', 'allow shell_command command=ls*', '--mode', 'default', '--', 'ls -la']).status).toBe(0);
    expect(run(['check', '--rule', 'allow shell_command command=ls*', '--mode', 'plan', '--', 'ls -la']).status).toBe(1);
  });
  it('usage errors exit 64: a bad mode, a bad rule, a command and --jsonl, nothing to check, a bad settings file', () => {
    expect(run(['check', '--mode', 'yolo', '--', 'ls']).status).toBe(64);
    const badRule = run(['check', '--rule', 'deny shell_command cmd=x', '--', 'ls']);
    expect(badRule.status).toBe(64);
    expect(badRule.stderr).toContain('command, working_directory, timeout_seconds');
    expect(run(['check', '--jsonl', '--', 'ls'], '').status).toBe(64);
    expect(run(['check']).status).toBe(64);
    expect(run(['check', '--mode', 'bypassPermissions', '--settings', join(root, 'package.json'), '--', 'ls']).status).toBe(0); // valid JSON object, no keys it knows
    expect(run(['check', '--settings', join(root, 'no-such.json'), '--', 'ls']).status).toBe(64);
  });
  it('--jsonl: one decision a line, malformed lines denied with why, never skipped', () => {
    const input = ['{"tool":"shell_command","args":{"command":"git push"}}', 'not json', '{"tool":"shell_command"}', '', '{"tool":"file_read","args":{"path":".git/config"}}', '{"tool":"shell_command","args":{"command":"git status"},"mode":"plan"}', '[1]'].join('\n');
    const r = run(['check', '--jsonl', ...ref], `${input}\n`);
    expect(r.status).toBe(0);
    const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(out.map((d) => d.decision)).toEqual(['deny', 'deny', 'deny', 'deny', 'deny', 'deny', 'deny']);
    expect(out[1].reasons[0].message).toMatch(/not JSON/);
    expect(out[4].reasons[0].set).toBe('read-noise');
    expect(out[5].mode).toBe('plan');
  });
  it('--jsonl gives the same decisions as one check per line (fixed and generated commands)', () => {
    const word = fc.constantFrom('git', 'push', 'status', 'ls', '-la', '"sh"', '-c', "'x'", '$y', 'python3', 'x.py', 'config', 'a.b', 'c');
    const generated = fc.sample(fc.array(word, { minLength: 1, maxLength: 4 }).chain((a) => fc.constantFrom(a.join(' '), `${a.join(' ')} | sh`, `cd x && ${a.join(' ')}`)), { numRuns: 6, seed: 42 });
    const commands = ['git status', 'git push', 'ls -la', 'bash -c ls', 'python3 x.py -c', 'git config user.name x', 'cat .git/config', '$x -la', 'echo hi | sh', 'git remote -v', 'npm test && git commit -am x', 'git stash list', ...generated];
    const jsonl = run(['check', '--jsonl', ...ref], commands.map((c) => JSON.stringify({ tool: 'shell_command', args: { command: c } })).join('\n') + '\n');
    const lines = jsonl.stdout.trim().split('\n').map((l) => JSON.parse(l).decision);
    const one = commands.map((c) => JSON.parse(run(['check', '--json', ...ref, '--', c]).stdout).decision);
    expect(lines).toEqual(one);
  }, 180_000); // one fresh process per command: slow on a loaded machine
});
