// The user's settings file, parsed and validated. Pure: text (or a parsed value) in, settings and issues out.
import { isMode } from '../policy/modes.js';
import { MODES } from '../policy/types.js';
import { canonicalKey, flattenPreferences, flattenRuntime, isRuntimeKey, KNOWN_KEYS, knownKey } from './keys.js';
import { mergeExtra, parseExtraEntries } from './tools-extra.js';
import type { ConfinementMode, EffectiveSettings, SettingSource, SettingsIssue, SettingsResult } from './types.js';

const CONFINEMENT: readonly ConfinementMode[] = ['auto', 'bubblewrap', 'docker', 'none'];

export function show(value: unknown): string {
  let s: string;
  try {
    s = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    s = String(value);
  }
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
}

export function defaultSettings(): EffectiveSettings {
  const runtime: Record<string, unknown> = {};
  const sources: Record<string, SettingSource> = {};
  for (const k of KNOWN_KEYS) {
    runtime[k.key] = k.default;
    sources[k.key] = 'default';
  }
  return deriveSettings({}, runtime, sources, null, [], false, false);
}

/** Builds the typed view from the runtime map and the preferences. */
export function deriveSettings(
  orkeonCode: Record<string, unknown>,
  runtime: Record<string, unknown>,
  sources: Record<string, SettingSource>,
  fallback: EffectiveSettings['permissions']['fallback'],
  extra: EffectiveSettings['tools']['extra'],
  autoAdmitAudited: boolean,
  prAuto: boolean,
): EffectiveSettings {
  const get = <T>(key: string): T => runtime[key] as T;
  return {
    orkeonCode,
    permissions: { fallback },
    tools: { extra },
    memory: { autoAdmitAudited },
    dev: { prAuto },
    gate: { enabled: get<boolean>('Orkeon:Security:PermissionGate:Enabled') },
    shell: {
      allowInterpreters: get<boolean>('Orkeon:Tools:Shell:AllowInterpreters'),
      allowlist: get<string[]>('Orkeon:Tools:Shell:Allowlist'),
      confinement: {
        mode: get<ConfinementMode>('Orkeon:Tools:Shell:Confinement:Mode'),
        image: get<string | null>('Orkeon:Tools:Shell:Confinement:Image'),
        network: get<boolean>('Orkeon:Tools:Shell:Confinement:Network'),
      },
      environment: {
        sessionBus: get<boolean>('Orkeon:Tools:Shell:Environment:SessionBus'),
        propagate: get<string[]>('Orkeon:Tools:Shell:Environment:Propagate'),
      },
    },
    runtime,
    sources,
  };
}

/** Validates one runtime value against its key's type. Strings (from the environment) are read too. */
export function normalizeRuntimeValue(key: string, value: unknown): { ok: true; value: unknown } | { ok: false; issue: SettingsIssue } {
  const k = knownKey(key);
  if (!k) return { ok: true, value };
  const bad = (message: string, fix: string) => ({ ok: false as const, issue: { key: k.key, value: show(value), message, fix } });
  switch (k.type) {
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return { ok: true, value: value.trim().toLowerCase() === 'true' };
      return bad(`${k.key} is true or false, not ${show(value)}`, `set ${k.key} to true or false`);
    case 'string':
      if (value === null || typeof value === 'string') return { ok: true, value };
      return bad(`${k.key} is a string, not ${show(value)}`, `set ${k.key} to a string such as "orkeon/shell:1"`);
    case 'list':
      if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return { ok: true, value: value.map((v: string) => v.trim()).filter(Boolean) };
      if (typeof value === 'string') return { ok: true, value: value.split(',').map((v) => v.trim()).filter(Boolean) };
      return bad(`${k.key} is a list of names, not ${show(value)}`, `set ${k.key} to a list such as ["make", "npm"] (or "make,npm" in the environment)`);
    case 'confinement': {
      const v = typeof value === 'string' ? value.trim().toLowerCase() : null;
      if (v !== null && (CONFINEMENT as readonly string[]).includes(v)) return { ok: true, value: v };
      return bad(`${k.key} is one of ${CONFINEMENT.join(', ')}, not ${show(value)}`, `set ${k.key} to ${CONFINEMENT.join(', ')}`);
    }
  }
}

