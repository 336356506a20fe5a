// `orkeon-code confine claude-code --session FILE [--] "<line>"`: the shell prefix of a Claude Code
// session (CLAUDE_CODE_SHELL_PREFIX). The launcher writes the session file and the prefix; Claude Code
// appends the line. The line runs inside the session's sandbox (or, for orkeon-code's own hook command
// exactly, on the host); its exit status is this command's. See src/agents/claude-code/confine.ts.
import type { Command, CommanderError } from 'commander';
import fs from 'node:fs';

interface ConfineOptions {
  session?: string;
}

export const CONFINE_AGENTS = ['claude-code'] as const;

export function register(program: Command): void {
  const command = program
    .command('confine', { hidden: true })
    .description("run one line of an agent's shell in the session's sandbox (the program CLAUDE_CODE_SHELL_PREFIX names; the launcher sets it up)")
    .argument('<agent>', `the agent whose shell line this is: ${CONFINE_AGENTS.join(', ')}`)
    .argument('<line>', 'the line, as the agent hands it over')
    .requiredOption('--session <file>', "the session file the launcher wrote under $ORKEON_CODE_HOME")
    .action(async (agent: string, line: string, opts: ConfineOptions) => {
      process.exitCode = await runConfine(agent, line, opts);
    });
  command.exitOverride((err: CommanderError) => {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') throw err;
    // Exit 2: a refusal when the line was a hook's, a failed command when it was the shell's.
    fs.writeSync(2, `orkeon-code confine: ${err.message.replace(/^error: /, '').trim()}\n`);
    process.exit(2);
  });
}

async function runConfine(agent: string, line: string, opts: ConfineOptions): Promise<number> {
  const { confineLine, CONFINE_FAILED } = await import('../agents/claude-code/confine.js');
  const say = (text: string): void => {
    process.stderr.write(`orkeon-code: ${text}\n`);
  };
  if (agent !== 'claude-code') {
    say(`confine: '${agent.slice(0, 40)}' is not an agent orkeon-code confines; use ${CONFINE_AGENTS.join(', ')}`);
    return CONFINE_FAILED;
  }
  try {
    return await confineLine({ sessionFile: opts.session!, line, env: process.env, cwd: process.cwd(), say });
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    say(`cannot confine this command (${typeof code === 'string' ? code : 'internal error'}); nothing ran`);
    return CONFINE_FAILED;
  }
}
