// Claude Code as the session, after trust: Claude Code itself runs on the host (it is a terminal program
// with its own credentials and history); every tool call it makes goes through orkeon-code's PreToolUse
// hook, which decides with the session's mode and rules; every shell line it runs goes through
// CLAUDE_CODE_SHELL_PREFIX, which runs it in the session's sandbox. The launcher writes, in a folder of
// the session's own under $ORKEON_CODE_HOME (never in the user's ~/.claude): the generated settings
// (passed with --settings, merged with the user's), and the session file the prefix reads. Both go when
// Claude Code ends.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SessionOutcome, SessionRequest } from '../../session/start.js';
import { readClaudeArgs, shellLine, shellWord } from './command.js';
import { generatedSettings, readUserClaudeSettings, SWITCHES_OFF } from './settings-file.js';
import { writeSessionFile, type ClaudeCodeSessionFile } from './session-file.js';
import { gateSocketPath, startGateServer, type GateServer } from './gate-server.js';
import type { HookOptions } from './hook.js';
import { GATE_VARIABLE } from '../../env/exports.js';
import { SETUP_EXIT } from '../../sandbox/types.js';

const USAGE = 64;

/** orkeon-code's own entry, run by the prefix with this Node. */
export function orkeonEntry(): { node: string; bin: string } {
  return { node: process.execPath, bin: fileURLToPath(new URL('../../../bin/orkeon-code.js', import.meta.url)) };
}

/** The hook's own entry (the same hook as `orkeon-code hook`, without the CLI's other commands). */
export function hookEntry(): string {
  return fileURLToPath(new URL('./hook-main.js', import.meta.url));
}

