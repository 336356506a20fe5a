// `orkeon-code rules [--set NAME] [--count]`: the built-in dev-stage rules in the seed's own syntax.
import type { Command } from 'commander';
import { UsageError } from './exit-codes.js';

export function register(program: Command): void {
  program
    .command('rules')
    .description("list the dev-stage rule sets in the seed's syntax (534 rules; 536 with --set dev-batches' two allow rules)")
    .option('--set <name>', 'one set: git-readonly, inline-interpreters, read-noise, secrets, state-files, dev-batches')
    .option('--count', 'print how many rules instead of the rules')
    .action(async (opts: { set?: string; count?: boolean }) => {
      const sets = await import('../policy/sets/index.js');
      const names = [...sets.STAGE_SET_NAMES, sets.BATCH_SET];
      if (opts.set !== undefined && !names.includes(opts.set)) {
        throw new UsageError(`unknown rule set '${opts.set}'; the sets are: ${names.join(', ')}`);
      }
      const rules = opts.set === undefined ? sets.stageRules() : sets.ruleSet(opts.set);
      process.stdout.write(opts.count ? `${rules.length}\n` : rules.map((r) => `${r.text}\n`).join(''));
    });
}
