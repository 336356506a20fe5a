// The git guard on real repositories made by real git.
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inspectGitGuard, plantedPaths, readGitConfigValue } from '../../src/sandbox/git-guard.js';

const made: string[] = [];
function tempDir(): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'orkeon-guard-')));
  made.push(d);
  return d;
}
afterEach(() => {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' } });
}

function paths(guard: ReturnType<typeof inspectGitGuard>, root: string): string[] {
  return guard.protect.map((p) => path.relative(root, p.path)).sort();
}

describe('inspectGitGuard', () => {
  it('protects hooks and config of a fresh repository and watches what git would read if created', () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    const guard = inspectGitGuard(repo);
    expect(paths(guard, repo)).toEqual(['.git/config', '.git/hooks']);
    expect(guard.watch.map((p) => path.relative(repo, p)).sort()).toEqual(['.git/commondir', '.git/config.worktree']);
    expect(plantedPaths(guard)).toEqual([]);
    fs.writeFileSync(path.join(repo, '.git/commondir'), '../../evil\n');
    expect(plantedPaths(guard).map((p) => path.relative(repo, p))).toEqual(['.git/commondir']);
  });

  it('creates a missing .git/hooks so it can be mounted read-only', () => {
    const repo = tempDir();
    git(repo, 'init', '-q');
    fs.rmSync(path.join(repo, '.git/hooks'), { recursive: true });
    expect(paths(inspectGitGuard(repo), repo)).toContain('.git/hooks');
    expect(fs.statSync(path.join(repo, '.git/hooks')).isDirectory()).toBe(true);
  });

  it('watches .git itself in a folder that is no repository', () => {
    const dir = tempDir();
    const guard = inspectGitGuard(dir);
    expect(guard.protect).toEqual([]);
    expect(guard.watch).toEqual([path.join(dir, '.git')]);
    git(dir, 'init', '-q');
    expect(plantedPaths(guard)).toEqual([path.join(dir, '.git')]);
  });

  it("covers linked worktrees' pointers, submodules' configs and hooks, and core.hooksPath in the project", () => {
    const root = tempDir();
    const sub = path.join(root, 'sub-origin');
    const repo = path.join(root, 'repo');
    fs.mkdirSync(sub);
    git(sub, 'init', '-q');
    git(sub, 'commit', '-q', '--allow-empty', '-m', 's');
    fs.mkdirSync(repo);
    git(repo, 'init', '-q');
    git(repo, 'commit', '-q', '--allow-empty', '-m', 'r');
    git(repo, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'libs/sub');
    git(repo, 'worktree', 'add', '-q', path.join(root, 'wt'));
    fs.mkdirSync(path.join(repo, '.husky/_'), { recursive: true });
    git(repo, 'config', 'core.hooksPath', '.husky/_');
    const guard = inspectGitGuard(repo);
    expect(paths(guard, repo)).toEqual([
      '.git/config',
      '.git/hooks',
      '.git/modules/libs/sub/config',
      '.git/modules/libs/sub/hooks',
      '.git/worktrees/wt/commondir',
      '.git/worktrees/wt/gitdir',
      '.husky/_',
    ]);
    // The linked worktree's own .git is a file: protected as such when it is the project.
    expect(paths(inspectGitGuard(path.join(root, 'wt')), path.join(root, 'wt'))).toEqual(['.git']);
  });

  it('warns about a .git that is a symbolic link instead of pretending to protect it', () => {
    const root = tempDir();
    const real = path.join(root, 'real');
    const proj = path.join(root, 'proj');
    fs.mkdirSync(real);
    git(real, 'init', '-q');
    fs.mkdirSync(proj);
    fs.symlinkSync(path.join(real, '.git'), path.join(proj, '.git'));
    const guard = inspectGitGuard(proj);
    expect(guard.protect).toEqual([]);
    expect(guard.warnings).toEqual([expect.stringContaining('/workspace/.git is a symbolic link')]);
    expect(guard.warnings.join('')).not.toContain(root);
  });
});

describe('readGitConfigValue', () => {
  it('reads a key case-insensitively, the last one winning, ignoring subsections and comments', () => {
    const text = '[core]\n\tbare = false\n\thooksPath = a\n[remote "origin"]\n\thooksPath = no\n[CORE]\n\tHOOKSPATH = "b c" # comment\n';
    expect(readGitConfigValue(text, 'core', 'hookspath')).toBe('b c');
    expect(readGitConfigValue('[core]\n', 'core', 'hookspath')).toBeNull();
  });
});
