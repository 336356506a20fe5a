// The settings stage: pure parsers and a thin loader. The project file is handed in by the caller after trust.
export type * from './types.js';
export { parseUserSettings, defaultSettings, normalizeRuntimeValue } from './user.js';
export { applyEnvironmentOverrides } from './environment.js';
export { applyProjectSettings } from './project.js';
export { loadUserSettings, type LoadedSettings } from './load.js';
export { parseExtraEntries, mergeExtra } from './tools-extra.js';
export { KNOWN_KEYS } from './keys.js';
