import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyEnvironmentOverrides, applyProjectSettings, defaultSettings, loadUserSettings, parseUserSettings } from '../../src/settings/index.js';
import { registryPathOf } from '../../src/trust/home.js';

const user = (doc: unknown) => {
  const r = parseUserSettings(JSON.stringify(doc));
  expect(r.issues).toEqual([]);
  return r.settings;
};

describe('user settings', () => {
  it('defaults: gate on, no interpreters, empty allowlist, auto confinement', () => {
    const s = defaultSettings();
    expect(s.gate.enabled).toBe(true);
    expect(s.shell.allowInterpreters).toBe(false);
    expect(s.shell.allowlist).toEqual([]);
    expect(s.shell.confinement).toEqual({ mode: 'auto', image: null, network: false });
    expect(s.permissions.fallback).toBeNull();
  });

  it('reads the reference settings (nested Orkeon block)', () => {
    const s = user({ Orkeon: { Tools: { Shell: { AllowInterpreters: true, Allowlist: ['*'] } } } });
    expect(s.shell.allowInterpreters).toBe(true);
    expect(s.shell.allowlist).toEqual(['*']);
    expect(s.sources['Orkeon:Tools:Shell:AllowInterpreters']).toBe('file');
  });

  it('reads the orkeonCode block, flat or nested, and keeps unknown runtime keys', () => {
    const s = user({
      orkeonCode: { 'permissions.fallback': 'acceptEdits', 'tools.extra': 'search_issues:read, *', memory: { autoAdmitAudited: true } },
      Orkeon: { Security: { PermissionGate: { Enabled: false } }, MCP: { Servers: { whisper: { TrustAnnotations: true } } }, tools: { shell: { confinement: { mode: 'Bubblewrap', network: true } } } },
    });
    expect(s.permissions.fallback).toBe('acceptEdits');
    expect(s.tools.extra).toEqual([{ name: 'search_issues', access: 'read' }, { name: '*', access: 'write' }]);
    expect(s.memory.autoAdmitAudited).toBe(true);
    expect(s.gate.enabled).toBe(false);
    expect(s.shell.confinement.mode).toBe('bubblewrap');
    expect(s.shell.confinement.network).toBe(true);
    expect(s.runtime['Orkeon:MCP:Servers:whisper:TrustAnnotations']).toBe(true);
  });

  it('names the key, the bad value and the fix', () => {
    const bad = parseUserSettings(JSON.stringify({ orkeonCode: { 'permissions.fallback': 'yolo', 'dev.prAuto': 'yes' }, Orkeon: { Tools: { Shell: { AllowInterpreters: 'sometimes', Confinement: { Mode: 'vm' }, Allowlist: 3 } } } }));
    const keys = bad.issues.map((i) => i.key);
    expect(keys).toEqual(expect.arrayContaining(['permissions.fallback', 'dev.prAuto', 'Orkeon:Tools:Shell:AllowInterpreters', 'Orkeon:Tools:Shell:Confinement:Mode', 'Orkeon:Tools:Shell:Allowlist']));
    const fb = bad.issues.find((i) => i.key === 'permissions.fallback')!;
    expect(fb.value).toBe('yolo');
    expect(fb.fix).toMatch(/plan, dontAsk, default, acceptEdits, bypassPermissions/);
    expect(bad.settings.shell.allowInterpreters).toBe(false); // a bad value never widens
  });

  it('bad JSON is an issue, not a crash', () => {
    const r = parseUserSettings('{"Orkeon": ');
    expect(r.issues[0]!.key).toBe('(file)');
    expect(r.issues[0]!.message).toMatch(/not JSON/);
    expect(parseUserSettings('[1]').issues[0]!.message).toMatch(/not a JSON object/);
  });

  it('refuses a built-in tool in tools.extra and an unknown class', () => {
    const r = parseUserSettings(JSON.stringify({ orkeonCode: { 'tools.extra': 'shell_command:read, x:admin, ok' } }));
    expect(r.issues.map((i) => i.value)).toEqual(['shell_command:read', 'x:admin']);
    expect(r.settings.tools.extra).toEqual([{ name: 'ok', access: 'write' }]);
  });
});

