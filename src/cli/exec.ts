// `orkeon-code exec [gate options] [--confinement M] [--mount …] [--output DIR] [--network] [--trust]
// [--] "<command>"`: decides one command and runs it confined, with the working folder as the project.
// The stages run in one direction, as the launcher's do: the options are read (nothing of the folder yet),
// then trust (the folder's real path; exit 3 with no terminal, 0 when declined), then the user's settings
// and the project's .orkeon/config.json (which can only narrow them), then the gate, then the backend with
// the project at /workspace. A single simple command runs as an argv with no shell; a line with operators,
// redirections, assignments or words bash expands runs under `bash -c` in the sandbox, after every part
// of it passed the gate. A refusal exits 126 with its reasons (rule, set, what to do instead) on standard
// error; an ask with no terminal is a refusal. Otherwise the exit status is the command's.
import type { Command } from 'commander';
import { EXIT, UsageError } from './exit-codes.js';
import { addConfinementOptions, addGateOptions, type ConfinementOptionValues, type GateOptionValues } from './options.js';
import type { Mode } from '../policy/types.js';
import type { MountSpec } from '../mounts/types.js';
import type { ConfinementMode } from '../sandbox/types.js';

interface ExecOptions extends GateOptionValues, ConfinementOptionValues {
  trust?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command('exec')
    .description('decide a shell command and run it confined, the working folder mounted at /workspace (126: refused)')
    .argument('[command...]', 'the shell command (quote it, or put it after --)');
  addConfinementOptions(addGateOptions(command, { batch: true }))
    .option('--trust', 'run in an untrusted folder this once, saving nothing')
    .action(async (words: string[], opts: ExecOptions) => {
      process.exitCode = await runExec(words, opts);
    });
}

