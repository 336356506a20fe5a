// The hook's command line, read the same way by `orkeon-code hook` and by the hook entry the launcher
// writes into the generated settings (hook-main.ts, which starts without the CLI's other commands). A
// value is best written `--opt=value` (the launcher does): a rule or a path then never reads as an option.
import { parseArgs } from 'node:util';
import type { HookOptions } from './hook.js';

export const HOOK_AGENTS = ['claude-code'] as const;

export const HOOK_USAGE = `usage: orkeon-code hook claude-code [options]   (one PreToolUse call on standard input)

Answers one Claude Code PreToolUse call with allow, ask or deny as hook JSON on standard output, exit 0.
Every failure, a wrong option included, is a printed deny.

  --mode <mode>          the session's mode: plan, dontAsk, default, acceptEdits, bypassPermissions
                         (Claude Code's own permission mode can only narrow it)
  --stage                put the five dev-stage rule sets in the gate (534 rules)
  --batch                with --stage, add a batch's two allow rules (run_tests, run_build)
  --rule <rule>          a session rule, \`allow|deny <tool> [<argument>=<pattern>]\` (repeatable)
  --settings <file>      the user settings file (default $ORKEON_CODE_HOME/settings.json)
  --project <dir>        the project folder, seen as /workspace (default $CLAUDE_PROJECT_DIR)
  --output <dir>         the host folder the session sees as /output
  --mount <p:v[:ro|rw]>  one of the session's mounts, host side absolute (repeatable)
  --socket <path>        the launcher's gate server for this session (its hook entry asks it first)
`;

export type HookArgs =
  | { readonly ok: true; readonly help: true }
  | { readonly ok: true; readonly help: false; readonly agent: string; readonly options: HookOptions }
  | { readonly ok: false; readonly message: string };

export function parseHookArgs(argv: readonly string[]): HookArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: 'boolean', short: 'h' },
        mode: { type: 'string' },
        stage: { type: 'boolean' },
        batch: { type: 'boolean' },
        rule: { type: 'string', multiple: true },
        settings: { type: 'string' },
        project: { type: 'string' },
        output: { type: 'string' },
        mount: { type: 'string', multiple: true },
        // The launcher's gate server (hook-main.ts asks it first); the hook itself does not use it.
        socket: { type: 'string' },
      },
    });
  } catch (err) {
    return { ok: false, message: (err as Error).message.split('\n')[0]! };
  }
  const v = parsed.values;
  if (v.help) return { ok: true, help: true };
  if (parsed.positionals.length !== 1) return { ok: false, message: `name the agent, once: orkeon-code hook ${HOOK_AGENTS.join('|')} [options]` };
  const agent = parsed.positionals[0]!;
  if (!(HOOK_AGENTS as readonly string[]).includes(agent)) return { ok: false, message: `'${agent.slice(0, 40)}' is not an agent this hook serves; use ${HOOK_AGENTS.join(', ')}` };
  const options: HookOptions = {
    ...(v.mode === undefined ? {} : { mode: v.mode }),
    ...(v.stage ? { stage: true } : {}),
    ...(v.batch ? { batch: true } : {}),
    rule: v.rule ?? [],
    ...(v.settings === undefined ? {} : { settings: v.settings }),
    ...(v.project === undefined ? {} : { project: v.project }),
    ...(v.output === undefined ? {} : { output: v.output }),
    mount: v.mount ?? [],
  };
  return { ok: true, help: false, agent, options };
}
