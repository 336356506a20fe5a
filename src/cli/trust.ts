// Placeholder until the 'trust' command is built; it refuses to pretend.
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('trust').description('(not built yet)').action(() => {
    throw Object.assign(new Error("'trust' is not built yet"), { code: 'ORKEON_NOT_BUILT' });
  });
}
