// The one edge of the settings stage that touches the disk: the user's settings file (`--settings FILE`,
// else $ORKEON_CODE_HOME/settings.json, default ~/.orkeon-code/settings.json), then the environment.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { orkeonHome } from '../trust/home.js';
import { applyEnvironmentOverrides } from './environment.js';
import { defaultSettings, parseUserSettings } from './user.js';
import type { SettingsResult } from './types.js';

export interface LoadedSettings extends SettingsResult {
  /** The file read (for the user's own messages; never shown to an agent). */
  readonly file: string;
  readonly found: boolean;
}

export function loadUserSettings(options: { file?: string | null; env: Readonly<Record<string, string | undefined>> }): LoadedSettings {
  const file = options.file ?? join(orkeonHome(options.env), 'settings.json');
  let text: string | null = null;
  const issues = [];
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (!(code === 'ENOENT' && !options.file)) {
      issues.push({ key: '(file)', value: null, message: `cannot read the settings file ${file} (${code ?? 'error'})`, fix: options.file ? 'give --settings a readable JSON file' : 'fix its permissions, or move it away' });
    }
  }
  const parsed = text === null ? { settings: defaultSettings(), issues: [] } : parseUserSettings(text);
  const withEnv = applyEnvironmentOverrides(parsed.settings, options.env);
  return { settings: withEnv.settings, issues: [...issues, ...parsed.issues, ...withEnv.issues], file, found: text !== null };
}
