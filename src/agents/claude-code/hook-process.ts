// The hook as a process: its command line, its deadline, standard input in, one line of hook JSON out,
// exit 0 (Claude Code goes on with a call whose hook fails any other way, or times out: measured with
// 2.1.332). Shared by `orkeon-code hook` and the launcher's hook entry (hook-main.ts).
import fs from 'node:fs';
import { HOOK_USAGE, parseHookArgs } from './hook-args.js';
import { HOOK_DEADLINE_MS } from './settings-file.js';
import { hookJson, readBoundedStdin, refusalText } from './hook-input.js';

/** A deny, as one line of hook JSON (decision.ts's denyAnswer with nothing to redact, without loading the gate). */
function denyLine(message: string, remedy: string): string {
  return `${hookJson('deny', refusalText(message, remedy))}\n`;
}

/**
 * `input`: standard input already read (by hook-main.ts, before it asked the gate server); `startedAt`:
 * when the hook process started, which the deadline counts from.
 */
export async function runHookProcess(argv: readonly string[], input?: Buffer, startedAt: number = Date.now()): Promise<number> {
  // Pipes and files are written synchronously: an answer is out before the process ends.
  setTimeout(() => {
    fs.writeSync(1, denyLine('the hook did not decide in time', 'try the call again; if it keeps happening, report it'));
    process.exit(0);
  }, Math.max(0, HOOK_DEADLINE_MS - (Date.now() - startedAt))).unref();
  const args = parseHookArgs(argv);
  if (args.ok && args.help) {
    process.stdout.write(HOOK_USAGE);
    return 0;
  }
  if (!args.ok) {
    process.stderr.write(`orkeon-code hook: ${args.message}\n`);
    process.stdout.write(denyLine(`the hook's command line is wrong (${args.message})`, 'fix the hook command in the Claude Code settings (orkeon-code hook --help)'));
    return 0;
  }
  const hook = await import('./hook.js');
  let stdin: Buffer;
  try {
    stdin = input ?? (await readBoundedStdin(process.stdin));
  } catch (err) {
    process.stdout.write(denyLine(`the hook could not read its input (${(err as NodeJS.ErrnoException).code ?? 'error'})`, 'nothing ran; try the call again'));
    return 0;
  }
  const answer = await hook.answerHook(stdin, args.options, process.env, (line) => process.stderr.write(`orkeon-code hook: ${line}\n`));
  process.stdout.write(`${answer}\n`);
  return 0;
}
