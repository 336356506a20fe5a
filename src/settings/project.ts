// The project's .orkeon/config.json, read by the caller only after trust, can never widen what the user
// allows (seed 000, "Ce qu'un fichier du projet peut régler"). This module never locates or reads it: it
// takes its text or parsed content, and returns the settings with what applied, and each key it set
// without effect, named.
import { isMode, MODE_WIDTH } from '../policy/modes.js';
import type { ExtraTool, Mode } from '../policy/types.js';
import { flattenPreferences, isRuntimeKey } from './keys.js';
import { mergeExtra, parseExtraEntries } from './tools-extra.js';
import { deriveSettings, show } from './user.js';
import type { EffectiveSettings, ProjectIgnored, ProjectSettingsResult, SettingsIssue } from './types.js';

const PROJECT_FALLBACKS: readonly Mode[] = ['default', 'plan', 'acceptEdits'];

export function applyProjectSettings(user: EffectiveSettings, project: string | unknown): ProjectSettingsResult {
  const issues: SettingsIssue[] = [];
  const ignored: ProjectIgnored[] = [];
  let doc: unknown = project;
  if (typeof project === 'string') {
    try {
      doc = project.trim() === '' ? {} : JSON.parse(project);
    } catch (err) {
      return { settings: user, ignored, issues: [{ key: '.orkeon/config.json', value: null, message: `the project file is not JSON: ${(err as Error).message}`, fix: 'fix .orkeon/config.json (a JSON object); it is ignored until then' }] };
    }
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    return { settings: user, ignored, issues: [{ key: '.orkeon/config.json', value: show(doc), message: 'the project file is not a JSON object', fix: 'write a JSON object such as {"permissions.fallback": "plan"}' }] };
  }
  const top = doc as Record<string, unknown>;
  const block = top['orkeonCode'] !== undefined ? top['orkeonCode'] : Object.fromEntries(Object.entries(top).filter(([k]) => !isRuntimeKey(k)));
  for (const [k, v] of Object.entries(top)) {
    if (isRuntimeKey(k)) {
      ignored.push({ key: k, value: show(v), why: "runtime keys (Orkeon:…) come from the user's settings and the environment, never from a project file" });
    }
  }
  const prefs = Object.fromEntries(flattenPreferences(block));
  const orkeonCode: Record<string, unknown> = { ...user.orkeonCode };
  let fallback = user.permissions.fallback;
  let extra: readonly ExtraTool[] = user.tools.extra;
  let autoAdmit = user.memory.autoAdmitAudited;
  let prAuto = user.dev.prAuto;

  for (const [key, value] of Object.entries(prefs)) {
    switch (key) {
      case 'permissions.fallback': {
        const userMode: Mode = user.permissions.fallback ?? 'default';
        if (!isMode(value)) ignored.push({ key, value: show(value), why: `'${show(value)}' is not a mode` });
        else if (!PROJECT_FALLBACKS.includes(value)) ignored.push({ key, value, why: `a project file can set only ${PROJECT_FALLBACKS.join(', ')}; ${value} comes from the user's settings or /mode` });
        else if (MODE_WIDTH[value] > MODE_WIDTH[userMode]) ignored.push({ key, value, why: `${value} is wider than the user's fallback (${userMode})` });
        else {
          fallback = value;
          orkeonCode[key] = value;
        }
        break;
      }
      case 'tools.extra': {
        const r = projectExtra(user.tools.extra, value, ignored);
        extra = r;
        orkeonCode[key] = value;
        break;
      }
      case 'memory.autoAdmitAudited':
      case 'dev.prAuto': {
        const userValue = key === 'dev.prAuto' ? user.dev.prAuto : user.memory.autoAdmitAudited;
        if (typeof value !== 'boolean') ignored.push({ key, value: show(value), why: `${key} is true or false` });
        else if (value && !userValue) ignored.push({ key, value: 'true', why: `true only if the user's settings say true (${key === 'dev.prAuto' ? 'opening a pull request' : 'admitting'} without asking is the user's choice)` });
        else {
          if (key === 'dev.prAuto') prAuto = value;
          else autoAdmit = value;
          orkeonCode[key] = value;
        }
        break;
      }
      default:
        orkeonCode[key] = value; // a preference the gate does not read; it widens nothing here
    }
  }
  return { settings: deriveSettings(orkeonCode, { ...user.runtime }, { ...user.sources }, fallback, extra, autoAdmit, prAuto), ignored, issues };
}

/**
 * tools.extra from the project offers only what the user lists too (`*` lists all); a tool stays read-only
 * only if both say :read. An invalid project entry that names a tool the project also declares validly is
 * dropped without being named as invalid.
 */
function projectExtra(userExtra: readonly ExtraTool[], value: unknown, ignored: ProjectIgnored[]): ExtraTool[] {
  const parsed = parseExtraEntries(value);
  if (parsed.error) {
    ignored.push({ key: 'tools.extra', value: show(value), why: parsed.error });
    return [...userExtra];
  }
  const validNames = new Set(parsed.entries.filter((e) => e.tool).map((e) => e.tool!.name));
  for (const e of parsed.entries) {
    if (e.error && !validNames.has(e.name)) ignored.push({ key: 'tools.extra', value: e.text, why: e.error });
  }
  const userAll = userExtra.find((t) => t.name === '*');
  const userByName = new Map(userExtra.map((t) => [t.name, t]));
  const out: ExtraTool[] = [];
  for (const t of mergeExtra(parsed.entries)) {
    if (t.name === '*') {
      // the project lists everything: what the user lists, as writes unless the user marks them read and the project too
      for (const u of userExtra) if (!out.some((o) => o.name === u.name)) out.push({ name: u.name, access: 'write' });
      continue;
    }
    const u = userByName.get(t.name) ?? userAll;
    if (!u) {
      ignored.push({ key: 'tools.extra', value: t.name, why: "not offered: the user's tools.extra does not list it" });
      continue;
    }
    const both = t.access === 'read' && userByName.get(t.name)?.access === 'read';
    if (t.access === 'read' && !both) ignored.push({ key: 'tools.extra', value: `${t.name}:read`, why: "kept as a write: :read holds only if the user's tools.extra says it too" });
    const i = out.findIndex((o) => o.name === t.name);
    const entry: ExtraTool = { name: t.name, access: both ? 'read' : 'write' };
    if (i >= 0) out[i] = entry;
    else out.push(entry);
  }
  return out;
}
