// launcher/orkeon-code.ps1. PowerShell cannot be installed on these machines (Debian has no package; the
// npm package `pwsh` downloads it from GitHub in an install script, which this network refuses), so its
// save/restore logic is checked statically here, and run for real only where a pwsh is on PATH.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSessionExports, formatExports } from '../../src/env/exports.js';
import { ROOT, world } from '../trust/harness.js';

const SCRIPT = path.join(ROOT, 'launcher', 'orkeon-code.ps1');
const text = fs.readFileSync(SCRIPT, 'utf8');
/** The script without comments (a `#` at a line start or after whitespace; the script has no here-strings). */
const code = text
  .split('\n')
  .map((line) => line.replace(/(^|\s)#.*$/, '$1'))
  .join('\n');

const hasPwsh = spawnSync('pwsh', ['-NoProfile', '-Command', 'exit 0'], { stdio: 'ignore' }).status === 0;
if (!hasPwsh) console.warn('SKIPPED (PowerShell run): no pwsh on PATH; launcher/orkeon-code.ps1 is checked statically only');

/** The body of the first `keyword { … }` block, braces balanced. */
function block(source: string, keyword: RegExp): string {
  const m = keyword.exec(source);
  if (!m) throw new Error(`no ${keyword} block`);
  let depth = 0;
  const start = source.indexOf('{', m.index);
  for (let i = start; i < source.length; i++) {
    if (source[i] === '{') depth++;
    if (source[i] === '}' && --depth === 0) return source.slice(start + 1, i);
  }
  throw new Error(`unbalanced ${keyword} block`);
}

describe('launcher/orkeon-code.ps1, read statically', () => {
  it('changes the environment only through [Environment]::SetEnvironmentVariable', () => {
    expect(code).not.toMatch(/\$env:[A-Za-z_]\w*\s*=(?!=)/); // no `$env:X = …`
    expect(code).not.toMatch(/(Set|New|Remove|Clear)-Item\s+(-Path\s+)?['"]?env:/i);
    expect(code).not.toMatch(/Set-Content\s+(-Path\s+)?['"]?env:/i);
    expect(code.match(/SetEnvironmentVariable\(/g)).toHaveLength(2);
  });

  it('saves each variable (its value, or $null when unset) before it sets it, inside the try', () => {
    const tryBody = block(code, /\btry\s*\{/);
    const loop = block(tryBody, /foreach\s*\(\s*\$variable\s+in\s+@\(\$exports\.set\)\s*\)\s*\{/);
    const save = loop.search(/if\s*\(\s*-not\s+\$saved\.Contains\(\$name\)\s*\)\s*\{\s*\$saved\[\$name\]\s*=\s*\[Environment\]::GetEnvironmentVariable\(\$name,\s*'Process'\)\s*\}/);
    const set = loop.search(/\[Environment\]::SetEnvironmentVariable\(\$name,\s*\[string\]\$variable\.value,\s*'Process'\)/);
    expect(save).toBeGreaterThanOrEqual(0);
    expect(set).toBeGreaterThan(save);
    // Only the first value is saved when a name came twice, so the restore brings back the caller's.
    expect(loop).toMatch(/-not \$saved\.Contains\(\$name\)/);
    // The CLI runs after the loop, still inside the try.
    expect(tryBody.indexOf('& $node $cli @cliArgs')).toBeGreaterThan(tryBody.indexOf('foreach'));
    expect(tryBody).not.toMatch(/\bexit\b/);
  });

  it('restores every saved variable in the finally block; $null removes one that was unset', () => {
    const finallyBody = block(code, /\bfinally\s*\{/);
    const loop = block(finallyBody, /foreach\s*\(\s*\$name\s+in\s+@\(\$saved\.Keys\)\s*\)\s*\{/);
    expect(loop.trim()).toBe("[Environment]::SetEnvironmentVariable($name, $saved[$name], 'Process')");
    // The finally follows the try directly, and the saved table exists before the try starts.
    expect(code).toMatch(/\}\s*finally\s*\{/);
    expect(code.indexOf('$saved = [ordered]@{}')).toBeLessThan(code.indexOf('try {'));
    // Nothing is set before the try: the exports are only read there.
    const beforeTry = code.slice(0, code.indexOf('try {'));
    expect(beforeTry).not.toMatch(/SetEnvironmentVariable/);
  });

  it('reads the shape `orkeon-code exports --format ps1` writes', () => {
    expect(code).toMatch(/& \$node \$cli exports --format ps1 -- @cliArgs/);
    const sample = JSON.parse(formatExports(buildSessionExports({ permissionGateEnabled: undefined, hostEnv: { ORKEON_CODE_AUDIO_DIR: '/a' } }), 'ps1')) as {
      set: Array<{ name: string; value: string }>;
    };
    expect(sample.set.length).toBe(6);
    for (const v of sample.set) expect(Object.keys(v).sort()).toEqual(['name', 'value']);
    expect(code).toContain('$exports.set');
    expect(code).toContain('$variable.name');
    expect(code).toContain('$variable.value');
  });

  it('stops before setting anything when the CLI cannot say what to export', () => {
    const exportsCall = code.indexOf('exports --format ps1');
    const bail = code.indexOf('if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }');
    expect(bail).toBeGreaterThan(exportsCall);
    expect(bail).toBeLessThan(code.indexOf('try {'));
  });
});

describe.skipIf(!hasPwsh)('launcher/orkeon-code.ps1 under pwsh', () => {
  it('restores the caller environment: a set variable to its value, an unset one removed', () => {
    const w = world();
    const probe = [
      "$env:ORKEON_Security__PermissionGate__Enabled = 'caller-value'",
      'Remove-Item env:ORKEON_MCP__Servers__whisper__TrustAnnotations -ErrorAction SilentlyContinue',
      `& '${SCRIPT}' trust list | Out-Null`,
      'Write-Output "gate=$env:ORKEON_Security__PermissionGate__Enabled"',
      'Write-Output "trust=$([Environment]::GetEnvironmentVariable(\'ORKEON_MCP__Servers__whisper__TrustAnnotations\') -eq $null)"',
    ].join('\n');
    const r = spawnSync('pwsh', ['-NoProfile', '-Command', probe], { encoding: 'utf8', env: w.env({ ORKEON_CODE_AUDIO_DIR: '/a' }) });
    expect(r.stdout).toContain('gate=caller-value');
    expect(r.stdout).toContain('trust=True');
  });
});
