// `orkeon-code explain` as a user runs it: the built CLI in a child process (npm test builds first).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const bin = join(root, 'bin', 'orkeon-code.js');
const built = existsSync(join(root, 'dist', 'cli', 'main.js')) && existsSync(join(root, 'dist', 'shell', 'index.js'));
if (!built) console.warn('explain CLI tests skipped: dist/ is not built (run npm run build)');

const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8' });

describe.skipIf(!built)('orkeon-code explain', () => {
  it('--json prints the reading in the explain shape', () => {
    const r = run(['explain', '--json', '--', 'git status']);
    expect(r.status).toBe(0);
    expect(r.stdout.startsWith('{"commands":[{"argv":["git","status"],"dynamic":[],"via":""')).toBe(true);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['commands', 'line']);
    expect(json.line).toBe('git status');
    expect(Object.keys(json.commands[0]).slice(0, 3)).toEqual(['argv', 'dynamic', 'via']);
    expect(json.commands[0]).toMatchObject({ words: ['git', 'status'], assignments: [], redirects: [], stdin: 'inherited', runs: null, opaque: [] });
  });

  it('--json shows nesting, dynamic words and what wraps what', () => {
    const r = run(['explain', '--json', '--', "cd x && GIT_DIR=.git $G push; bash -xc 'timeout 5 git push'"]);
    expect(r.status).toBe(0);
    const { commands, line } = JSON.parse(r.stdout);
    expect(line).toBe('cd x && GIT_DIR=.git $G push ; bash -xc timeout 5 git push');
    expect(commands.map((c: { argv: string[]; dynamic: number[]; via: string }) => [c.argv, c.dynamic, c.via])).toEqual([
      [['cd', 'x'], [], ''],
      [['$G', 'push'], [0], ''],
      [['bash', '-x', '-c', 'timeout 5 git push'], [], ''],
      [['timeout', '5', 'git', 'push'], [], 'bash -c'],
      [['git', 'push'], [], 'bash -c > timeout'],
    ]);
    expect(commands[1].assignments).toEqual([{ name: 'GIT_DIR', value: '.git', dynamic: false }]);
    expect(commands[3].runs).toBe(4);
  });

  it('refuses with {"error":…,"commands":[]} and exit 1', () => {
    for (const bad of ['git pu\u200bsh', 'echo "unterminated', 'git status\rgit push']) {
      const r = run(['explain', '--json', '--', bad]);
      expect(r.status).toBe(1);
      const json = JSON.parse(r.stdout);
      expect(Object.keys(json)).toEqual(['error', 'commands']);
      expect(json.commands).toEqual([]);
      expect(json.error.length).toBeGreaterThan(10);
    }
    expect(JSON.parse(run(['explain', '--json', '--', 'git pu\u200bsh']).stdout).error).toContain('U+200B');
  });

  it('prints a readable listing without --json, dynamic words marked and via shown', () => {
    const r = run(['explain', '--', 'echo "$(git push)" > out.txt; $G x']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('line: echo $(git push) > out.txt ; $G x');
    // a word with a blank in it is shown quoted, so that word boundaries stay visible
    expect(r.stdout).toMatch(/#0 +echo «"\$\(git push\)"»/);
    expect(r.stdout).toMatch(/#1 +git push\n +via \$\(…\)/);
    expect(r.stdout).toContain('redirect > out.txt (writes)');
    expect(r.stdout).toMatch(/#2 +«\$G» x/);
    expect(r.stdout).toContain('«…» is expanded by bash at run time');
    const refused = run(['explain', '--', 'echo "x']);
    expect(refused.status).toBe(1);
    expect(refused.stdout).toMatch(/^refused \(parse-error\)/);
  });

  it('joins several arguments with spaces, like check', () => {
    const r = run(['explain', '--json', 'git', 'status']);
    expect(JSON.parse(r.stdout).commands[0].argv).toEqual(['git', 'status']);
  });

  it('is a usage error (64) without a command or with an unknown option', () => {
    const none = run(['explain']);
    expect(none.status).toBe(64);
    expect(none.stderr).toContain('give a command to explain');
    expect(run(['explain', '--nope', 'x']).status).toBe(64);
  });
});
