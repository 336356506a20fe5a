// The registry's one form. It is written as a JSON array with one absolute path string per line, and read
// ONLY in exactly that form: the text must equal what `formatRegistry` writes for the entries it holds
// (the final newline may be missing). Anything else — valid JSON on one line, other indentation, a
// comment, a relative or non-normalised path, a duplicate, an escape JSON.stringify would not write — is
// refused: a file that was not written by orkeon-code (or was edited into another shape) is not guessed at.
import path from 'node:path';

export type RegistryParse =
  | { readonly ok: true; readonly folders: readonly string[] }
  | { readonly ok: false; readonly reason: string };

/** `[]\n` when empty; else `[\n  "/a",\n  "/b"\n]\n`. */
export function formatRegistry(folders: readonly string[]): string {
  if (folders.length === 0) return '[]\n';
  return `[\n${folders.map((f) => `  ${JSON.stringify(f)}`).join(',\n')}\n]\n`;
}

/** Why a string may not be a registry entry, or null when it may. */
export function validateEntry(entry: unknown): string | null {
  if (typeof entry !== 'string') return `an entry is not a string (${JSON.stringify(entry)})`;
  if (entry.includes('\0')) return 'an entry holds a NUL character';
  if (!entry.startsWith('/')) return `${JSON.stringify(entry)} is not an absolute path`;
  if (path.posix.normalize(entry) !== entry || (entry !== '/' && entry.endsWith('/'))) {
    return `${JSON.stringify(entry)} is not a normalised path (no //, ., .. or trailing /)`;
  }
  return null;
}

export function parseRegistry(text: string): RegistryParse {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, reason: `it is not valid JSON (${(err as Error).message})` };
  }
  if (!Array.isArray(value)) return { ok: false, reason: 'it is not a JSON array of folders' };
  const seen = new Set<string>();
  for (const entry of value) {
    const bad = validateEntry(entry);
    if (bad !== null) return { ok: false, reason: bad };
    if (seen.has(entry as string)) return { ok: false, reason: `${JSON.stringify(entry)} is listed twice` };
    seen.add(entry as string);
  }
  const folders = value as string[];
  const canonical = formatRegistry(folders);
  if (text !== canonical && `${text}\n` !== canonical) {
    return { ok: false, reason: 'it is not written one folder a line, as orkeon-code writes it' };
  }
  return { ok: true, folders };
}
