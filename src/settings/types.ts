// Settings: the user's file (an `orkeonCode` block of preferences and an `Orkeon` block of runtime keys),
// ORKEON_…__… environment overrides, and the project's .orkeon/config.json, which can never widen what the
// user allows. Every problem a user can cause is a value naming the key, the bad value and the fix.
import type { ExtraTool, Mode } from '../policy/types.js';

export type ConfinementMode = 'auto' | 'bubblewrap' | 'docker' | 'none';
export type SettingSource = 'default' | 'file' | 'environment' | 'project';

export interface SettingsIssue {
  /** The key (`Orkeon:Tools:Shell:AllowInterpreters`, `permissions.fallback`), or `(file)` for the file itself. */
  readonly key: string;
  /** The bad value as text (clipped), or null. */
  readonly value: string | null;
  readonly message: string;
  readonly fix: string;
}

/** Something the project file set that had no effect, named for /permissions and /doctor. */
export interface ProjectIgnored {
  readonly key: string;
  readonly value: string;
  readonly why: string;
}

export interface ShellSettings {
  readonly allowInterpreters: boolean;
  readonly allowlist: readonly string[];
  readonly confinement: { readonly mode: ConfinementMode; readonly image: string | null; readonly network: boolean };
  readonly environment: { readonly sessionBus: boolean; readonly propagate: readonly string[] };
}

export interface EffectiveSettings {
  /** The user's `orkeonCode` block, flat dotted keys, as handed to the session on /user-config. */
  readonly orkeonCode: Readonly<Record<string, unknown>>;
  readonly permissions: { readonly fallback: Mode | null };
  readonly tools: { readonly extra: readonly ExtraTool[] };
  readonly memory: { readonly autoAdmitAudited: boolean };
  readonly dev: { readonly prAuto: boolean };
  /** Orkeon:Security:PermissionGate:Enabled (true unless the user's settings disable it). */
  readonly gate: { readonly enabled: boolean };
  readonly shell: ShellSettings;
  /** Every runtime key, canonical `Orkeon:…` spelling → value (known and unknown keys), for the exports. */
  readonly runtime: Readonly<Record<string, unknown>>;
  /** Where each known key's value came from. */
  readonly sources: Readonly<Record<string, SettingSource>>;
}

export interface SettingsResult {
  readonly settings: EffectiveSettings;
  readonly issues: readonly SettingsIssue[];
}

export interface ProjectSettingsResult extends SettingsResult {
  readonly ignored: readonly ProjectIgnored[];
}
