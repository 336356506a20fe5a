// The shell front-end's public API: read a command as bash would, before any rule sees it.
export { initShellReader, readShellCommand, readShellCommandAsync, type ReadOptions } from './read.js';
export { validateInputCharacters } from './validate-input.js';
export { findGitVerb } from './commands/git.js';
export { normalisePath, normaliseCommandName, PROJECT_ROOT } from './paths.js';
export { MAX_INPUT_BYTES, MAX_TREE_DEPTH, MAX_NESTED_READS, MAX_COMMANDS, MAX_PIPES, DEFAULT_TIMEOUT_MS } from './limits.js';
export type * from './types.js';
