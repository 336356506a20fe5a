// The trust stage: a folder in, whether a session may start there out. Order matters: the real path is
// resolved first (nothing inside the folder is read), then the registry, then the once-only ways in
// (--trust, ORKEON_CODE_TRUST=1 with CI=true), then the question when there is a terminal.
import { wideTrust } from './coverage.js';
import { resolveRealFolder } from './folder.js';
import { realHome } from './home.js';
import { declinedMessage, ignoredTrustEnvMessage, noTerminalMessage, trustQuestion, wideTrustWarning } from './messages.js';
import { TrustRegistry } from './registry.js';
import type { TrustOutcome, TrustRequest } from './types.js';

/** Whether the environment starts an untrusted folder once: ORKEON_CODE_TRUST=1 together with CI=true. */
export function trustFromEnv(env: TrustRequest['env']): boolean {
  return env.ORKEON_CODE_TRUST === '1' && env.CI === 'true';
}

export async function resolveTrust(req: TrustRequest): Promise<TrustOutcome> {
  const folder = resolveRealFolder(req.folder, req.cwd ?? process.cwd());
  if (!folder.ok) return { kind: 'bad-folder', folder: folder.folder, message: folder.message };
  const { realPath } = folder;
  if (req.demo === true) return { kind: 'start', realPath, via: 'demo', message: null };

  const registry = TrustRegistry.forEnv(req.env);
  const notes: string[] = [];
  const envNote = ignoredTrustEnvMessage(req.env);
  if (envNote !== null) notes.push(envNote);
  const joined = (): string | null => (notes.length === 0 ? null : notes.join('\n'));

  const covering = registry.covering(realPath);
  if (covering.ok && covering.coveredBy !== null) return { kind: 'start', realPath, via: 'registry', message: joined() };
  if (!covering.ok) notes.push(covering.message);

  if (req.trustFlag) return { kind: 'start', realPath, via: 'flag', message: joined() };
  if (trustFromEnv(req.env)) return { kind: 'start', realPath, via: 'env', message: joined() };
  if (!covering.ok) return { kind: 'registry-broken', registryPath: covering.registryPath, message: covering.message };
  if (!req.prompt.interactive) return { kind: 'no-terminal', realPath, message: [...notes, noTerminalMessage(realPath)].join('\n') };

  const question = trustQuestion({
    realPath,
    named: folder.named,
    viaLink: folder.viaLink,
    registryPath: registry.path,
    warning: wideTrustWarning(realPath, wideTrust(realPath, realHome(req.env))),
  });
  const answer = await req.prompt.ask(notes.length === 0 ? question : `${joined()}\n${question}`);
  if (!isYes(answer)) return { kind: 'declined', realPath, message: declinedMessage(realPath) };

  const saved = await registry.add(realPath);
  if (saved.ok) return { kind: 'start', realPath, via: 'answer', message: `Saved ${realPath} in ${registry.path}.` };
  if (saved.kind === 'broken') return { kind: 'registry-broken', registryPath: saved.registryPath, message: saved.message };
  // Answered yes but the registry could not take it (its lock stayed busy): start as answered, say so.
  return { kind: 'start', realPath, via: 'answer', message: `${realPath} was not saved (${saved.message}); it starts this once.` };
}

/** `y` or `yes`, any case, spaces around ignored; anything else (an empty line, end of input, `n`, noise) is no. */
export function isYes(answer: string | null): boolean {
  if (answer === null) return false;
  const a = answer.trim().toLowerCase();
  return a === 'y' || a === 'yes';
}
