// The evasion corpus (test/support/corpus.ts: the shared copy, else the committed one) under its reference
// policy: the five sets, the reference settings, bypassPermissions, no terminal. No row that must be denied
// or asked comes out allowed, rows expected deny come out deny, rows that must run come out allowed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseUserSettings } from '../../src/settings/index.js';
import { readCorpusRows, REFERENCE_SETTINGS_FILE } from '../support/corpus.js';
import { gate } from './real-gate.js';



describe('evasion corpus under the reference policy', () => {
  const settings = parseUserSettings(readFileSync(REFERENCE_SETTINGS_FILE, 'utf8')).settings;
  const decideRow = gate({ stage: true, mode: 'bypassPermissions', terminal: false, shell: { allowInterpreters: settings.shell.allowInterpreters, allowlist: settings.shell.allowlist } });
  const all = readCorpusRows().filter((r) => r.expected !== 'any');

  it('reads the reference settings as AllowInterpreters with an open allowlist', () => {
    expect(settings.shell).toMatchObject({ allowInterpreters: true, allowlist: ['*'] });
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
