// Environment overrides in the .NET form: ORKEON_Tools__Shell__AllowInterpreters=true is the key
// Orkeon:Tools:Shell:AllowInterpreters (a double underscore for each colon); it wins over the file. A list
// is a comma-separated value or indexed children (ORKEON_Tools__Shell__Allowlist__0=make).
import { canonicalKey, knownKey } from './keys.js';
import { deriveSettings, normalizeRuntimeValue } from './user.js';
import type { EffectiveSettings, SettingSource, SettingsIssue, SettingsResult } from './types.js';

export function applyEnvironmentOverrides(settings: EffectiveSettings, env: Readonly<Record<string, string | undefined>>): SettingsResult {
  const issues: SettingsIssue[] = [];
  const runtime: Record<string, unknown> = { ...settings.runtime };
  const sources: Record<string, SettingSource> = { ...settings.sources };
  const indexed = new Map<string, Array<[number, string]>>();
  // only the overrides are sorted: the first localeCompare loads ICU's collator (~10 ms), and an
  // environment rarely holds more than one override
  const overrides = Object.entries(env).filter(([name, value]) => value !== undefined && name.startsWith('ORKEON_') && name.includes('__'));
  for (const [name, value] of overrides.sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined) continue;
    const parts = name.slice('ORKEON_'.length).split('__');
    const last = parts[parts.length - 1]!;
    if (/^[0-9]+$/.test(last) && parts.length > 1) {
      const key = canonicalKey(['Orkeon', ...parts.slice(0, -1)].join(':'));
      if (knownKey(key)?.type === 'list') {
        indexed.set(key, [...(indexed.get(key) ?? []), [Number(last), value]]);
        continue;
      }
    }
    const key = canonicalKey(['Orkeon', ...parts].join(':'));
    const n = normalizeRuntimeValue(key, value);
    if (!n.ok) issues.push({ ...n.issue, message: `${name}: ${n.issue.message}`, fix: `${n.issue.fix} (environment variable ${name})` });
    else {
      runtime[key] = n.value;
      sources[key] = 'environment';
    }
  }
  for (const [key, items] of indexed) {
    runtime[key] = items.sort((a, b) => a[0] - b[0]).map(([, v]) => v.trim()).filter(Boolean);
    sources[key] = 'environment';
  }
  return {
    settings: deriveSettings({ ...settings.orkeonCode }, runtime, sources, settings.permissions.fallback, settings.tools.extra, settings.memory.autoAdmitAudited, settings.dev.prAuto),
    issues,
  };
}
