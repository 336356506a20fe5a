// What the shell prefix needs to confine a Claude Code session's commands as the launcher resolved it:
// the project, the mounts, the backend, the environment settings, and the exact hook command the
// generated settings hold. The launcher writes it (0600) in the session's own folder under
// $ORKEON_CODE_HOME, which no sandbox can write; `orkeon-code confine claude-code` reads it for every
// command, strictly: a file it cannot read as written confines nothing and runs nothing.
import fs from 'node:fs';
import type { CommandEnvSettings } from '../../env/command-env.js';
import { CONFINEMENT_MODES, type ConfinementMode } from '../../sandbox/types.js';

export interface ClaudeCodeSessionFile {
  readonly version: 1;
  /** The project's real path (/workspace, and its own host path inside the sandbox). */
  readonly project: string;
  readonly orkeonHome: string;
  /** Where relative --mount values were given from. */
  readonly cwd: string;
  /** The output folder's real path (/output). */
  readonly output: string;
  /** `--mount` values, host sides absolute. */
  readonly mounts: readonly string[];
  /** The user's own `orkeonCode` block, for /user-config. */
  readonly userConfig: unknown;
  readonly confinement: ConfinementMode;
  readonly image: string | null;
  readonly network: boolean;
  readonly envSettings: CommandEnvSettings;
  /** Host files no command may change (the user's settings file). */
  readonly protect: readonly string[];
  /**
   * The hook's command exactly as the generated settings hold it: the one line the prefix runs unconfined.
   * Null when the user's settings turn the gate off (then no line runs unconfined).
   */
  readonly hookCommand: string | null;
}

export const MAX_SESSION_FILE_BYTES = 1024 * 1024;

export type SessionFileRead = { readonly ok: true; readonly session: ClaudeCodeSessionFile } | { readonly ok: false; readonly why: string };

export function writeSessionFile(file: string, session: ClaudeCodeSessionFile): void {
  fs.writeFileSync(file, `${JSON.stringify(session, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
}

export function readSessionFile(file: string): SessionFileRead {
  let text: string;
  try {
    const st = fs.statSync(file);
    if (!st.isFile() || st.size > MAX_SESSION_FILE_BYTES) return { ok: false, why: 'the session file is not a small regular file' };
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    return { ok: false, why: `the session file cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return { ok: false, why: 'the session file is not JSON' };
  }
  return validateSessionFile(doc);
}

export function validateSessionFile(doc: unknown): SessionFileRead {
  const bad = (field: string): SessionFileRead => ({ ok: false, why: `the session file's ${field} is missing or mistyped` });
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, why: 'the session file is not a JSON object' };
  const d = doc as Record<string, unknown>;
  if (d['version'] !== 1) return bad('version');
  for (const f of ['project', 'orkeonHome', 'cwd', 'output']) if (!isAbsolute(d[f])) return bad(f);
  if (d['hookCommand'] !== null && (typeof d['hookCommand'] !== 'string' || d['hookCommand'] === '')) return bad('hookCommand');
  if (!stringList(d['mounts'])) return bad('mounts');
  if (!stringList(d['protect'])) return bad('protect');
  if (!(CONFINEMENT_MODES as readonly unknown[]).includes(d['confinement'])) return bad('confinement');
  if (d['image'] !== null && typeof d['image'] !== 'string') return bad('image');
  if (typeof d['network'] !== 'boolean') return bad('network');
  const env = d['envSettings'] as Record<string, unknown> | null;
  if (env === null || typeof env !== 'object' || typeof env['sessionBus'] !== 'boolean' || !stringList(env['propagate'])) return bad('envSettings');
  return { ok: true, session: doc as ClaudeCodeSessionFile };
}

function isAbsolute(v: unknown): boolean {
  return typeof v === 'string' && v.startsWith('/');
}

function stringList(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}
