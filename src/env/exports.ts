// The variables the launcher exports to the session (SPEC §4, seed 002). Pure: the user's gate setting
// and the host environment in, the variables out. The launcher scripts (launcher/orkeon-code and
// launcher/orkeon-code.ps1) ask the CLI for them (`orkeon-code exports --format sh|ps1|json`), so the
// logic lives here only.
//
//   ORKEON_Security__PermissionGate__Enabled=true      unless the user's settings disable the gate
//   with ORKEON_CODE_AUDIO_DIR=<absolute folder>, the speech server, trusted (seed 002, ADR 0008):
//   ORKEON_MCP__Servers__whisper__Transport=stdio
//   ORKEON_MCP__Servers__whisper__Command=<ORKEON_CODE_WHISPER_COMMAND, else orkeon-whisper>
//   ORKEON_MCP__Servers__whisper__Args__0=--audio-dir
//   ORKEON_MCP__Servers__whisper__Args__1=<ORKEON_CODE_AUDIO_DIR>
//   ORKEON_MCP__Servers__whisper__TrustAnnotations=true

export type HostEnv = Readonly<Record<string, string | undefined>>;

export const GATE_VARIABLE = 'ORKEON_Security__PermissionGate__Enabled';
export const WHISPER_PREFIX = 'ORKEON_MCP__Servers__whisper__';
export const DEFAULT_WHISPER_COMMAND = 'orkeon-whisper';

/** Host variables the launcher reads and never hands on to the session. */
export const LAUNCHER_ONLY_VARIABLES: readonly string[] = ['ORKEON_CODE_TRUST'];

export interface ExportsInput {
  /**
   * `Orkeon:Security:PermissionGate:Enabled` as the user's settings say it (the file, or its
   * `ORKEON_Security__PermissionGate__Enabled` override, which wins); undefined when they do not say.
   */
  readonly permissionGateEnabled: unknown;
  readonly hostEnv: HostEnv;
}

export interface ExportedVariable {
  readonly name: string;
  readonly value: string;
}

export interface SessionExports {
  /** In the order they are exported. Names are unique. */
  readonly set: readonly ExportedVariable[];
  /** Host variables removed from the session's environment (the launcher reads them, nothing below it may). */
  readonly unset: readonly string[];
  /** One line each, for the person starting the session. */
  readonly notes: readonly string[];
}

/**
 * Whether the user's settings turn the gate off. Only an explicit false does (a boolean, or the string
 * "false" in any case, as .NET's configuration binder reads it); anything else, a typo included, leaves
 * the gate on: the safe side.
 */
export function gateDisabledBy(value: unknown): boolean {
  if (value === false) return true;
  return typeof value === 'string' && value.trim().toLowerCase() === 'false';
}

export function buildSessionExports(input: ExportsInput): SessionExports {
  const set: ExportedVariable[] = [];
  const notes: string[] = [];
  if (gateDisabledBy(input.permissionGateEnabled)) {
    notes.push('the permission gate is off: your settings set Orkeon:Security:PermissionGate:Enabled to false, so no mode and no rule is applied to the agent\'s tool calls');
  } else {
    set.push({ name: GATE_VARIABLE, value: 'true' });
  }
  const audio = speechServer(input.hostEnv);
  set.push(...audio.set);
  notes.push(...audio.notes);
  return { set, unset: [...LAUNCHER_ONLY_VARIABLES], notes };
}

function speechServer(env: HostEnv): { set: ExportedVariable[]; notes: string[] } {
  const dir = env.ORKEON_CODE_AUDIO_DIR;
  if (dir === undefined || dir === '') return { set: [], notes: [] };
  if (!dir.startsWith('/') || dir.includes('\0')) {
    return { set: [], notes: [`ORKEON_CODE_AUDIO_DIR=${JSON.stringify(dir)} is not an absolute folder, so the speech server is not declared; set it to the absolute folder that holds your recordings`] };
  }
  const configured = env.ORKEON_CODE_WHISPER_COMMAND;
  const command = configured !== undefined && configured !== '' ? configured : DEFAULT_WHISPER_COMMAND;
  return {
    set: [
      { name: `${WHISPER_PREFIX}Transport`, value: 'stdio' },
      { name: `${WHISPER_PREFIX}Command`, value: command },
      { name: `${WHISPER_PREFIX}Args__0`, value: '--audio-dir' },
      { name: `${WHISPER_PREFIX}Args__1`, value: dir },
      { name: `${WHISPER_PREFIX}TrustAnnotations`, value: 'true' },
    ],
    notes: [],
  };
}

/** The session's environment: the host's (or a given base), less what only the launcher reads, plus the exports. */
export function applyExports(base: HostEnv, exports: SessionExports): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) if (value !== undefined) env[name] = value;
  for (const name of exports.unset) delete env[name];
  for (const { name, value } of exports.set) env[name] = value;
  return env;
}

export type ExportsFormat = 'sh' | 'ps1' | 'json';

/**
 * The exports as the launcher scripts read them. `sh`: `export NAME='value'` lines for `eval` (each value
 * single-quoted, quotes inside escaped). `ps1` and `json`: one JSON object, `{"set":[{"name","value"}],
 * "unset":[…],"notes":[…]}`, which PowerShell reads with ConvertFrom-Json.
 */
export function formatExports(exports: SessionExports, format: ExportsFormat): string {
  if (format === 'sh') {
    return exports.set.map(({ name, value }) => `export ${name}=${shSingleQuote(value)}\n`).join('');
  }
  return `${JSON.stringify({ set: exports.set, unset: exports.unset, notes: exports.notes })}\n`;
}

function shSingleQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
