// The agents orkeon-code guards through their own seams (a pre-tool hook and a shell prefix), as opposed
// to a command it runs whole inside the sandbox. One entry per agent: how the launcher recognises it, and
// how each seam is wired, for `orkeon-code agents` and the README.
import type { SessionOutcome, SessionRequest } from '../session/start.js';
import { isClaudeCodeCommand } from './claude-code/command.js';

export interface AgentWiring {
  readonly id: string;
  readonly name: string;
  /** The session command the launcher recognises. */
  readonly command: string;
  /** The one command that guards a session. */
  readonly start: string;
  /** Where the gate sees each tool call. */
  readonly hook: string;
  /** Where the shell's commands are confined. */
  readonly shell: string;
  /** What the launcher writes, and where. */
  readonly files: string;
  /** How the modes combine. */
  readonly mode: string;
}

export const AGENTS: readonly AgentWiring[] = [
  {
    id: 'claude-code',
    name: 'Claude Code',
    command: '`claude` or a path ending in /claude, after --',
    start: 'orkeon-code [folder] [--mode M] [--stage] [--rule R]… -- claude [claude options]',
    hook: 'PreToolUse (matcher *) → orkeon-code hook claude-code: every tool call is read as the seed\'s tool (Bash → shell_command, Read → file_read, Write → file_write, Edit/MultiEdit → edit_file, Glob → glob, Grep → grep, WebFetch → http_api GET, anything else → a write) with host paths as virtual paths, and the gate answers allow, ask or deny (held warm by the launcher for the session, on a private Unix socket; the hook decides by itself when it does not answer)',
    shell: 'CLAUDE_CODE_SHELL_PREFIX → orkeon-code confine claude-code: every Bash command runs under bash -c in the sandbox (the project at /workspace and at its own path, Claude Code\'s snapshot read-only, its cwd file writable); the hook command alone runs on the host',
    files: 'settings.json (the user\'s claude --settings merged with the hook, the prefix and disableAllHooks: false) and session.json under $ORKEON_CODE_HOME/agents/claude-code/<session>/, removed when Claude Code ends; ~/.claude is never written',
    mode: 'the gate decides in the narrower of orkeon-code\'s mode and Claude Code\'s permission_mode; a deny always wins, Claude Code\'s bypass never widens it',
  },
];

/** The agent a session command is, or null for a command that runs whole in the sandbox. */
export function agentOf(command: readonly string[] | null): AgentWiring | null {
  return isClaudeCodeCommand(command) ? AGENTS[0]! : null;
}

export { isClaudeCodeCommand } from './claude-code/command.js';

/**
 * Starts Claude Code as the session (claude-code/session.ts). Loaded when called: the session pulls the
 * gate (policy, shell) in, which `orkeon-code agents` and a session of any other command never need.
 */
export async function startClaudeCodeSession(request: SessionRequest): Promise<SessionOutcome> {
  const { startClaudeCodeSession: start } = await import('./claude-code/session.js');
  return start(request);
}
