// The trust stage's public face: the launcher, `trust …` and `exec` all go through resolveTrust, so they
// obey trust the same way.
export type { TrustOutcome, TrustPrompt, TrustRequest } from './types.js';
export { resolveTrust, trustFromEnv, isYes } from './resolve.js';
export { terminalTrustPrompt, readLineSync } from './prompt.js';
export { TrustRegistry, brokenRegistryMessage, type RegistryChange, type RegistryRead } from './registry.js';
export { formatRegistry, parseRegistry, validateEntry } from './registry-format.js';
export { covers, findCover, wideTrust, type WideTrust } from './coverage.js';
export { resolveRealFolder, entryForRemoval, type FolderResolution } from './folder.js';
export { orkeonHome, registryPathOf, userHome, realHome, type Env } from './home.js';
export { trustQuestion, noTerminalMessage, declinedMessage, ignoredTrustEnvMessage, wideTrustWarning, shellQuote } from './messages.js';
export { TRUST_EXIT, exitCodeForTrust } from './exit.js';
