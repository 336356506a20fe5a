#!/usr/bin/env pwsh
# orkeon-code launcher (PowerShell). Exports the session's variables (SPEC §4: the permission gate on
# unless your settings turn it off; with ORKEON_CODE_AUDIO_DIR, the speech server, trusted) and starts
# the CLI with the same arguments. The variables are asked from the CLI itself
# (`orkeon-code exports --format ps1 -- <arguments>`), so what is exported is decided in one place
# (src/env/exports.ts).
#
# A script's changes to $env: outlive it in the PowerShell session that ran it, so this launcher saves
# every variable before it sets it (its value, or $null when it was unset) and restores each one on the
# way out, in a finally block: after a normal exit, an error, or Ctrl-C. A variable that was unset is
# removed again ([Environment]::SetEnvironmentVariable with $null removes it).
#
#   ./launcher/orkeon-code.ps1 [folder] [--trust] [--demo] [--settings FILE] [...] '--' command ...
#
# PowerShell swallows a bare -- given to a script: quote it ('--') to pass a command to the session.
# ORKEON_CODE_NODE names the node to run (default: node on PATH).

$ErrorActionPreference = 'Stop'
$cliArgs = @($args)
$root = Split-Path -Parent $PSScriptRoot
$cli = Join-Path (Join-Path $root 'bin') 'orkeon-code.js'
$node = if ($env:ORKEON_CODE_NODE) { $env:ORKEON_CODE_NODE } else { 'node' }

$json = & $node $cli exports --format ps1 -- @cliArgs
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
$exports = (@($json) -join "`n") | ConvertFrom-Json

$saved = [ordered]@{}
$code = 70
try {
    foreach ($variable in @($exports.set)) {
        $name = [string]$variable.name
        if (-not $saved.Contains($name)) {
            $saved[$name] = [Environment]::GetEnvironmentVariable($name, 'Process')
        }
        [Environment]::SetEnvironmentVariable($name, [string]$variable.value, 'Process')
    }
    & $node $cli @cliArgs
    $code = $LASTEXITCODE
}
finally {
    foreach ($name in @($saved.Keys)) {
        [Environment]::SetEnvironmentVariable($name, $saved[$name], 'Process')
    }
}
exit $code
