// Placeholder until the 'rules' command is built; it refuses to pretend.
import type { Command } from 'commander';

export function register(program: Command): void {
  program.command('rules').description('(not built yet)').action(() => {
    throw Object.assign(new Error("'rules' is not built yet"), { code: 'ORKEON_NOT_BUILT' });
  });
}
