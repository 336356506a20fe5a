// launcher/orkeon-code (POSIX sh): it exports what `orkeon-code exports` says and starts the CLI with the
// same arguments. ORKEON_CODE_NODE points it at a stand-in for node that runs the real CLI for `exports`
// and, for the start itself, records the environment and arguments the CLI would have received.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnvFile, ROOT, world } from '../trust/harness.js';

const LAUNCHER = path.join(ROOT, 'launcher', 'orkeon-code');
const GATE = 'ORKEON_Security__PermissionGate__Enabled';

function recorder(w: ReturnType<typeof world>): { node: string; envFile: string; argsFile: string } {
  const node = path.join(w.root, 'node-recorder');
  const envFile = path.join(w.root, 'cli-env');
  const argsFile = path.join(w.root, 'cli-args');
  fs.writeFileSync(
    node,
    `#!/bin/sh
if [ "$2" = exports ]; then exec '${process.execPath}' "$@"; fi
env -0 > '${envFile}'
printf '%s\\0' "$@" > '${argsFile}'
exit 42
`,
    { mode: 0o755 },
  );
  return { node, envFile, argsFile };
}

function run(args: string[], env: Record<string, string>, launcher = LAUNCHER) {
  return spawnSync('sh', [launcher, ...args], { env, encoding: 'utf8', input: '' });
}

describe('launcher/orkeon-code (POSIX sh)', () => {
  it('is a POSIX sh script (dash reads it)', () => {
    expect(spawnSync('sh', ['-n', LAUNCHER]).status).toBe(0);
    if (fs.existsSync('/usr/bin/dash')) expect(spawnSync('dash', ['-n', LAUNCHER]).status).toBe(0);
    expect(fs.statSync(LAUNCHER).mode & 0o111).not.toBe(0);
  });

  it('exports the permission gate and starts the CLI with the same arguments and its exit code', () => {
    const w = world();
    const r0 = recorder(w);
    const args = ['some dir', '--trust', '--', 'sh', '-c', 'echo "$HOME" \'q\' $(id)', ''];
    const r = run(args, w.env({ ORKEON_CODE_NODE: r0.node }));
    expect(r.status, r.stderr).toBe(42);
    const env = readEnvFile(r0.envFile);
    expect(env[GATE]).toBe('true');
    expect(Object.keys(env).filter((k) => k.startsWith('ORKEON_MCP__'))).toEqual([]);
    const got = fs.readFileSync(r0.argsFile, 'utf8').split('\0').slice(0, -1);
    expect(got).toEqual([path.join(ROOT, 'bin', 'orkeon-code.js'), ...args]);
  });

  it('with ORKEON_CODE_AUDIO_DIR, exports the speech server, trusted', () => {
    const w = world();
    const r0 = recorder(w);
    const audio = path.join(w.root, "my 'audio' $dir");
    const r = run(['.'], w.env({ ORKEON_CODE_NODE: r0.node, ORKEON_CODE_AUDIO_DIR: audio }));
    expect(r.status, r.stderr).toBe(42);
    const env = readEnvFile(r0.envFile);
    expect(env).toMatchObject({
      [GATE]: 'true',
      ORKEON_MCP__Servers__whisper__Transport: 'stdio',
      ORKEON_MCP__Servers__whisper__Command: 'orkeon-whisper',
      ORKEON_MCP__Servers__whisper__Args__0: '--audio-dir',
      ORKEON_MCP__Servers__whisper__Args__1: audio,
      ORKEON_MCP__Servers__whisper__TrustAnnotations: 'true',
    });
  });

  it('does not export the gate when the user settings (given by --settings) disable it', () => {
    const w = world();
    const r0 = recorder(w);
    const settings = path.join(w.root, 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ Orkeon: { Security: { PermissionGate: { Enabled: false } } } }));
    const r = run(['--settings', settings, '.'], w.env({ ORKEON_CODE_NODE: r0.node }));
    expect(r.status, r.stderr).toBe(42);
    expect(readEnvFile(r0.envFile)[GATE]).toBeUndefined();
    expect(r.stderr).toContain('the permission gate is off');
  });

  it('runs through a symbolic link to it', () => {
    const w = world();
    const r0 = recorder(w);
    const bin = path.join(w.root, 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync(LAUNCHER, path.join(bin, 'orkeon-code'));
    const r = run(['x'], w.env({ ORKEON_CODE_NODE: r0.node }), path.join(bin, 'orkeon-code'));
    expect(r.status, r.stderr).toBe(42);
    expect(readEnvFile(r0.envFile)[GATE]).toBe('true');
  });

  it('starts nothing when the CLI cannot say what to export', () => {
    const w = world();
    const r0 = recorder(w);
    const settings = path.join(w.root, 'broken-settings.json');
    fs.writeFileSync(settings, '{ not json');
    const r = run(['--settings', settings, '.'], w.env({ ORKEON_CODE_NODE: r0.node }));
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBe(42);
    expect(fs.existsSync(r0.envFile)).toBe(false);
    expect(r.stderr).toContain(settings);
  });

  it('end to end: the session command sees the exports and never ORKEON_CODE_TRUST', () => {
    const w = world();
    const project = path.join(w.root, 'project');
    const out = path.join(w.root, 'out');
    fs.mkdirSync(project);
    const env = w.env({ CI: 'true', ORKEON_CODE_TRUST: '1', ORKEON_CODE_AUDIO_DIR: '/srv/audio', SECRET_TOKEN: 'sk-test' });
    const r = run([project, '--output', out, '--', 'sh', '-c', 'env -0 > /output/env 2>/dev/null || env -0 > "$0/env"', out], env);
    expect(r.status, r.stderr).toBe(0);
    const seen = readEnvFile(path.join(out, 'env'));
    expect(seen[GATE]).toBe('true');
    expect(seen.ORKEON_MCP__Servers__whisper__TrustAnnotations).toBe('true');
    expect(seen.ORKEON_MCP__Servers__whisper__Args__1).toBe('/srv/audio');
    expect(seen.ORKEON_CODE_TRUST).toBeUndefined();
    expect(seen.SECRET_TOKEN).toBeUndefined();
    expect(fs.existsSync(w.registry)).toBe(false); // started once, saved nothing
  });
});
