// `orkeon-code check [--json] [--jsonl] [--mode M] [--stage] [--rule R]… [--settings F] [--] "<command>"`:
// decides one command (or, with --jsonl, one tool call a line of standard input) without running it.
// Exit 0 allow, 1 deny, 2 ask, 64 usage. `check` never prompts: with no terminal an ask is reported as a
// deny that names what would allow it. The heavy modules are imported in the action, not at registration.
import type { Command } from 'commander';
import { EXIT, UsageError } from './exit-codes.js';
import { addGateOptions, type GateOptionValues } from './options.js';

interface CheckOptions extends GateOptionValues {
  json?: boolean;
  jsonl?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command('check')
    .description('decide a shell command (or --jsonl tool calls) without running it: exit 0 allow, 1 deny, 2 ask')
    .argument('[command...]', 'the shell command (quote it, or put it after --)')
    .option('--json', 'print the decision as JSON')
    .option('--jsonl', 'read {"tool":…,"args":{…}} lines from standard input, write one JSON decision a line');
  addGateOptions(command, { batch: true }).action(async (words: string[], opts: CheckOptions) => {
    process.exitCode = await runCheck(words, opts);
  });
}

async function runCheck(words: string[], opts: CheckOptions): Promise<number> {
  const [policy, settingsStage, render, { parseRuleTexts }] = await Promise.all([import('../policy/index.js'), import('../settings/index.js'), import('./check-render.js'), import('../policy/rule-options.js')]);
  if (opts.mode !== undefined && !policy.isMode(opts.mode)) {
    throw new UsageError(`--mode '${opts.mode}' is not a mode; use one of ${policy.MODES.join(', ')}`);
  }
  const command = words.join(' ');
  if (opts.jsonl && words.length) throw new UsageError('give either a command or --jsonl (tool calls on standard input), not both');
  if (!opts.jsonl && !words.length) throw new UsageError('give a command to check (orkeon-code check -- "git status"), or --jsonl');
  if (opts.batch && !opts.stage) throw new UsageError('--batch adds the allow rules of a dev-stage batch: use it with --stage');

  const loaded = settingsStage.loadUserSettings({ file: opts.settings ?? null, env: process.env });
  if (loaded.issues.length) {
    const lines = loaded.issues.map((i) => `${i.key}${i.value !== null ? ` = ${i.value}` : ''}: ${i.message} (fix: ${i.fix})`);
    if (opts.settings !== undefined) throw new UsageError(`settings ${opts.settings}: ${lines.join('; ')}`);
    for (const l of lines) process.stderr.write(`orkeon-code: settings: ${l}\n`);
  }
  const settings = loaded.settings;
  if (!settings.gate.enabled) {
    process.stderr.write('orkeon-code: the user settings disable the gate (Orkeon:Security:PermissionGate:Enabled=false); check decides as the gate would if it were on\n');
  }

  const parsedRules = parseRuleTexts(opts.rule);
  if (!parsedRules.ok) throw new UsageError(`--rule '${parsedRules.text}': ${parsedRules.error}`);
  for (const w of parsedRules.warnings) process.stderr.write(`orkeon-code: --rule '${w.text}': ${w.warning}\n`);
  const rules = parsedRules.rules;

  // A `plan:` prefix belongs to a person's request, never to a command: an agent must not pick its mode by
  // writing `bypassPermissions: …` in the command it sends, so check reads none.
  const source = command;
  const resolved = policy.resolveMode({ option: (opts.mode as never) ?? null, fallback: settings.permissions.fallback });

  const shell = await import('../shell/index.js');
  await shell.initShellReader();
  const terminal = Boolean(process.stdin.isTTY && process.stdout.isTTY);
  const built = policy.buildGateContext({
    mode: resolved.mode,
    modeSource: resolved.source,
    rules,
    stage: !!opts.stage,
    batch: !!opts.batch,
    shell: { allowInterpreters: settings.shell.allowInterpreters, allowlist: settings.shell.allowlist },
    terminal,
    extraTools: settings.tools.extra,
    readShell: shell.readShellCommand,
  });
  for (const w of built.warnings) process.stderr.write(`orkeon-code: ${w}\n`);
  const ctx = built.context;

  if (opts.jsonl) {
    await render.decideLines(ctx, process.stdin, (line) => process.stdout.write(`${line}\n`));
    return EXIT.ok;
  }
  const decision = policy.decide({ tool: 'shell_command', args: { command: source } }, ctx);
  process.stdout.write(opts.json ? `${JSON.stringify(render.decisionJson(decision))}\n` : render.readable(source, decision));
  return decision.decision === 'allow' ? EXIT.ok : decision.decision === 'ask' ? EXIT.ask : EXIT.deny;
}
