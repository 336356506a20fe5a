// The options every command that decides or runs shares, defined once so their names, values and help
// read the same in `check`, `exec`, `crew` and the launcher.
import type { Command } from 'commander';

/** Commander's collector for a repeatable option. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** What commander hands an action for addGateOptions's options. */
export interface GateOptionValues {
  mode?: string;
  stage?: boolean;
  /** Only where addGateOptions was asked for `--batch`. */
  batch?: boolean;
  rule: string[];
  settings?: string;
}

/** What commander hands an action for addConfinementOptions's options. */
export interface ConfinementOptionValues {
  confinement?: string;
  mount: string[];
  output?: string;
  network?: boolean;
}

/** `--mode`, `--stage`, `--rule`…, `--settings` (and `--batch` where a batch's allow rules make sense). */
export function addGateOptions(command: Command, extra: { batch?: boolean; stageNote?: string } = {}): Command {
  command
    .option('--mode <mode>', 'plan, dontAsk, default, acceptEdits or bypassPermissions')
    .option('--stage', `put the five dev-stage rule sets in the gate (534 rules${extra.stageNote ?? ''})`);
  if (extra.batch) command.option('--batch', "with --stage, add a batch's two allow rules (run_tests, run_build)");
  return command
    .option('--rule <rule>', 'a rule, `allow|deny <tool> [<argument>=<pattern>]` (repeatable; never saved)', collect, [])
    .option('--settings <file>', 'the user settings file (default $ORKEON_CODE_HOME/settings.json)');
}

/** `--confinement`, `--mount`…, `--output`, `--network`. */
export function addConfinementOptions(command: Command): Command {
  return command
    .option('--confinement <mode>', 'auto, bubblewrap, docker or none (default: Orkeon:Tools:Shell:Confinement:Mode, else auto)')
    .option('--mount <physical:virtual[:ro|rw]>', 'mount a host path (repeatable; read-only unless :rw)', collect, [])
    .option('--output <dir>', 'the host folder mounted at /output (default $ORKEON_CODE_HOME/output/<name>-<hash>)')
    .option('--network', "let the commands use the host's network");
}