describe('environment overrides (.NET form) win over the file', () => {
  it('reads ORKEON_Tools__Shell__AllowInterpreters=true', () => {
    const file = user({ Orkeon: { Tools: { Shell: { AllowInterpreters: false } } } });
    const r = applyEnvironmentOverrides(file, { ORKEON_Tools__Shell__AllowInterpreters: 'true', ORKEON_CODE_HOME: '/x', PATH: '/bin' });
    expect(r.issues).toEqual([]);
    expect(r.settings.shell.allowInterpreters).toBe(true);
    expect(r.settings.sources['Orkeon:Tools:Shell:AllowInterpreters']).toBe('environment');
  });
  it('lists as comma-separated values or indexed children; keys case aside', () => {
    expect(applyEnvironmentOverrides(defaultSettings(), { ORKEON_Tools__Shell__Allowlist: 'make, npm' }).settings.shell.allowlist).toEqual(['make', 'npm']);
    expect(applyEnvironmentOverrides(defaultSettings(), { ORKEON_tools__shell__allowlist__1: 'b', ORKEON_Tools__Shell__Allowlist__0: 'a' }).settings.shell.allowlist).toEqual(['a', 'b']);
    expect(applyEnvironmentOverrides(defaultSettings(), { ORKEON_Security__PermissionGate__Enabled: 'False' }).settings.gate.enabled).toBe(false);
  });
  it('a bad value names the variable and changes nothing', () => {
    const r = applyEnvironmentOverrides(defaultSettings(), { ORKEON_Tools__Shell__AllowInterpreters: 'maybe' });
    expect(r.issues[0]!.message).toContain('ORKEON_Tools__Shell__AllowInterpreters');
    expect(r.settings.shell.allowInterpreters).toBe(false);
  });
  it('passes unknown keys on for the exports', () => {
    const r = applyEnvironmentOverrides(defaultSettings(), { ORKEON_MCP__Servers__whisper__TrustAnnotations: 'true' });
    expect(r.settings.runtime['Orkeon:MCP:Servers:whisper:TrustAnnotations']).toBe('true');
  });
});

describe('the project file never widens the user\'s choices', () => {
  const base = user({ orkeonCode: { 'permissions.fallback': 'acceptEdits', 'tools.extra': 'search_issues:read, create_issue, transcribe_audio:read' } });

  it('fallback: only default, plan or acceptEdits, never wider than the user\'s', () => {
    expect(applyProjectSettings(base, { 'permissions.fallback': 'plan' }).settings.permissions.fallback).toBe('plan');
    for (const m of ['bypassPermissions', 'dontAsk']) {
      const r = applyProjectSettings(base, { 'permissions.fallback': m });
      expect(r.settings.permissions.fallback).toBe('acceptEdits');
      expect(r.ignored[0]).toMatchObject({ key: 'permissions.fallback', value: m });
    }
    const strictUser = user({ orkeonCode: { 'permissions.fallback': 'plan' } });
    const r = applyProjectSettings(strictUser, { orkeonCode: { 'permissions.fallback': 'default' } });
    expect(r.settings.permissions.fallback).toBe('plan');
    expect(r.ignored[0]!.why).toMatch(/wider/);
    // no user fallback: default is the ceiling
    expect(applyProjectSettings(defaultSettings(), { 'permissions.fallback': 'acceptEdits' }).settings.permissions.fallback).toBeNull();
  });

  it('tools.extra: only what the user lists too; :read only if both say it', () => {
    const r = applyProjectSettings(base, { 'tools.extra': 'search_issues:read, create_issue:read, evil, transcribe_audio' });
    expect(r.settings.tools.extra).toEqual([
      { name: 'search_issues', access: 'read' },
      { name: 'create_issue', access: 'write' },
      { name: 'transcribe_audio', access: 'write' },
    ]);
    expect(r.ignored.map((i) => i.value)).toEqual(expect.arrayContaining(['create_issue:read', 'evil']));
  });

  it('the user\'s * lists every tool; the project\'s :read still needs the user\'s', () => {
    const star = user({ orkeonCode: { 'tools.extra': 'search_issues:read, *' } });
    const r = applyProjectSettings(star, { 'tools.extra': 'anything:read, search_issues:read' });
    expect(r.settings.tools.extra).toEqual([{ name: 'anything', access: 'write' }, { name: 'search_issues', access: 'read' }]);
  });

  it('an invalid entry naming a tool the project also declares validly is dropped, not named as invalid', () => {
    const r = applyProjectSettings(base, { 'tools.extra': 'search_issues:admin, search_issues:read, lone:admin' });
    expect(r.settings.tools.extra).toEqual([{ name: 'search_issues', access: 'read' }]);
    expect(r.ignored.map((i) => i.value)).toEqual(['lone:admin']);
  });

  it('memory.autoAdmitAudited and dev.prAuto: true only if the user says true', () => {
    const r = applyProjectSettings(base, { 'memory.autoAdmitAudited': true, 'dev.prAuto': true });
    expect(r.settings.memory.autoAdmitAudited).toBe(false);
    expect(r.settings.dev.prAuto).toBe(false);
    expect(r.ignored.map((i) => i.key)).toEqual(['memory.autoAdmitAudited', 'dev.prAuto']);
    const yes = user({ orkeonCode: { 'dev.prAuto': true } });
    expect(applyProjectSettings(yes, { 'dev.prAuto': true }).settings.dev.prAuto).toBe(true);
    expect(applyProjectSettings(yes, { 'dev.prAuto': false }).settings.dev.prAuto).toBe(false);
  });

  it('runtime keys in a project file are named and ignored', () => {
    const r = applyProjectSettings(defaultSettings(), { Orkeon: { Tools: { Shell: { AllowInterpreters: true, Allowlist: ['*'] } } } });
    expect(r.settings.shell.allowInterpreters).toBe(false);
    expect(r.settings.shell.allowlist).toEqual([]);
    expect(r.ignored[0]!.key).toBe('Orkeon');
  });

  it('takes the file text; bad JSON is an issue and changes nothing', () => {
    const r = applyProjectSettings(base, '{nope');
    expect(r.settings).toBe(base);
    expect(r.issues[0]!.fix).toMatch(/config.json/);
  });
});

