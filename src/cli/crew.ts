// `orkeon-code crew [--trust] [--keep-going] [gate options] <folder> <crew-file>`: runs a scripted crew
// through the launcher: the folder's trust exactly as the launcher obeys it (exit 3 with no terminal,
// unless --trust, or ORKEON_CODE_TRUST=1 with CI=true), the settings, the exports, then the crew file's
// tool calls, each through the gate with nobody to answer and, when allowed, confined (src/session/crew.ts).
// scripts/run-crew.sh runs this with no terminal.
import type { Command } from 'commander';
import { UsageError } from './exit-codes.js';
import { addConfinementOptions, addGateOptions, type ConfinementOptionValues, type GateOptionValues } from './options.js';
import type { LaunchOptions } from './launch.js';

interface CrewOptions extends GateOptionValues, ConfinementOptionValues {
  trust?: boolean;
  keepGoing?: boolean;
}

export function register(program: Command): void {
  const command = program
    .command('crew')
    .description('run a crew file\'s tool calls (one JSON object a line) through the gate and the confinement, with no questions; report in /output')
    .argument('<folder>', 'the project folder (/workspace)')
    .argument('<crew-file>', 'the crew file: {"tool":…,"args":{…}} a line; blank lines and # comments are skipped')
    .option('--trust', 'run in an untrusted folder this once, saving nothing')
    .option('--keep-going', 'run every step, even after a refusal or a failure');
  addConfinementOptions(addGateOptions(command)).action(async (folder: string, file: string, opts: CrewOptions) => {
      if (folder.trim() === '' || file.trim() === '') throw new UsageError('give the project folder and the crew file: orkeon-code crew <folder> <crew-file>');
      const { launch, processLaunchIo } = await import('./launch.js');
      const { keepGoing, ...launchOpts } = opts;
      const options: LaunchOptions = { ...launchOpts, crew: { file, keepGoing: keepGoing === true } };
      process.exitCode = await launch(folder, null, options, await processLaunchIo());
    });
}