/** Starts Claude Code as the session; the hook carries the request's mode, its rules (`--rule`) and `--stage`. */
export async function startClaudeCodeSession(request: SessionRequest): Promise<SessionOutcome> {
  const gate = { rules: (request.rules ?? []).map((r) => r.text), stage: request.stage === true };
  const command = request.command!;
  const args = readClaudeArgs(command.slice(1));
  if (!args.ok) return { exitCode: USAGE, messages: [args.message] };
  const user = readUserClaudeSettings(args.settings, request.cwd);
  if (!user.ok) return { exitCode: USAGE, messages: [user.message] };
  const messages: string[] = [];

  // The mounts as the sandbox will read them, host sides absolute (the hook maps Claude Code's paths by them).
  const mountsStage = await import('../../mounts/index.js');
  const userMounts: string[] = [];
  for (const text of request.mounts.userMounts) {
    const parsed = mountsStage.parseMountString(text);
    if (!parsed.ok) return { exitCode: SETUP_EXIT.mount, messages: [...messages, parsed.error.message] };
    const resolved = mountsStage.resolveMountSpec(parsed.value, request.cwd);
    if (!resolved.ok) return { exitCode: SETUP_EXIT.mount, messages: [...messages, resolved.error.message] };
    userMounts.push(`${resolved.value.physical}:${resolved.value.virtual}:${resolved.value.writable ? 'rw' : 'ro'}`);
  }
  const output = mountsStage.prepareOutputDir(request.mounts.output, request.cwd, request.orkeonHome, request.project);
  if (!output.ok) return { exitCode: SETUP_EXIT.mount, messages: [...messages, output.error.message] };

  // The confinement is checked once now, so a missing backend stops the start rather than every command.
  const { openSandbox } = await import('../../sandbox/index.js');
  const { sessionEnvSettings } = await import('../../session/start.js');
  const envSettings = sessionEnvSettings(request);
  const probe = await openSandbox({
    mode: request.confinement,
    project: request.project,
    orkeonHome: request.orkeonHome,
    cwd: request.cwd,
    output: output.value,
    mounts: userMounts,
    userConfig: request.mounts.userConfig,
    hostEnv: request.env,
    envSettings,
    network: request.network,
    command: ['true'],
    image: request.image,
  });
  if (!probe.ok) return { exitCode: SETUP_EXIT[probe.error.code], messages: [...messages, probe.error.message] };
  const backend = probe.value.plan.backend;
  messages.push(...probe.value.warnings);
  probe.value.close();

  const gateOn = request.exports.set.some((v) => v.name === GATE_VARIABLE && v.value === 'true');
  const dir = path.join(request.orkeonHome, 'agents', 'claude-code', `${Date.now().toString(36)}-${crypto.randomBytes(6).toString('hex')}`);
  const sessionFile = path.join(dir, 'session.json');
  const settingsFile = path.join(dir, 'settings.json');
  const { node, bin } = orkeonEntry();
  // The hook entry that skips the CLI's other commands (hook-main.ts), values glued to their options so
  // that none reads as an option.
  const hookOptions: HookOptions = {
    mode: request.mode,
    ...(gate.stage ? { stage: true } : {}),
    rule: gate.rules,
    ...(request.mounts.settingsFile === null ? {} : { settings: request.mounts.settingsFile }),
    project: request.project,
    output: output.value,
    mount: userMounts,
  };
  // The gate, held warm by this process for the whole session (gate-server.ts): the hook asks it first.
  const socket = gateOn && !request.dryRun ? gateSocketPath() : path.join(os.tmpdir(), 'orkeon-code-gate-XXXXXX', 'gate.sock');
  const hookArgv = [
    node,
    hookEntry(),
    'claude-code',
    `--socket=${socket}`,
    `--mode=${request.mode}`,
    ...(gate.stage ? ['--stage'] : []),
    ...gate.rules.map((r) => `--rule=${r}`),
    ...(request.mounts.settingsFile === null ? [] : [`--settings=${request.mounts.settingsFile}`]),
    `--project=${request.project}`,
    `--output=${output.value}`,
    ...userMounts.map((m) => `--mount=${m}`),
  ];
  // A hook that fails any other way than exit 2 lets Claude Code go on with the call: `|| exit 2` keeps a
  // crash of Node itself a refusal.
  const hookCommand = `${shellLine(hookArgv)} || exit 2`;
  // Claude Code runs CLAUDE_CODE_SHELL_PREFIX as one program path unless it holds quotes (2.1.332 quotes a
  // plain `prog arg` whole), so the prefix is a script of the session's own. It runs orkeon-code's hook
  // command (compared as the exact string) on the host itself, with no orkeon-code process in between:
  // Claude Code goes on with a call whose hook fails with a status other than 2 or times out (measured),
  // so nothing that could fail that way stands between it and the hook. Every other line goes to
  // `orkeon-code confine`.
  const prefix = path.join(dir, 'shell-prefix');
  const prefixScript = prefixScriptText([node, bin, 'confine', 'claude-code', '--session', sessionFile, '--'], gateOn ? hookCommand : null);
  const settings = generatedSettings({ user: user.settings, hookCommand: gateOn ? hookCommand : null, prefix });
  if (!gateOn) messages.push("the permission gate is off in your settings (Orkeon:Security:PermissionGate:Enabled): Claude Code's tool calls are not checked by orkeon-code; its shell still runs confined");

  const env: Record<string, string> = { ...request.env };
  for (const name of SWITCHES_OFF) delete env[name];
  env['CLAUDE_CODE_SHELL_PREFIX'] = prefix;
  const argv = [command[0]!, ...args.args, '--settings', settingsFile];

  if (request.dryRun) {
    return {
      exitCode: 0,
      messages,
      plan: {
        agent: 'claude-code',
        project: request.project,
        trustedVia: request.trustedVia,
        mode: request.mode,
        modeSource: request.modeSource,
        backend,
        network: request.network,
        command: argv,
        cwd: request.project,
        shellPrefix: prefix,
        shellPrefixScript: prefixScript,
        hookCommand: gateOn ? hookCommand : null,
        settings,
        exports: request.exports,
      },
    };
  }

  const session: ClaudeCodeSessionFile = {
    version: 1,
    project: request.project,
    orkeonHome: request.orkeonHome,
    cwd: request.cwd,
    output: output.value,
    mounts: userMounts,
    userConfig: request.mounts.userConfig ?? {},
    // The backend resolved at the start: each line runs under it, never re-chosen (auto could fall back to none).
    confinement: backend,
    image: request.image,
    network: request.network,
    envSettings,
    protect: request.mounts.settingsFile === null ? [] : [request.mounts.settingsFile],
    hookCommand: gateOn ? hookCommand : null,
  };
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeSessionFile(sessionFile, session);
    fs.writeFileSync(settingsFile, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    fs.writeFileSync(prefix, prefixScript, { mode: 0o700, flag: 'wx' });
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (gateOn) fs.rmSync(path.dirname(socket), { recursive: true, force: true });
    return { exitCode: SETUP_EXIT.setup, messages: [...messages, `the Claude Code session's files could not be written under ${request.orkeonHome}: ${(err as Error).message}`] };
  }
  let server: GateServer | null = null;
  try {
    if (gateOn) {
      try {
        server = await startGateServer(socket, hookOptions, request.env, (line) => messages.push(`hook: ${line}`));
      } catch (err) {
        // The hook then decides by itself on each call: slower, the same answers.
        messages.push(`the gate server could not start (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); each tool call starts the gate afresh`);
        fs.rmSync(path.dirname(socket), { recursive: true, force: true });
      }
    }
    // Said before Claude Code takes the terminal (an unconfined fallback, a gate turned off), not after.
    for (const m of messages.splice(0)) process.stderr.write(`orkeon-code: ${m}\n`);
    const exitCode = await runOnHost(argv, env, request.project);
    if (exitCode === 127) messages.push(`${command[0]} could not be started: is Claude Code installed (npm i -g @anthropic-ai/claude-code)?`);
    return { exitCode, messages };
  } finally {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The shell prefix: a POSIX script that runs the hook command (the exact string, one argument) on the
 * host, and hands every other line to `orkeon-code confine` (argv).
 */
export function prefixScriptText(confine: readonly string[], hookCommand: string | null): string {
  const lines = ['#!/bin/sh', "# orkeon-code: Claude Code's shell prefix for one session (CLAUDE_CODE_SHELL_PREFIX); removed when the session ends."];
  if (hookCommand !== null) lines.push(`if [ "$#" -eq 1 ] && [ "$1" = ${shellWord(hookCommand)} ]; then exec /bin/bash -c "$1"; fi`);
  lines.push(`exec ${shellLine(confine)} "$@"`);
  return `${lines.join('\n')}\n`;
}

/**
 * Claude Code on the host, in the terminal's foreground (it reads the terminal itself): the launcher
 * ignores the terminal's SIGINT (Claude Code gets its own) and passes SIGTERM and SIGHUP on.
 */
function runOnHost(argv: readonly string[], env: Record<string, string>, cwd: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: 'inherit', env, cwd });
    const ignore = (): void => {};
    const pass = (signal: NodeJS.Signals): void => {
      child.kill(signal);
    };
    process.on('SIGINT', ignore);
    process.on('SIGTERM', pass);
    process.on('SIGHUP', pass);
    let finished = false;
    const done = (code: number): void => {
      if (finished) return;
      finished = true;
      process.off('SIGINT', ignore);
      process.off('SIGTERM', pass);
      process.off('SIGHUP', pass);
      resolve(code);
    };
    child.on('error', () => done(127));
    child.on('close', (code, signal) => done(code ?? (signal !== null ? 128 + (os.constants.signals[signal] ?? 0) : 1)));
  });
}