/** Reads the `orkeonCode` preferences the product knows; other keys are kept as written. */
export function readPreferences(prefs: Record<string, unknown>, issues: SettingsIssue[]): {
  fallback: EffectiveSettings['permissions']['fallback'];
  extra: EffectiveSettings['tools']['extra'];
  autoAdmitAudited: boolean;
  prAuto: boolean;
} {
  let fallback: EffectiveSettings['permissions']['fallback'] = null;
  const f = prefs['permissions.fallback'];
  if (f !== undefined && f !== null) {
    if (isMode(f)) fallback = f;
    else issues.push({ key: 'permissions.fallback', value: show(f), message: `'${show(f)}' is not a mode`, fix: `use one of ${MODES.join(', ')} (spelled exactly)` });
  }
  let extra: EffectiveSettings['tools']['extra'] = [];
  const e = prefs['tools.extra'];
  if (e !== undefined && e !== null) {
    const parsed = parseExtraEntries(e);
    if (parsed.error) issues.push({ key: 'tools.extra', value: show(e), message: parsed.error, fix: 'write tools.extra as "name:read, other, *"' });
    for (const bad of parsed.entries.filter((x) => x.error)) issues.push({ key: 'tools.extra', value: bad.text, message: bad.error!, fix: 'write each entry as name, name:read or name:write' });
    extra = mergeExtra(parsed.entries);
  }
  const bool = (key: string): boolean => {
    const v = prefs[key];
    if (v === undefined || v === null) return false;
    if (typeof v === 'boolean') return v;
    issues.push({ key, value: show(v), message: `${key} is true or false, not ${show(v)}`, fix: `set ${key} to true or false` });
    return false;
  };
  return { fallback, extra, autoAdmitAudited: bool('memory.autoAdmitAudited'), prAuto: bool('dev.prAuto') };
}

/** Parses the user's settings file (its text, or an already parsed value). An unreadable file is an issue, and defaults apply. */
export function parseUserSettings(input: string | unknown): SettingsResult {
  const issues: SettingsIssue[] = [];
  let doc: unknown = input;
  if (typeof input === 'string') {
    try {
      doc = input.trim() === '' ? {} : JSON.parse(input);
    } catch (err) {
      return {
        settings: defaultSettings(),
        issues: [{ key: '(file)', value: null, message: `the settings file is not JSON: ${(err as Error).message}`, fix: 'fix the JSON (an object with an "orkeonCode" and an "Orkeon" block), or move the file away' }],
      };
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { settings: defaultSettings(), issues: [{ key: '(file)', value: show(doc), message: 'the settings file is not a JSON object', fix: 'write {"orkeonCode": {…}, "Orkeon": {…}}' }] };
  }
  const top = doc as Record<string, unknown>;
  const base = defaultSettings();
  const runtime: Record<string, unknown> = { ...base.runtime };
  const sources: Record<string, SettingSource> = { ...base.sources };
  for (const [k, v] of Object.entries(top)) {
    if (k === 'orkeonCode') continue;
    if (isRuntimeKey(k)) {
      for (const [key, value] of k.toLowerCase() === 'orkeon' ? flattenRuntime(v) : [[canonicalKey(k), v] as [string, unknown]]) {
        const n = normalizeRuntimeValue(key, value);
        if (!n.ok) issues.push(n.issue);
        else {
          runtime[key] = n.value;
          sources[key] = 'file';
        }
      }
    }
  }
  const prefs = Object.fromEntries(flattenPreferences(top['orkeonCode'] ?? {}));
  if (top['orkeonCode'] !== undefined && (top['orkeonCode'] === null || typeof top['orkeonCode'] !== 'object' || Array.isArray(top['orkeonCode']))) {
    issues.push({ key: 'orkeonCode', value: show(top['orkeonCode']), message: 'orkeonCode is an object of preferences', fix: 'write "orkeonCode": {"permissions.fallback": "default"}' });
  }
  const p = readPreferences(prefs, issues);
  return { settings: deriveSettings(prefs, runtime, sources, p.fallback, p.extra, p.autoAdmitAudited, p.prAuto), issues };
}
