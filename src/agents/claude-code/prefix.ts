// The shell prefix's pure part. Claude Code runs each Bash command as `CLAUDE_CODE_SHELL_PREFIX "<line>"`,
// where the line is its own wrapper around the model's command:
//
//   source <home>/.claude/shell-snapshots/snapshot-bash-<ts>-<id>.sh 2>/dev/null || true && { … } … &&
//   eval '<command>' < /dev/null && pwd -P >| /tmp/claude-<hex>-cwd
//
// and reads the cwd file back on the host to follow a `cd`. The prefix runs the line inside the session's
// sandbox, so that bookkeeping must keep working there: the snapshot file is mounted read-only at its own
// path, the cwd file (created empty on the host first) is mounted writable at its own path, and the
// project is mounted a second time at its own host path (an identity mount), with the same read-only
// protections as at /workspace, and the command starts there: `pwd -P` then prints a folder Claude Code
// can use on the host, and the absolute paths Claude Code gives the model resolve in the sandbox. The
// prefix decides nothing (the hook did); it only confines.
import path from 'node:path';
import { isWithin } from '../../mounts/virtual-path.js';
import { sortMounts } from '../../mounts/table.js';
import type { PlanMount, SandboxPlan } from '../../sandbox/types.js';

export interface ClaudeLine {
  /** The shell snapshot the line sources, when it has Claude Code's shape. */
  readonly snapshot: string | null;
  /** The file the line writes `pwd -P` to, when it has Claude Code's shape. */
  readonly cwdFile: string | null;
}

const WORD = String.raw`('[^']*'|[^\s'"\\;&|<>()$\x60]+)`;
const SNAPSHOT = new RegExp(String.raw`^source ${WORD} 2>/dev/null \|\| true && `);
const CWD_FILE = new RegExp(String.raw` && pwd -P >\| ${WORD}$`);
const SNAPSHOT_NAME = /^snapshot-[A-Za-z0-9]+-[0-9]+-[A-Za-z0-9]+\.sh$/;
const CWD_NAME = /^claude-[0-9a-f]{1,32}-cwd$/;

function unquote(word: string): string {
  return word.startsWith("'") ? word.slice(1, -1) : word;
}

/**
 * The snapshot and cwd file of a line in Claude Code's shape. Only the line's own ends are read (the
 * model's command sits quoted between them), and only names of Claude Code's own form are taken.
 */
export function readClaudeLine(line: string): ClaudeLine {
  const s = SNAPSHOT.exec(line);
  const c = CWD_FILE.exec(line);
  const snapshot = s ? unquote(s[1]!) : null;
  const cwdFile = c ? unquote(c[1]!) : null;
  return {
    snapshot: snapshot !== null && isSnapshotPath(snapshot) ? snapshot : null,
    cwdFile: cwdFile !== null && path.posix.isAbsolute(cwdFile) && CWD_NAME.test(path.posix.basename(cwdFile)) && !cwdFile.includes('/../') ? path.posix.normalize(cwdFile) : null,
  };
}

function isSnapshotPath(p: string): boolean {
  if (!path.posix.isAbsolute(p) || p.split('/').includes('..')) return false;
  return SNAPSHOT_NAME.test(path.posix.basename(p)) && path.posix.basename(path.posix.dirname(p)) === 'shell-snapshots';
}

export interface ClaudeBinds {
  /** The project's real path. */
  readonly project: string;
  /** The command's working folder on the host (under the project). */
  readonly hostCwd: string;
  /** The snapshot file to mount read-only at its own path (it exists, a regular file), or null. */
  readonly snapshot: string | null;
  /** The cwd file to mount writable at its own path (it exists, a regular file), or null. */
  readonly cwdFile: string | null;
}

/**
 * The session's plan with Claude Code's bookkeeping added: the identity mount of the project (and a copy
 * of every pin and protection under /workspace at the same place below it), the snapshot, the cwd file,
 * and the working folder at its host path. With no sandbox (`none`) the command runs on the host, where
 * all of it already is: only the working folder changes.
 */
export function withClaudeBinds(plan: SandboxPlan, binds: ClaudeBinds): SandboxPlan {
  if (!isWithin(binds.hostCwd, binds.project)) throw Object.assign(new Error('the working folder is outside the project'), { code: 'ORKEON_PREFIX_CWD' });
  if (plan.backend === 'none') return { ...plan, hostCwd: binds.hostCwd };
  const extra: PlanMount[] = [];
  const identity = binds.project !== '/workspace' && binds.project !== '/';
  if (identity) {
    extra.push({ kind: 'bind', purpose: 'workspace', physical: binds.project, virtual: binds.project, writable: true });
    for (const m of plan.mounts) {
      if (m.kind !== 'bind' || (m.purpose !== 'pin' && m.purpose !== 'protect') || !isWithin(m.virtual, '/workspace') || m.virtual === '/workspace') continue;
      extra.push({ ...m, virtual: binds.project + m.virtual.slice('/workspace'.length) });
    }
  }
  if (binds.snapshot !== null) extra.push({ kind: 'bind', purpose: 'user', physical: binds.snapshot, virtual: binds.snapshot, writable: false });
  if (binds.cwdFile !== null) extra.push({ kind: 'bind', purpose: 'user', physical: binds.cwdFile, virtual: binds.cwdFile, writable: true });
  const taken = new Set(plan.mounts.map((m) => m.virtual));
  const cwd = identity ? binds.hostCwd : '/workspace' + binds.hostCwd.slice(binds.project.length);
  return { ...plan, mounts: sortMounts([...plan.mounts, ...extra.filter((m) => !taken.has(m.virtual))]), cwd, hostCwd: binds.hostCwd };
}

/** The virtual working folder of a host folder under the project. */
export function virtualCwd(project: string, hostCwd: string): string | null {
  if (!isWithin(hostCwd, project)) return null;
  return '/workspace' + hostCwd.slice(project.length);
}
