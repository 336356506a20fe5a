// The evasion corpus (../shared/corpus/public.tsv) under its reference policy: the five sets, the reference
// settings, bypassPermissions, no terminal. No row that must be denied or asked comes out allowed, rows
// expected deny come out deny, rows that must run come out allowed. Skipped loudly where the shared folder
// is absent (a machine without it); CI has it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseUserSettings } from '../../src/settings/index.js';
import { gate } from './real-gate.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpusFile = join(root, '..', 'shared', 'corpus', 'public.tsv');
const settingsFile = join(root, '..', 'shared', 'corpus', 'reference-settings.json');
const present = existsSync(corpusFile) && existsSync(settingsFile);
if (!present) console.warn(`corpus test skipped: ${corpusFile} is absent on this machine (the shared folder is not beside the project)`);

/** The README's escapes, decoded in one left-to-right pass. */
export function decodeCorpus(s: string): string {
  return s.replace(/\\(\\|n|r|t|0|u[0-9A-Fa-f]{4})/g, (_, e: string) =>
    e === '\\' ? '\\' : e === 'n' ? '\n' : e === 'r' ? '\r' : e === 't' ? '\t' : e === '0' ? '\0' : String.fromCharCode(parseInt(e.slice(1), 16)),
  );
}

interface Row {
  id: string;
  command: string;
  expected: string;
  basis: string;
  why: string;
}

function rows(): Row[] {
  const [header, ...lines] = readFileSync(corpusFile, 'utf8').split('\n').filter((l) => l.length > 0);
  const cols = header!.split('\t');
  return lines.map((l) => {
    const f = l.split('\t');
    const get = (n: string) => f[cols.indexOf(n)] ?? '';
    return { id: get('id'), command: decodeCorpus(get('command')), expected: get('expected'), basis: get('basis'), why: get('why') };
  });
}

describe.skipIf(!present)('evasion corpus under the reference policy', () => {
  const settings = present ? parseUserSettings(readFileSync(settingsFile, 'utf8')).settings : null;
  const decideRow = present
    ? gate({ stage: true, mode: 'bypassPermissions', terminal: false, shell: { allowInterpreters: settings!.shell.allowInterpreters, allowlist: settings!.shell.allowlist } })
    : () => null as never;
  const all = present ? rows().filter((r) => r.expected !== 'any') : [];

  it('reads the reference settings as AllowInterpreters with an open allowlist', () => {
    expect(settings!.shell).toMatchObject({ allowInterpreters: true, allowlist: ['*'] });
  });

  it.each(all.map((r) => [r.id, r] as const))('%s', (_, row) => {
    const d = decideRow(row.command);
    const why = `${row.command} (${row.why}) → ${d.decision}: ${d.reasons.map((x) => x.message).join(' | ')}`;
    if (row.expected === 'allow') expect(d.decision, why).toBe('allow');
    else if (row.expected === 'deny') expect(d.decision, why).toBe('deny');
    else expect(d.decision, why).not.toBe('allow');
  });

  it('counts', () => {
    const counts: Record<string, number> = {};
    for (const r of all) counts[r.expected] = (counts[r.expected] ?? 0) + 1;
    console.log(`corpus rows scored: ${all.length} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(', ')})`);
    expect(all.length).toBeGreaterThan(200);
  });
});
