// What the trust stage says to the person at the terminal (host paths are fine here: this is the
// user's own launcher talking to them, never a message meant for an agent).
import type { WideTrust } from './coverage.js';

export function wideTrustWarning(folder: string, wide: WideTrust | null): string | null {
  if (wide === null) return null;
  switch (wide.kind) {
    case 'root':
      return 'Warning: / is the root of the file system: trusting it trusts every folder on this machine.';
    case 'home':
      return `Warning: ${folder} is your home folder: trusting it trusts every folder below it, all your projects included.`;
    case 'above-home':
      return `Warning: ${folder} holds your home folder (${wide.home}): trusting it trusts every folder below it, your home folder and all your projects included.`;
  }
}

export function trustQuestion(input: { realPath: string; named: string; viaLink: boolean; registryPath: string; warning: string | null }): string {
  const lines = [
    `orkeon-code has not been started in ${input.realPath} before.`,
    ...(input.viaLink ? [`(${input.named} is a symbolic link: ${input.realPath}, the folder it leads to, is the one asked about, saved and mounted.)`] : []),
    'An agent started here reads its AGENTS.md, .orkeon/config.json and .orkeon/repo.yaml, may run the',
    'commands .orkeon/repo.yaml names, and git runs the folder\'s hooks through the shell. Nothing of it',
    'has been read yet.',
    `Trusting it saves it in ${input.registryPath}; every folder below it then starts without this question.`,
    ...(input.warning === null ? [] : [input.warning]),
    `Trust ${input.realPath}? [y/N] `,
  ];
  return lines.join('\n');
}

export function noTerminalMessage(realPath: string): string {
  return [
    `${realPath} is not a trusted folder, and there is no terminal to ask whether to trust it; nothing was started.`,
    'To start there anyway, one of:',
    '  --trust                                    start this once, save nothing',
    '  ORKEON_CODE_TRUST=1 in a CI job (CI=true)  start this once, save nothing',
    `  orkeon-code trust add ${shellQuote(realPath)}`,
    '                                             trust it from now on',
  ].join('\n');
}

export function declinedMessage(realPath: string): string {
  return `${realPath} was not trusted; nothing was started (orkeon-code trust add ${shellQuote(realPath)} trusts it later).`;
}

/** Why ORKEON_CODE_TRUST did not count, or null when it is unset or counts. */
export function ignoredTrustEnvMessage(env: Readonly<Record<string, string | undefined>>): string | null {
  const value = env.ORKEON_CODE_TRUST;
  if (value === undefined || value === '') return null;
  if (value !== '1') return `ORKEON_CODE_TRUST=${value} is ignored: only ORKEON_CODE_TRUST=1 (with CI=true) starts an untrusted folder.`;
  if (env.CI !== 'true') {
    return `ORKEON_CODE_TRUST=1 is ignored because CI is not "true" (it counts only in a CI job, with CI=true); use --trust to start this once.`;
  }
  return null;
}

export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
