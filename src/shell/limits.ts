// The reader's documented bounds. Each one turns an input that could exhaust the process (memory, stack,
// time) into a refusal value instead; SECURITY.md and the README quote these numbers.

/** Largest input read, in UTF-8 bytes (64 KiB). Agents' commands are a few hundred bytes. */
export const MAX_INPUT_BYTES = 64 * 1024;

/**
 * Deepest syntax tree walked. The walk recurses once per level, so this bounds the JS stack it uses;
 * `$( $( $( … ) ) )` nested 100 deep is about 300 levels of tree.
 */
export const MAX_TREE_DEPTH = 1000;

/**
 * Deepest chain of strings read as shell inside shell: `eval`, `bash -c`, backquotes, alias values,
 * environment values a program runs, … (`eval "eval \"eval …\""`). Each level is a new parse.
 */
export const MAX_NESTED_READS = 16;

/**
 * Most pipe operators (`|`, `|&`) one text may hold outside quotes and here-documents. tree-sitter's error
 * recovery at the end of a long pipeline costs time and memory quadratic in its length (8,000 pipes: 3 s
 * and 800 MB; 16,000: the wasm runs out of memory), so longer ones are refused before parsing.
 */
export const MAX_PIPES = 1000;

/** Most simple commands one input may yield (a bound on the work a crafted input can cause). */
export const MAX_COMMANDS = 4096;

/**
 * Default wall-clock budget for one read, parses of nested strings included, in milliseconds. An ordinary
 * agent command reads in well under a millisecond; the largest accepted input (64 KiB of short commands)
 * takes about a second on a busy 2-core machine. The budget bounds what a crafted input can cost.
 */
export const DEFAULT_TIMEOUT_MS = 5000;
