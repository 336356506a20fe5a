// What in the project's git folder can make code run later, outside the sandbox, when the user runs git on
// the host, and what the sandbox does about each. Read after trust (this is the project's own .git).
//
// Protected (bound read-only, the folders on the way pinned so they cannot be swapped out):
//   .git/hooks (created empty when missing: git has one anyway), .git/config, .git/config.worktree,
//   .git/commondir, the folder core.hooksPath names when it lies in the project, and for each linked
//   worktree .git/worktrees/<name>/{commondir,gitdir,config.worktree}, and for each submodule's git folder
//   .git/modules/**/{config,hooks}; a `.git` file (a linked worktree or submodule checkout) itself.
// Watched (cannot be bound read-only because they do not exist; a command that creates one is reported
// after it ends): .git itself when the project has none, .git/config, .git/config.worktree and
// .git/commondir when missing (`commondir` would move git's config and hooks to a folder of the
// command's choosing).
// Not covered (documented in SECURITY.md): files in the working tree that tools run (a hook manager's
// scripts such as .husky/*, Makefile, package.json scripts, .envrc, editor tasks), nested repositories and
// submodule checkouts below the project (their own .git), .gitattributes filters and diff drivers (they
// need a config entry to run, and the configs are protected), and a .git that is a symbolic link.
import fs from 'node:fs';
import path from 'node:path';
import type { ProtectedPath } from './protect.js';
import { isWithin } from '../mounts/virtual-path.js';

export interface GitGuard {
  /** Existing host paths to bind read-only. */
  readonly protect: readonly ProtectedPath[];
  /** Host paths that do not exist and must not appear: checked after the command. */
  readonly watch: readonly string[];
  /** One line each for the user: what could not be protected. */
  readonly warnings: readonly string[];
}

const MAX_MODULE_DIRS = 256;

/** Inspects `<project>/.git` (creating an empty `.git/hooks` when the git folder has none). */
export function inspectGitGuard(project: string): GitGuard {
  const git = path.join(project, '.git');
  const protect: ProtectedPath[] = [];
  const watch: string[] = [];
  const warnings: string[] = [];
  const stat = lstat(git);
  if (stat === null) return { protect, watch: [git], warnings };
  if (stat.isSymbolicLink()) {
    warnings.push('/workspace/.git is a symbolic link: its hooks and config cannot be mounted read-only, and a command can change them');
    return { protect, watch, warnings };
  }
  if (stat.isFile()) {
    protect.push({ path: git, what: "the project's .git file" });
    return { protect, watch, warnings };
  }
  if (!stat.isDirectory()) return { protect, watch, warnings };

  const hooks = path.join(git, 'hooks');
  if (lstat(hooks) === null) {
    try {
      fs.mkdirSync(hooks, { mode: 0o755 });
    } catch {
      // A read-only project: nothing can plant a hook there either.
    }
  }
  for (const name of ['hooks', 'config', 'config.worktree', 'commondir']) {
    const p = path.join(git, name);
    const s = lstat(p);
    if (s === null) watch.push(p);
    else if (s.isSymbolicLink()) warnings.push(`/workspace/.git/${name} is a symbolic link and cannot be mounted read-only; a command can replace it`);
    else protect.push({ path: p, what: `the project's .git/${name}` });
  }
  const hooksPath = configuredHooksPath(path.join(git, 'config'), project);
  if (hooksPath !== null && hooksPath !== hooks && hooksPath !== project && isWithin(hooksPath, project) && isDirectory(hooksPath)) {
    protect.push({ path: hooksPath, what: 'the folder core.hooksPath names' });
  }
  for (const worktree of subfolders(path.join(git, 'worktrees'))) {
    for (const name of ['commondir', 'gitdir', 'config.worktree']) {
      const p = path.join(worktree, name);
      if (isFile(p)) protect.push({ path: p, what: `a linked worktree's ${name}` });
    }
  }
  protect.push(...submoduleGitDirs(path.join(git, 'modules')));
  return { protect, watch, warnings };
}

/** The watched paths that exist now: what a command created that git would read. */
export function plantedPaths(guard: GitGuard): string[] {
  return guard.watch.filter((p) => lstat(p) !== null);
}

function submoduleGitDirs(modules: string): ProtectedPath[] {
  const out: ProtectedPath[] = [];
  const queue = subfolders(modules);
  let seen = 0;
  while (queue.length > 0 && seen < MAX_MODULE_DIRS) {
    const dir = queue.shift()!;
    seen++;
    if (isFile(path.join(dir, 'config'))) {
      out.push({ path: path.join(dir, 'config'), what: "a submodule's git config" });
      if (isDirectory(path.join(dir, 'hooks'))) out.push({ path: path.join(dir, 'hooks'), what: "a submodule's git hooks" });
      queue.push(...subfolders(path.join(dir, 'modules')));
    } else {
      // A submodule named a/b keeps its git folder at modules/a/b.
      queue.push(...subfolders(dir));
    }
  }
  return out;
}

/** `core.hooksPath` from a git config file, resolved against the working tree; null when unset or unreadable. */
export function configuredHooksPath(configFile: string, worktree: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(configFile, 'utf8');
  } catch {
    return null;
  }
  const value = readGitConfigValue(text, 'core', 'hookspath');
  if (value === null || value === '') return null;
  const expanded = value.startsWith('~/') ? null : value;
  if (expanded === null) return null; // in the user's home: not in a mount a command can write
  return path.resolve(worktree, expanded);
}

/** The last value of `section.key` (case-insensitive names, no subsection) in git config text. */
export function readGitConfigValue(text: string, section: string, key: string): string | null {
  let current = '';
  let found: string | null = null;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\](.*)$/.exec(line);
    if (header) {
      current = raw.includes('"') ? '' : header[1]!.toLowerCase();
      const rest = header[2]!.trim();
      if (rest === '') continue;
      const inline = /^([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*)$/.exec(rest);
      if (inline && current === section && inline[1]!.toLowerCase() === key) found = unquote(inline[2]!);
      continue;
    }
    const pair = /^([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$/.exec(line);
    if (pair && current === section && pair[1]!.toLowerCase() === key) found = unquote(pair[2] ?? '');
  }
  return found;
}

function unquote(value: string): string {
  let v = value.replace(/\s+[#;].*$/, '').trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) v = v.slice(1, -1);
  return v.replace(/\\(.)/g, '$1');
}

function lstat(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}

function isFile(p: string): boolean {
  return lstat(p)?.isFile() ?? false;
}

function isDirectory(p: string): boolean {
  return lstat(p)?.isDirectory() ?? false;
}

function subfolders(dir: string): string[] {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => path.join(dir, e.name))
      .sort();
  } catch {
    return [];
  }
}
