// The reader's entry: one command string in, one reading or one refusal out. Never throws for any input:
// a refusal is a value, and an internal failure is the refusal 'parser-failure'.
import { ReadError } from './lexer.js';
import { DEFAULT_TIMEOUT_MS } from './limits.js';
import { initParser, isShellReaderReady, notReadyRefusal } from './parser.js';
import type { ReadState } from './text-reader.js';
import type { ShellReadResult, SimpleCommand } from './types.js';
import { validateInputCharacters } from './validate-input.js';

/**
 * The walker and every command's grammar, loaded while the wasm compiles: a one-shot CLI process pays for
 * the larger of the two, not for both.
 */
let reader: typeof import('./text-reader.js') | null = null;
let loadingReader: Promise<void> | null = null;

/** Loads web-tree-sitter, the bash grammar and the reader once per process; later calls share the work. */
export async function initShellReader(): Promise<void> {
  loadingReader ??= import('./text-reader.js').then((m) => {
    reader = m;
  });
  await Promise.all([initParser(), loadingReader]);
}

export interface ReadOptions {
  /** Wall-clock budget for the whole read, nested strings included (default 5000 ms). */
  readonly timeoutMs?: number;
}

/** Reads one command as bash would. Synchronous; `initShellReader()` must have resolved first. */
export function readShellCommand(source: string, options: ReadOptions = {}): ShellReadResult {
  try {
    if (typeof source !== 'string') {
      return { ok: false, refusal: { code: 'parser-failure', message: 'the command is not a string' } };
    }
    const invalid = validateInputCharacters(source);
    if (invalid) return { ok: false, refusal: invalid };
    if (!isShellReaderReady() || !reader) return { ok: false, refusal: notReadyRefusal() };
    const state: ReadState = {
      deadline: performance.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      commands: [],
      depth: 0,
      innerDepth: 0,
    };
    const line = reader.readShellText(source, { via: [], stdin: 'inherited', stdinText: null, redirects: [] }, state, true);
    // the mutable commands are this read's own: frozen where they are, not copied
    const commands: SimpleCommand[] = state.commands.map((c) => Object.freeze(c));
    return { ok: true, reading: { line: collapseBlanks(line).trim(), commands } };
  } catch (err) {
    if (err instanceof ReadError) {
      return { ok: false, refusal: err.offset === undefined ? { code: err.refusalCode, message: err.message } : { code: err.refusalCode, message: err.message, offset: err.offset } };
    }
    if (err instanceof RangeError) {
      return { ok: false, refusal: { code: 'too-deep', message: 'the command nests too deeply to read' } };
    }
    return { ok: false, refusal: { code: 'parser-failure', message: `the reader failed on this command (${(err as Error)?.message ?? String(err)}); it is refused` } };
  }
}

/** Runs of spaces, tabs and newlines as one space (the regex only runs when there is such a run). */
function collapseBlanks(line: string): string {
  return line.includes('  ') || line.includes('\t') || line.includes('\n') ? line.replace(/[ \t\n]+/g, ' ') : line;
}

/** Convenience: initialises the reader (once per process), then reads. */
export async function readShellCommandAsync(source: string, options: ReadOptions = {}): Promise<ShellReadResult> {
  await initShellReader();
  return readShellCommand(source, options);
}