describe('loadUserSettings', () => {
  it('reads --settings, else $ORKEON_CODE_HOME/settings.json, then the environment', () => {
    const home = mkdtempSync(join(tmpdir(), 'orkeon-settings-'));
    writeFileSync(join(home, 'settings.json'), JSON.stringify({ Orkeon: { Tools: { Shell: { Allowlist: ['make'] } } } }));
    const a = loadUserSettings({ env: { ORKEON_CODE_HOME: home } });
    expect(a.found).toBe(true);
    expect(a.settings.shell.allowlist).toEqual(['make']);
    const b = loadUserSettings({ env: { ORKEON_CODE_HOME: home, ORKEON_Tools__Shell__Allowlist: 'npm' } });
    expect(b.settings.shell.allowlist).toEqual(['npm']);
    const other = join(home, 'other.json');
    writeFileSync(other, '{"Orkeon":{"Tools":{"Shell":{"AllowInterpreters":true}}}}');
    expect(loadUserSettings({ file: other, env: { ORKEON_CODE_HOME: home } }).settings.shell.allowInterpreters).toBe(true);
  });
  it('a missing default file is no issue; a missing --settings file is', () => {
    const home = mkdtempSync(join(tmpdir(), 'orkeon-settings-'));
    expect(loadUserSettings({ env: { ORKEON_CODE_HOME: home } }).issues).toEqual([]);
    expect(loadUserSettings({ file: join(home, 'nope.json'), env: {} }).issues[0]!.message).toMatch(/cannot read/);
  });

  it('finds ~/.orkeon-code where the trust registry is: under the HOME it is given', () => {
    const home = mkdtempSync(join(tmpdir(), 'orkeon-settings-home-'));
    mkdirSync(join(home, '.orkeon-code'));
    writeFileSync(join(home, '.orkeon-code', 'settings.json'), '{"Orkeon":{"Tools":{"Shell":{"Allowlist":["make"]}}}}');
    const r = loadUserSettings({ env: { HOME: home } });
    expect(r.file).toBe(join(home, '.orkeon-code', 'settings.json'));
    expect(r.file).toBe(join(dirname(registryPathOf({ HOME: home })), 'settings.json'));
    expect(r.settings.shell.allowlist).toEqual(['make']);
  });
});
