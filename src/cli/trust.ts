// `orkeon-code trust list | add <dir> | remove <dir> | check <dir> [--trust]`: the registry by hand.
// Each action imports the trust stage lazily. Exit codes: see src/trust/exit.ts.
import type { Command } from 'commander';

export function register(program: Command): void {
  const trust = program
    .command('trust')
    .description('manage the trusted-folders registry ($ORKEON_CODE_HOME/trusted-folders.json)')
    .addHelpText('after', '\nExit codes: 0 ok; check: 3 refused (no terminal), 4 refused at the question; 1 not in the registry; 64 bad folder; 75 registry busy; 78 registry unreadable.');

  trust
    .command('list')
    .description('print the trusted folders, one a line')
    .action(async () => {
      const { TrustRegistry, TRUST_EXIT } = await import('../trust/index.js');
      const registry = TrustRegistry.forEnv(process.env);
      const read = registry.read();
      if (!read.ok) return fail(read.message, TRUST_EXIT.registryBroken);
      for (const folder of read.folders) process.stdout.write(`${folder}\n`);
      if (read.folders.length === 0) process.stderr.write(`orkeon-code: no trusted folders yet (${registry.path})\n`);
    });

  trust
    .command('add <dir>')
    .description('trust a folder (its real path) and every folder below it')
    .action(async (dir: string) => {
      const t = await import('../trust/index.js');
      const folder = t.resolveRealFolder(dir, process.cwd());
      if (!folder.ok) return fail(folder.message, t.TRUST_EXIT.badFolder);
      const registry = t.TrustRegistry.forEnv(process.env);
      const change = await registry.add(folder.realPath);
      if (!change.ok) return fail(change.message, change.kind === 'broken' ? t.TRUST_EXIT.registryBroken : t.TRUST_EXIT.busy);
      const link = folder.viaLink ? ` (${folder.named} is a symbolic link; its target is what is trusted)` : '';
      const warning = t.wideTrustWarning(folder.realPath, t.wideTrust(folder.realPath, t.realHome(process.env)));
      if (warning !== null) process.stderr.write(`orkeon-code: ${warning}\n`);
      const said =
        change.result === 'added'
          ? `trusted ${folder.realPath}${link}: it and every folder below it start without a question`
          : change.result === 'already-saved'
            ? `${folder.realPath} is already trusted${link}`
            : `${folder.realPath} is already trusted through ${change.coveredBy ?? '?'}${link}; nothing saved`;
      process.stdout.write(`${said}\n`);
    });

  trust
    .command('remove <dir>')
    .description('stop trusting a folder saved in the registry (a deleted folder can be removed too)')
    .action(async (dir: string) => {
      const t = await import('../trust/index.js');
      const entry = t.entryForRemoval(dir, process.cwd());
      const change = await t.TrustRegistry.forEnv(process.env).remove(entry);
      if (!change.ok) {
        const code = change.kind === 'broken' ? t.TRUST_EXIT.registryBroken : change.kind === 'not-saved' ? t.TRUST_EXIT.notSaved : t.TRUST_EXIT.busy;
        return fail(change.message, code);
      }
      process.stdout.write(`removed ${entry} from the trusted folders\n`);
    });

  trust
    .command('check <dir>')
    .description('answer 0 (can start), 3 (refused, no terminal) or 4 (refused at the question); with a terminal it asks')
    .option('--trust', 'start this once: answer 0 without saving anything')
    .action(async (dir: string, options: { trust?: boolean }) => {
      const t = await import('../trust/index.js');
      const outcome = await t.resolveTrust({ folder: dir, trustFlag: options.trust === true, env: process.env, prompt: t.terminalTrustPrompt() });
      if (outcome.message !== null && outcome.kind !== 'start') process.stderr.write(`orkeon-code: ${outcome.message}\n`);
      if (outcome.kind === 'start') {
        if (outcome.message !== null) process.stderr.write(`orkeon-code: ${outcome.message}\n`);
        process.stdout.write(`${outcome.realPath}: can start (${VIA[outcome.via]})\n`);
      }
      process.exitCode = t.exitCodeForTrust(outcome, 'check');
    });
}

const VIA = {
  registry: 'trusted',
  answer: 'trusted now',
  flag: '--trust, this once',
  env: 'ORKEON_CODE_TRUST=1 with CI=true, this once',
  demo: 'the demo fixture, this once',
} as const;

function fail(message: string, code: number): void {
  process.stderr.write(`orkeon-code: ${message}\n`);
  process.exitCode = code;
}
