// The Claude Code settings a guarded session starts with (`claude --settings FILE`): the user's own
// `--settings` (a file or a JSON string, read, never written), with orkeon-code's PreToolUse hook first
// among their hooks, CLAUDE_CODE_SHELL_PREFIX in their `env`, and `disableAllHooks: false`. Settings given
// on the command line win over the user's, the project's and the local settings files, so a project's
// .claude/settings.json cannot switch the hook or the prefix off (measured with 2.1.332; see the e2e
// tests). Claude Code takes one --settings only, and silently ignores a settings file that fails its own
// validation, our hook with it: the user's file is therefore checked here, for the keys whose types are
// known, and refused when one is wrong.
import fs from 'node:fs';
import path from 'node:path';

export type ClaudeSettings = Record<string, unknown>;

export type UserSettingsRead = { readonly ok: true; readonly settings: ClaudeSettings | null } | { readonly ok: false; readonly message: string };

/**
 * How long Claude Code waits for the hook. Claude Code goes on with the call when a hook times out, so the
 * bound is generous, and the hook answers deny on its own before it (HOOK_DEADLINE_MS).
 */
export const HOOK_TIMEOUT_SECONDS = 300;

/** The hook's own deadline: past it, it answers deny rather than let Claude Code's timeout allow the call. */
export const HOOK_DEADLINE_MS = (HOOK_TIMEOUT_SECONDS - 30) * 1000;

/**
 * The user's `--settings` value: a JSON string when it starts with `{`, else a file (relative to the
 * launcher's working folder). Null when they gave none.
 */
export function readUserClaudeSettings(value: string | null, cwd: string): UserSettingsRead {
  if (value === null) return { ok: true, settings: null };
  let text: string;
  let shown: string;
  if (value.trimStart().startsWith('{')) {
    text = value;
    shown = 'the JSON given to claude --settings';
  } else {
    const file = path.resolve(cwd, value);
    shown = `claude --settings ${value}`;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (err) {
      return { ok: false, message: `${shown}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}); give claude --settings a readable JSON file` };
    }
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { ok: false, message: `${shown}: not JSON (${(err as Error).message}); fix it, or start without it` };
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, message: `${shown}: not a JSON object; Claude Code settings are an object such as {"model": "…"}` };
  const problem = settingsProblem(doc as ClaudeSettings);
  if (problem !== null) {
    return { ok: false, message: `${shown}: ${problem}; Claude Code would ignore the whole file, and orkeon-code's hook with it, so nothing was started. Fix the key or leave it out` };
  }
  return { ok: true, settings: doc as ClaudeSettings };
}

type Check = (v: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isBool: Check = (v) => typeof v === 'boolean';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isObject: Check = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const stringList: Check = (v) => Array.isArray(v) && v.every(isString);
const stringMap: Check = (v) => isObject(v) && Object.values(v as object).every(isString);

/** Keys whose type Claude Code's settings validation is known to check, and that type. */
const KNOWN: Readonly<Record<string, readonly [Check, string]>> = {
  model: [isString, 'a string'],
  apiKeyHelper: [isString, 'a string'],
  outputStyle: [isString, 'a string'],
  forceLoginMethod: [isString, 'a string'],
  includeCoAuthoredBy: [isBool, 'true or false'],
  enableAllProjectMcpServers: [isBool, 'true or false'],
  disableAllHooks: [isBool, 'true or false'],
  cleanupPeriodDays: [isNumber, 'a number'],
  enabledMcpjsonServers: [stringList, 'a list of strings'],
  disabledMcpjsonServers: [stringList, 'a list of strings'],
  env: [stringMap, 'an object of strings'],
  permissions: [isObject, 'an object'],
  hooks: [isObject, 'an object'],
  statusLine: [isObject, 'an object'],
};

/** The first key of the user's settings whose type Claude Code would refuse, as one line, or null. */
export function settingsProblem(settings: ClaudeSettings): string | null {
  for (const [key, [check, what]] of Object.entries(KNOWN)) {
    if (settings[key] !== undefined && !check(settings[key])) return `"${key}" must be ${what}`;
  }
  const permissions = settings['permissions'] as Record<string, unknown> | undefined;
  if (permissions !== undefined) {
    for (const k of ['allow', 'deny', 'ask', 'additionalDirectories']) {
      if (permissions[k] !== undefined && !stringList(permissions[k])) return `"permissions.${k}" must be a list of strings`;
    }
    if (permissions['defaultMode'] !== undefined && !isString(permissions['defaultMode'])) return '"permissions.defaultMode" must be a string';
  }
  const hooks = settings['hooks'] as Record<string, unknown> | undefined;
  if (hooks !== undefined) {
    for (const [event, entries] of Object.entries(hooks)) {
      if (!Array.isArray(entries) || !entries.every(isObject)) return `"hooks.${event}" must be a list of {"matcher", "hooks": […]} objects`;
      for (const e of entries as Record<string, unknown>[]) {
        if (!Array.isArray(e['hooks']) || !(e['hooks'] as unknown[]).every(isObject)) return `each entry of "hooks.${event}" needs "hooks": a list of objects`;
        if (e['matcher'] !== undefined && !isString(e['matcher'])) return `a "matcher" of "hooks.${event}" must be a string`;
      }
    }
  }
  return null;
}

export interface GeneratedSettingsInput {
  readonly user: ClaudeSettings | null;
  /** The hook's command line (what the prefix recognises, as the exact string); null when the user's settings turn the gate off. */
  readonly hookCommand: string | null;
  /** CLAUDE_CODE_SHELL_PREFIX. */
  readonly prefix: string;
}

/** The settings the session starts with: the user's, with orkeon-code's hook, prefix and `disableAllHooks: false`. */
export function generatedSettings(input: GeneratedSettingsInput): ClaudeSettings {
  const user = input.user ?? {};
  const userEnv = isObject(user['env']) ? (user['env'] as Record<string, string>) : {};
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(userEnv)) if (!SWITCHES_OFF.has(k)) env[k] = v;
  env['CLAUDE_CODE_SHELL_PREFIX'] = input.prefix;
  const userHooks = isObject(user['hooks']) ? (user['hooks'] as Record<string, unknown[]>) : {};
  if (input.hookCommand === null) return { ...user, env };
  const ours = { matcher: '*', hooks: [{ type: 'command', command: input.hookCommand, timeout: HOOK_TIMEOUT_SECONDS }] };
  return {
    ...user,
    // A project's or the user's own `disableAllHooks: true` would drop the gate; settings given on the
    // command line win over both.
    disableAllHooks: false,
    env,
    hooks: { ...userHooks, PreToolUse: [ours, ...(Array.isArray(userHooks['PreToolUse']) ? userHooks['PreToolUse'] : [])] },
  };
}

/** Variables that make Claude Code skip hooks (--bare sets the first, --safe-mode the second). */
export const SWITCHES_OFF: ReadonlySet<string> = new Set(['CLAUDE_CODE_SIMPLE', 'CLAUDE_CODE_SAFE_MODE']);
