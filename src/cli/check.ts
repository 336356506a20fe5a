// Placeholder until the 'check' command is built; it refuses to pretend.
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('check').description('(not built yet)').action(() => {
    throw Object.assign(new Error("'check' is not built yet"), { code: 'ORKEON_NOT_BUILT' });
  });
}
