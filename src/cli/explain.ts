// Placeholder until the 'explain' command is built; it refuses to pretend.
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('explain').description('(not built yet)').action(() => {
    throw Object.assign(new Error("'explain' is not built yet"), { code: 'ORKEON_NOT_BUILT' });
  });
}