async function runExec(words: string[], opts: ExecOptions): Promise<number> {
  const say = (line: string): void => {
    process.stderr.write(`orkeon-code: ${line}\n`);
  };
  const [policy, mounts, sandboxStage, { parseRuleTexts }, { oneLine, reasonLines, refusalText }, { lineArgv }] = await Promise.all([
    import('../policy/index.js'),
    import('../mounts/index.js'),
    import('../sandbox/index.js'),
    import('../policy/rule-options.js'),
    import('../session/refusal.js'),
    import('../session/line-argv.js'),
  ]);
  // Probe bubblewrap now (it runs `true` in a tiny sandbox and touches nothing of the folder), so its few
  // milliseconds overlap trust, settings and the gate; openSandbox gets the cached answer.
  if (opts.confinement === undefined || opts.confinement === 'auto' || opts.confinement === 'bubblewrap') void sandboxStage.probeBubblewrap(process.env.PATH);

  // The command line alone: nothing of the folder is read here.
  if (opts.mode !== undefined && !policy.isMode(opts.mode)) throw new UsageError(`--mode '${opts.mode}' is not a mode; use one of ${policy.MODES.join(', ')}`);
  if (opts.confinement !== undefined && !(sandboxStage.CONFINEMENT_MODES as readonly string[]).includes(opts.confinement)) {
    throw new UsageError(`--confinement '${opts.confinement}' is not a backend; use one of ${sandboxStage.CONFINEMENT_MODES.join(', ')}`);
  }
  if (opts.batch && !opts.stage) throw new UsageError('--batch adds the allow rules of a dev-stage batch: use it with --stage');
  const command = words.join(' ');
  if (command.trim() === '') throw new UsageError('give a command to run (orkeon-code exec -- "git status")');
  const specs: MountSpec[] = [];
  for (const text of opts.mount) {
    const parsed = mounts.parseMountString(text);
    if (!parsed.ok) throw new UsageError(parsed.error.message);
    specs.push(parsed.value);
  }
  const parsedRules = parseRuleTexts(opts.rule);
  if (!parsedRules.ok) throw new UsageError(`--rule '${parsedRules.text}': ${parsedRules.error}`);
  for (const w of parsedRules.warnings) say(`--rule '${w.text}': ${w.warning}`);
  const rules = parsedRules.rules;

  // Load the bash grammar meanwhile (it reads orkeon-code's own files, nothing of the folder); the wasm
  // compiles on V8's background threads while trust and the settings do their I/O.
  const shellReady = import('../shell/index.js').then(async (shell) => {
    await shell.initShellReader();
    return shell;
  });
  shellReady.catch(() => undefined); // awaited below; a refusal before then must not end in an unhandled rejection

  // Trust, exactly as the launcher obeys it.
  const trust = await import('../trust/index.js');
  const prompt = trust.terminalTrustPrompt();
  const outcome = await trust.resolveTrust({ folder: '.', trustFlag: opts.trust === true, env: process.env, prompt, cwd: process.cwd() });
  if (outcome.message !== null) say(outcome.message);
  if (outcome.kind !== 'start') return trust.exitCodeForTrust(outcome, 'launcher');
  const project = outcome.realPath;

  // Trust said yes: the settings, the project's file included, read exactly as the launcher reads them
  // (settings it cannot read as written refuse the command: exit 78, nothing runs).
  const { resolveAndSayLaunchSettings } = await import('./launch.js');
  const resolved = await resolveAndSayLaunchSettings({ settingsOption: opts.settings ?? null, env: process.env, cwd: process.cwd(), project }, say);
  if (!resolved.ok) return resolved.exitCode;
  const settings = resolved.value;

  // The gate.
  const split = opts.mode === undefined ? policy.splitModePrefix(command) : { mode: null, rest: command };
  const source = split.rest;
  const mode = policy.resolveMode({ option: (opts.mode as Mode | undefined) ?? null, requestPrefix: split.mode, fallback: settings.fallback });
  const shell = await shellReady;
  const built = policy.buildGateContext({
    mode: mode.mode,
    modeSource: mode.source,
    rules,
    stage: opts.stage === true,
    batch: opts.batch === true,
    shell: { allowInterpreters: settings.effective.shell.allowInterpreters, allowlist: settings.effective.shell.allowlist },
    terminal: prompt.interactive,
    extraTools: settings.effective.tools.extra,
    readShell: shell.readShellCommand,
    mounts: mounts.mountViewOf(specs),
  });
  for (const w of built.warnings) say(w);
  const decision = policy.decide({ tool: 'shell_command', args: { command: source } }, built.context);
  if (decision.decision === 'deny') {
    process.stderr.write(refusalText(source, decision, 'orkeon-code: '));
    return EXIT.refused;
  }
  if (decision.decision === 'ask') {
    process.stderr.write(reasonLines(decision));
    const answer = await prompt.ask(`approve shell_command \`${oneLine(source)}\`? [y] once / [n] no `);
    if (!trust.isYes(answer)) {
      say('refused at the question: nothing ran');
      return EXIT.refused;
    }
  }

  // What passed runs confined: one simple command as an argv, anything else under bash -c.
  const read = shell.readShellCommand(source);
  if (!read.ok) {
    // The gate read the same text; a reading that fails now is refused, never run.
    say(`refused: ${read.refusal.message}`);
    return EXIT.refused;
  }
  const argv = lineArgv(read.reading, source);

  const { openSandbox, runInvocation } = sandboxStage;
  const opened = await openSandbox({
    mode: ((opts.confinement as ConfinementMode | undefined) ?? settings.confinement) as ConfinementMode,
    project,
    orkeonHome: trust.orkeonHome(process.env),
    cwd: process.cwd(),
    output: opts.output ?? null,
    mounts: opts.mount,
    userConfig: settings.userBlock,
    hostEnv: process.env,
    envSettings: settings.envSettings,
    network: opts.network === true || settings.network,
    command: argv,
    image: settings.image,
    protect: settings.file === null ? [] : [settings.file],
  });
  if (!opened.ok) {
    say(opened.error.message);
    return sandboxStage.SETUP_EXIT[opened.error.code];
  }
  const sandbox = opened.value;
  try {
    for (const w of sandbox.warnings) say(w);
    const result = await runInvocation(sandbox.invocation, { stdin: 'inherit', stdout: 'inherit', stderr: 'inherit' });
    if (!result.started && result.error !== null) say(result.error);
    const planted = sandbox.planted();
    if (planted.length > 0) {
      say(`the command created git files that git outside the sandbox would read or run; look at them before you use git here: ${planted.join(', ')}`);
    }
    return result.exitCode;
  } finally {
    sandbox.close();
  }
}
