// `orkeon-code agents [--json]`: which agents orkeon-code guards through their own seams, how each is
// wired, and whether its program is on this PATH. Also registers the two seams' own commands, `hook` and
// `confine`, so the CLI's entry registers the agents in one place.
import type { Command } from 'commander';
import { register as registerHook } from './hook.js';
import { register as registerConfine } from './confine.js';

export function register(program: Command): void {
  registerHook(program);
  registerConfine(program);
  program
    .command('agents')
    .description('list the agents orkeon-code guards through their hook and shell prefix, and how each is wired')
    .option('--json', 'print the list as JSON')
    .action(async (opts: { json?: boolean }) => {
      const [{ AGENTS }, { findExecutable }] = await Promise.all([import('../agents/index.js'), import('../sandbox/probe.js')]);
      const found = (id: string): string | null => (id === 'claude-code' ? findExecutable('claude', process.env.PATH) : null);
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(AGENTS.map((a) => ({ ...a, found: found(a.id) })), null, 2)}\n`);
        return;
      }
      const out: string[] = [];
      for (const a of AGENTS) {
        const where = found(a.id);
        out.push(`${a.id}  ${a.name}${where === null ? ' (claude is not on PATH)' : ` (${where})`}`);
        out.push(`  start:  ${a.start}`);
        out.push(`  when:   ${a.command}`);
        out.push(`  hook:   ${a.hook}`);
        out.push(`  shell:  ${a.shell}`);
        out.push(`  files:  ${a.files}`);
        out.push(`  mode:   ${a.mode}`);
      }
      process.stdout.write(`${out.join('\n')}\n`);
    });
}
