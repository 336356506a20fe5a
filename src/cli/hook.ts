// `orkeon-code hook claude-code [--mode M] [--stage] [--batch] [--rule R]… [--settings F] [--project DIR]
// [--output DIR] [--mount physical:virtual[:ro|rw]]…`: a PreToolUse hook for Claude Code. Reads one call
// on standard input, prints Claude Code's hook JSON with allow, ask or deny and the reason, and exits 0.
// Claude Code goes on with a call when a hook fails any other way, so every failure here, a wrong option
// included, is a printed deny with exit 0: the command line is read by the hook itself
// (src/agents/claude-code/hook-args.ts), not by the CLI's parser, which would exit 64.
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('hook')
    .description("answer one call of an agent's pre-tool hook (claude-code: PreToolUse JSON on stdin, the decision as hook JSON on stdout; orkeon-code hook --help)")
    .argument('[agent-and-options...]', 'claude-code, then the hook options (orkeon-code hook --help lists them)')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (args: string[]) => {
      const { runHookProcess } = await import('../agents/claude-code/hook-process.js');
      process.exitCode = await runHookProcess(args);
    });
}
