// `orkeon-code confine claude-code --session FILE -- "<line>"`, the program CLAUDE_CODE_SHELL_PREFIX names.
// Claude Code hands it every line it would run in a shell: its Bash tool's commands, and its hooks'
// commands. The one hook command the generated settings hold (read from the session file, compared as
// the exact string) runs on the host, unconfined: it is orkeon-code's own gate, which must read the host
// paths Claude Code names. Every other line (a Bash command, a hook of the user's own) runs under
// `bash -c` in the session's sandbox, with Claude Code's bookkeeping mounted (prefix.ts). Standard streams
// are the line's own, its exit status is returned, signals are passed on. Nothing here decides whether a
// command may run: the hook did, before Claude Code called the prefix.
//
// When the prefix cannot confine (no session file, a backend that fails), it exits 2 with one line on
// standard error: for a Bash command that is a failed command, and for a hook line Claude Code reads
// exit 2 as a refusal (any other failing status would let the call go on).
import fs from 'node:fs';
import path from 'node:path';
import { readSessionFile, type ClaudeCodeSessionFile } from './session-file.js';
import { readClaudeLine, virtualCwd, withClaudeBinds } from './prefix.js';
import type { Invocation } from '../../sandbox/types.js';

/** The prefix's own failure: a refusal for a hook line, a failed command for a Bash line. */
export const CONFINE_FAILED = 2;

type Env = Readonly<Record<string, string | undefined>>;

export interface ConfineInput {
  readonly sessionFile: string;
  readonly line: string;
  readonly env: Env;
  /** The folder Claude Code started the line in (its tracked working folder). */
  readonly cwd: string;
  readonly say: (line: string) => void;
}

export async function confineLine(input: ConfineInput): Promise<number> {
  const read = readSessionFile(input.sessionFile);
  if (!read.ok) {
    input.say(`cannot confine this command: ${read.why}; start Claude Code again with orkeon-code [folder] -- claude`);
    return CONFINE_FAILED;
  }
  const session = read.session;
  const { runInvocation } = await import('../../sandbox/runner.js');
  const env = definedEnv(input.env);
  if (session.hookCommand !== null && input.line === session.hookCommand) {
    // orkeon-code's own hook, exactly as written into the generated settings: on the host.
    const hook: Invocation = { backend: 'none', argv: ['/bin/bash', '-c', input.line], fdArgs: 0, env, cwd: input.cwd, container: null };
    const r = await runInvocation(hook, { stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
    if (!r.started) {
      input.say(`the hook could not start: ${r.error ?? 'unknown error'}`);
      return CONFINE_FAILED;
    }
    return r.exitCode;
  }
  return runConfined(session, input, env);
}

async function runConfined(session: ClaudeCodeSessionFile, input: ConfineInput, env: Record<string, string>): Promise<number> {
  const [sandboxStage, runner] = await Promise.all([import('../../sandbox/index.js'), import('../../sandbox/runner.js')]);
  let hostCwd: string;
  try {
    hostCwd = fs.realpathSync.native(input.cwd);
  } catch {
    hostCwd = input.cwd;
  }
  const workdir = virtualCwd(session.project, hostCwd);
  if (workdir === null) {
    input.say('cannot confine this command: the shell is in a folder outside the project; cd back into the project');
    return CONFINE_FAILED;
  }
  ensureFolder(path.join(session.project, '.claude'));
  const opened = await sandboxStage.openSandbox({
    mode: session.confinement,
    project: session.project,
    orkeonHome: session.orkeonHome,
    cwd: session.cwd,
    output: session.output,
    mounts: session.mounts,
    userConfig: session.userConfig,
    hostEnv: env,
    envSettings: session.envSettings,
    network: session.network,
    command: ['bash', '-c', input.line],
    workdir,
    image: session.image,
    protect: [...session.protect, ...claudeFiles(session.project)],
  });
  if (!opened.ok) {
    input.say(`cannot confine this command: ${opened.error.message}`);
    return CONFINE_FAILED;
  }
  const sandbox = opened.value;
  const line = readClaudeLine(input.line);
  const cwdFile = line.cwdFile === null ? null : prepareCwdFile(line.cwdFile);
  try {
    for (const w of sandbox.warnings) input.say(w);
    const plan = withClaudeBinds(sandbox.plan, { project: session.project, hostCwd, snapshot: regularFile(line.snapshot), cwdFile: cwdFile?.path ?? null });
    const invocation = sandbox.invocationFor(plan);
    const result = await runner.runInvocation(invocation, { stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
    if (!result.started && result.error !== null) input.say(result.error);
    const keptOut = sandbox.keptOut();
    if (keptOut.length > 0) input.say(`the command created ${keptOut.join(', ')}, which decides what Claude Code runs outside the sandbox; it was moved aside (to the same name with .refused-N) and will not be read`);
    const planted = sandbox.planted();
    if (planted.length > 0) input.say(`the command created git files that git outside the sandbox would read or run; look at them before you use git here: ${planted.join(', ')}`);
    return result.exitCode;
  } finally {
    sandbox.close();
    cwdFile?.cleanup();
  }
}

/** Claude Code's own settings and MCP servers: read-only to every command (guard.ts says why). */
function claudeFiles(project: string): string[] {
  return [path.join(project, '.claude'), path.join(project, '.mcp.json')];
}

function ensureFolder(dir: string): void {
  try {
    fs.mkdirSync(dir, { mode: 0o755 });
  } catch {
    // It exists (as whatever it is: protect mounts it read-only if it is there), or the project is read-only.
  }
}

function regularFile(p: string | null): string | null {
  if (p === null) return null;
  try {
    return fs.lstatSync(p).isFile() ? p : null;
  } catch {
    return null;
  }
}

/**
 * The cwd file Claude Code reads back, made on the host before the sandbox writes it: created empty and
 * private when it is not there, used as it is when it is a regular file of this user with one link, and
 * left alone otherwise (a link planted at that name is never followed). Removed again when the command
 * wrote nothing to it (it failed before `pwd -P`), as if the sandbox had never been there.
 */
function prepareCwdFile(file: string): { path: string; cleanup: () => void } | null {
  const dir = path.dirname(file);
  try {
    if (!fs.statSync(dir).isDirectory()) return null;
  } catch {
    return null;
  }
  let created = false;
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_EXCL | fs.constants.O_WRONLY | fs.constants.O_NOFOLLOW, 0o600));
    created = true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return null;
    try {
      const st = fs.lstatSync(file);
      const uid = typeof process.getuid === 'function' ? process.getuid() : st.uid;
      if (!st.isFile() || st.nlink !== 1 || st.uid !== uid) return null;
    } catch {
      return null;
    }
  }
  return {
    path: file,
    cleanup: () => {
      if (!created) return;
      try {
        const st = fs.lstatSync(file);
        if (st.isFile() && st.size === 0) fs.rmSync(file);
      } catch {
        // Claude Code already took it.
      }
    },
  };
}

function definedEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  return out;
}
