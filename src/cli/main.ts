// The CLI's one entry: registers every command (registration modules are light; each action
// imports its stage lazily so a one-shot `explain` or `check` does not pay for the others).
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { EXIT, UsageError } from './exit-codes.js';
import { register as registerExplain } from './explain.js';
import { register as registerCheck } from './check.js';
import { register as registerRules } from './rules.js';
import { register as registerTrust } from './trust.js';
import { register as registerLaunch } from './launch.js';
import { register as registerExec } from './exec.js';
import { register as registerCrew } from './crew.js';
import { register as registerAgents } from './agents.js';

export async function main(argv: readonly string[]): Promise<number> {
  const program = new Command('orkeon-code');
  program.description('Sandboxed launcher and shell confinement wrapper for AI coding agents.');
  // package.json is read only when the version is asked for; otherwise the option is only listed in --help.
  if (asksVersion(argv)) program.version(packageVersion(), VERSION_FLAGS, VERSION_HELP);
  else program.option(VERSION_FLAGS, VERSION_HELP);
  program
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) })
    .exitOverride()
    .showHelpAfterError('(orkeon-code --help lists the commands and options)');
  registerExplain(program);
  registerCheck(program);
  registerRules(program);
  registerTrust(program);
  registerLaunch(program);
  registerExec(program);
  registerCrew(program);
  registerAgents(program);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (err) {
    return exitCodeOf(err);
  }
}

const VERSION_FLAGS = '-V, --version';
const VERSION_HELP = 'print the version of orkeon-code';

/** Whether an argument could be the version option: --version, --version=…, or -V alone or among short flags. */
function asksVersion(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--version' || a.startsWith('--version=') || /^-[A-Za-z]*V/.test(a));
}

// dist/cli/main.js and src/cli/main.ts both sit two folders below the package's root.
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : 'unknown';
}

function exitCodeOf(err: unknown): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
      return EXIT.ok;
    }
    return EXIT.usage;
  }
  if (err instanceof UsageError) {
    process.stderr.write(`orkeon-code: ${err.message}\n`);
    return EXIT.usage;
  }
  const code = (err as { code?: unknown } | null)?.code;
  process.stderr.write(`orkeon-code: internal error${typeof code === 'string' ? ` (${code})` : ''}: ${(err as Error)?.stack ?? String(err)}\n`);
  return 70; // EX_SOFTWARE: a bug or a broken environment, never something a user caused
}
