// The runtime keys the product reads, in their canonical spelling, with their type and default. Keys are
// compared case aside, as .NET configuration compares them.
export type KeyType = 'boolean' | 'string' | 'list' | 'confinement';

export interface KnownKey {
  readonly key: string;
  readonly type: KeyType;
  readonly default: unknown;
}

export const KNOWN_KEYS: readonly KnownKey[] = [
  { key: 'Orkeon:Security:PermissionGate:Enabled', type: 'boolean', default: true },
  { key: 'Orkeon:Tools:Shell:AllowInterpreters', type: 'boolean', default: false },
  { key: 'Orkeon:Tools:Shell:Allowlist', type: 'list', default: [] },
  { key: 'Orkeon:Tools:Shell:Confinement:Mode', type: 'confinement', default: 'auto' },
  { key: 'Orkeon:Tools:Shell:Confinement:Image', type: 'string', default: null },
  { key: 'Orkeon:Tools:Shell:Confinement:Network', type: 'boolean', default: false },
  { key: 'Orkeon:Tools:Shell:Environment:SessionBus', type: 'boolean', default: false },
  { key: 'Orkeon:Tools:Shell:Environment:Propagate', type: 'list', default: [] },
];

const BY_LOWER = new Map(KNOWN_KEYS.map((k) => [k.key.toLowerCase(), k]));

export function knownKey(key: string): KnownKey | undefined {
  return BY_LOWER.get(key.toLowerCase());
}

/** Whether a top-level settings key is a runtime key: `Orkeon` (a nested block) or `Orkeon:…`, case aside. */
export function isRuntimeKey(key: string): boolean {
  const k = key.toLowerCase();
  return k === 'orkeon' || k.startsWith('orkeon:');
}

/** The canonical spelling of a key: a known key's own, else as written. */
export function canonicalKey(key: string): string {
  return knownKey(key)?.key ?? key;
}

/** `{"Tools":{"Shell":{"AllowInterpreters":true}}}` under `Orkeon` → `Orkeon:Tools:Shell:AllowInterpreters`. */
export function flattenRuntime(block: unknown, prefix = 'Orkeon'): Array<[string, unknown]> {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return [[prefix, block]];
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(block as Record<string, unknown>)) {
    const key = `${prefix}:${k}`;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...flattenRuntime(v, key));
    else out.push([canonicalKey(key), v]);
  }
  return out;
}

/** `{"permissions":{"fallback":"plan"}}` or `{"permissions.fallback":"plan"}` → `permissions.fallback`. */
export function flattenPreferences(block: unknown, prefix = ''): Array<[string, unknown]> {
  if (block === null || typeof block !== 'object' || Array.isArray(block)) return prefix ? [[prefix, block]] : [];
  const out: Array<[string, unknown]> = [];
  for (const [k, v] of Object.entries(block as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) out.push(...flattenPreferences(v, key));
    else out.push([key, v]);
  }
  return out;
}
