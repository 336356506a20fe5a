// `orkeon-code hook claude-code [--mode M] [--stage] [--batch] [--rule R]… [--settings F] [--project DIR]
// [--output DIR] [--mount physical:virtual[:ro|rw]]…`: the PreToolUse hook the launcher writes into the
// Claude Code settings it generates. Reads one call on standard input, prints Claude Code's hook JSON
// with allow, ask or deny and the reason, and exits 0. Claude Code goes on with a call when a hook fails
// any other way (an exit status other than 0 and 2), so every failure here, a bad option included, is a
// printed deny with exit 0.
import fs from 'node:fs';
import type { Command, CommanderError } from 'commander';

interface HookCliOptions {
  mode?: string;
  stage?: boolean;
  batch?: boolean;
  rule: string[];
  settings?: string;
  project?: string;
  output?: string;
  mount: string[];
}

export const HOOK_AGENTS = ['claude-code'] as const;

export function register(program: Command): void {
  const command = program
    .command('hook')
    .description("answer one call of an agent's pre-tool hook (claude-code: PreToolUse JSON on stdin, the decision as hook JSON on stdout)")
    .argument('<agent>', `the agent whose hook this is: ${HOOK_AGENTS.join(', ')}`)
    .option('--mode <mode>', "the session's mode: plan, dontAsk, default, acceptEdits or bypassPermissions (Claude Code's own mode can only narrow it)")
    .option('--stage', 'put the five dev-stage rule sets in the gate (534 rules)')
    .option('--batch', "with --stage, add a batch's two allow rules (run_tests, run_build)")
    .option('--rule <rule>', 'a session rule, `allow|deny <tool> [<argument>=<pattern>]` (repeatable)', collect, [])
    .option('--settings <file>', 'the user settings file (default $ORKEON_CODE_HOME/settings.json)')
    .option('--project <dir>', 'the project folder, seen as /workspace (default $CLAUDE_PROJECT_DIR)')
    .option('--output <dir>', 'the host folder the session sees as /output')
    .option('--mount <physical:virtual[:ro|rw]>', "one of the session's mounts, host side absolute (repeatable)", collect, [])
    .action(async (agent: string, opts: HookCliOptions) => {
      process.exitCode = await runHook(agent, opts);
    });
  command.exitOverride((err: CommanderError) => {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.help' || err.code === 'commander.version') throw err;
    // A hook that exits with a usage status lets Claude Code go on with the call: answer deny, exit 0.
    // Pipes and files are written synchronously, so the answer is out before the process ends.
    const why = err.message.replace(/^error: /, '').trim();
    const reason = `orkeon-code refused this call: the hook's command line is wrong (${why})\n  instead: fix the hook command in the Claude Code settings (orkeon-code hook claude-code --help)`;
    fs.writeSync(1, `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`);
    fs.writeSync(2, `orkeon-code hook: ${why}\n`);
    process.exit(0);
  });
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function runHook(agent: string, opts: HookCliOptions): Promise<number> {
  // Claude Code goes on with a call whose hook times out: answer deny first.
  const { HOOK_DEADLINE_MS } = await import('../agents/claude-code/settings-file.js');
  setTimeout(() => {
    const reason = 'orkeon-code refused this call: the hook did not decide in time\n  instead: try the call again; if it keeps happening, report it';
    fs.writeSync(1, `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`);
    process.exit(0);
  }, HOOK_DEADLINE_MS).unref();
  const hook = await import('../agents/claude-code/hook.js');
  const { denyAnswer } = await import('../agents/claude-code/decision.js');
  const { MAX_HOOK_INPUT_BYTES } = await import('../agents/claude-code/hook-input.js');
  if (agent !== 'claude-code') {
    process.stderr.write(`orkeon-code hook: '${agent}' is not an agent this hook serves; use one of ${HOOK_AGENTS.join(', ')}\n`);
    process.stdout.write(`${denyAnswer(`the hook was started for '${agent.slice(0, 40)}', which it does not serve`, `use orkeon-code hook ${HOOK_AGENTS.join('|')}`)}\n`);
    return 0;
  }
  let stdin: Buffer;
  try {
    stdin = await hook.readBoundedStdin(process.stdin, MAX_HOOK_INPUT_BYTES);
  } catch (err) {
    process.stdout.write(`${denyAnswer(`the hook could not read its input (${(err as NodeJS.ErrnoException).code ?? 'error'})`, 'nothing ran; try the call again')}\n`);
    return 0;
  }
  const answer = await hook.answerHook(stdin, opts, process.env, (line) => process.stderr.write(`orkeon-code hook: ${line}\n`));
  process.stdout.write(`${answer}\n`);
  return 0;
}
