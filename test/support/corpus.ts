// The evasion corpus and its reference settings: the workspace's shared copy (../shared/corpus, which may
// be newer) when it is there, else the copy committed under test/fixtures/corpus, so a fresh clone on any
// machine scores the same rows.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const shared = join(root, '..', 'shared', 'corpus');
const vendored = join(root, 'test', 'fixtures', 'corpus');

export const CORPUS_DIR = existsSync(join(shared, 'public.tsv')) ? shared : vendored;
export const CORPUS_FILE = join(CORPUS_DIR, 'public.tsv');
export const REFERENCE_SETTINGS_FILE = join(CORPUS_DIR, 'reference-settings.json');

/** The corpus README's escapes (`\\`, `\n`, `\r`, `\t`, `\0`, `\uXXXX`), decoded in one left-to-right pass. */
export function decodeCorpusCommand(s: string): string {
  return s.replace(/\\(\\|n|r|t|0|u[0-9A-Fa-f]{4})/g, (_, e: string) =>
    e === '\\' ? '\\' : e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e === '0' ? '\0' : String.fromCharCode(parseInt(e.slice(1), 16)),
  );
}

export interface CorpusRow {
  readonly id: string;
  readonly command: string;
  readonly category: string;
  readonly expected: string;
  readonly basis: string;
  readonly why: string;
}

/** Every row of the corpus, its command decoded. */
export function readCorpusRows(file: string = CORPUS_FILE): CorpusRow[] {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim().length > 0);
  const cols = header!.split('\t');
  return lines.map((l) => {
    const f = l.split('\t');
    const get = (n: string): string => f[cols.indexOf(n)] ?? '';
    return { id: get('id'), command: decodeCorpusCommand(get('command')), category: get('category'), expected: get('expected'), basis: get('basis'), why: get('why') };
  });
}

/** The benchmarks' corpus of commands coding agents send (bench/corpus/agent-commands.txt), decoded. */
export function readAgentCommands(): string[] {
  return readFileSync(join(root, 'bench', 'corpus', 'agent-commands.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map(decodeCorpusCommand);
}
