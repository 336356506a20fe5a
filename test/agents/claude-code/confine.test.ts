// The shell prefix for real: `orkeon-code confine claude-code` run as Claude Code runs it (one line as its
// last argument, in the session's working folder), under bubblewrap. Claude Code's bookkeeping works in
// the sandbox (its snapshot is sourced, `pwd -P` reaches its cwd file on the host and names the host
// folder), nothing else of the host is reachable, and the hook command alone runs on the host.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSessionFile, type ClaudeCodeSessionFile } from '../../../src/agents/claude-code/session-file.js';
import { CLI, cleanEnv, tempDir } from '../../trust/harness.js';

const hasBwrap = spawnSync('bwrap', ['--ro-bind', '/', '/', '--unshare-user', '--unshare-net', '--', 'true']).status === 0;
if (!hasBwrap) console.warn('SKIPPED test/agents/claude-code/confine.test.ts: bubblewrap cannot run here (the prefix confines with it)');

const SECRET = 'orkeon-confine-secret-value';

describe.skipIf(!hasBwrap)('orkeon-code confine claude-code (bubblewrap)', () => {
  let root: string;
  let home: string;
  let project: string;
  let tmp: string;
  let snapshot: string;
  let sessionFile: string;
  let session: ClaudeCodeSessionFile;
  let env: Record<string, string>;
  const hookCommand = () => `cat '${path.join(home, 'host-only.txt')}' || exit 2`;

  beforeAll(() => {
    root = tempDir('orkeon-confine-');
    home = path.join(root, 'home');
    project = path.join(root, 'project');
    tmp = path.join(root, 'tmp');
    for (const d of [home, project, tmp, path.join(project, 'sub'), path.join(home, '.claude', 'shell-snapshots'), path.join(root, 'orkeon-home', 'output')]) fs.mkdirSync(d, { recursive: true });
    fs.writeFileSync(path.join(home, 'host-only.txt'), 'only on the host\n');
    fs.writeFileSync(path.join(project, 'README.md'), '# confined\n');
    spawnSync('git', ['init', '-q'], { cwd: project });
    snapshot = path.join(home, '.claude', 'shell-snapshots', 'snapshot-bash-1795979308645-0mcqr2.sh');
    fs.writeFileSync(snapshot, 'snapshot_fn() { echo from-the-snapshot; }\nexport PATH=/usr/local/bin:/usr/bin:/bin\n');
    session = {
      version: 1,
      project,
      orkeonHome: path.join(root, 'orkeon-home'),
      cwd: root,
      output: path.join(root, 'orkeon-home', 'output'),
      mounts: [],
      userConfig: {},
      confinement: 'bubblewrap',
      image: null,
      network: false,
      envSettings: { sessionBus: false, propagate: [] },
      protect: [],
      hookCommand: hookCommand(),
    };
    sessionFile = path.join(root, 'orkeon-home', 'session.json');
    writeSessionFile(sessionFile, session);
    env = cleanEnv({ HOME: home, ORKEON_CODE_HOME: session.orkeonHome, ORKEON_CONFINE_SECRET: SECRET });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  function confine(line: string, opts: { cwd?: string; file?: string; input?: string } = {}) {
    const r = spawnSync(process.execPath, [CLI, 'confine', 'claude-code', '--session', opts.file ?? sessionFile, '--', line], { cwd: opts.cwd ?? project, env, input: opts.input ?? '', encoding: 'utf8', timeout: 60_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  /** Claude Code 2.1.332's wrapper around a command (its shape, with this test's snapshot and cwd file). */
  function claudeLine(command: string, cwdFile: string): string {
    return `source ${snapshot} 2>/dev/null || true && { \\builtin shopt -u extglob || \\builtin setopt NO_EXTENDED_GLOB; } >/dev/null 2>&1 || true && eval '${command.replace(/'/g, `'"'"'`)}' < /dev/null && pwd -P >| ${cwdFile}`;
  }

  it("runs Claude Code's line in the sandbox: snapshot sourced, no host secret, pwd -P written to the cwd file on the host", () => {
    const cwdFile = path.join(tmp, 'claude-a1b2-cwd');
    const r = confine(claudeLine(`snapshot_fn; echo "secret=[$ORKEON_CONFINE_SECRET]"; cat README.md; pwd -P; cd sub`, cwdFile));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`from-the-snapshot\nsecret=[]\n# confined\n${project}\n`);
    // Claude Code reads it back on the host and follows the cd.
    expect(fs.readFileSync(cwdFile, 'utf8')).toBe(`${path.join(project, 'sub')}\n`);
    expect((fs.statSync(cwdFile).mode & 0o777).toString(8)).toBe('600');
    fs.rmSync(cwdFile);
  });

  it('starts where Claude Code is (a folder of the project), by its host path', () => {
    const cwdFile = path.join(tmp, 'claude-c3d4-cwd');
    const r = confine(claudeLine('pwd; pwd -P; ls /workspace/README.md', cwdFile), { cwd: path.join(project, 'sub') });
    expect(r.stdout).toBe(`${path.join(project, 'sub')}\n${path.join(project, 'sub')}\n/workspace/README.md\n`);
    fs.rmSync(cwdFile);
  });

  it('passes a failing status through and leaves no empty cwd file behind', () => {
    const cwdFile = path.join(tmp, 'claude-e5f6-cwd');
    const r = confine(claudeLine('echo before; exit 7', cwdFile));
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('before\n');
    expect(fs.existsSync(cwdFile)).toBe(false);
    expect(confine(claudeLine('kill -TERM $$', path.join(tmp, 'claude-e5f7-cwd'))).code).toBe(143);
  });

  it('never follows a link planted at the cwd file\'s name', () => {
    const target = path.join(root, 'victim.txt');
    fs.writeFileSync(target, 'untouched\n');
    const cwdFile = path.join(tmp, 'claude-0bad-cwd');
    fs.symlinkSync(target, cwdFile);
    confine(claudeLine('true', cwdFile));
    expect(fs.readFileSync(target, 'utf8')).toBe('untouched\n');
    fs.rmSync(cwdFile);
  });

  it("writes the project (by either path) but not its git hooks or config, not Claude Code's settings, nothing of the host", () => {
    const lines = [
      `echo a > ${project}/by-host-path.txt && echo ok1`,
      'echo b > /workspace/by-virtual-path.txt && echo ok2',
      `echo '#!/bin/sh' > ${project}/.git/hooks/pre-commit && echo HOOK`,
      `echo x >> ${project}/.git/config && echo CONFIG`,
      `echo '{}' > ${project}/.claude/settings.local.json && echo CLAUDE`,
      `echo x > ${home}/escaped.txt && echo HOME`,
      `cat ${home}/host-only.txt && echo READHOME`,
      `echo x > /etc/escaped && echo ETC`,
    ];
    const r = confine(claudeLine(lines.join('; '), path.join(tmp, 'claude-7a7a-cwd')));
    // The test's home is under /tmp: a write there lands in the sandbox's private /tmp, never on the host.
    expect(r.stdout.split('\n').filter((l) => l !== '' && l !== 'HOME')).toEqual(['ok1', 'ok2']);
    expect(fs.readFileSync(path.join(project, 'by-host-path.txt'), 'utf8')).toBe('a\n');
    expect(fs.readFileSync(path.join(project, 'by-virtual-path.txt'), 'utf8')).toBe('b\n');
    expect(fs.existsSync(path.join(project, '.git/hooks/pre-commit'))).toBe(false);
    expect(fs.readFileSync(path.join(project, '.git/config'), 'utf8')).not.toMatch(/^x$/m);
    expect(fs.existsSync(path.join(project, '.claude/settings.local.json'))).toBe(false);
    expect(fs.existsSync(path.join(home, 'escaped.txt'))).toBe(false);
  });

  it('moves aside a .mcp.json a command created where there was none, and says so', () => {
    const mcp = path.join(project, '.mcp.json');
    expect(fs.existsSync(mcp)).toBe(false);
    const r = confine(claudeLine(`echo '{"mcpServers":{}}' > ${project}/.mcp.json && echo MADE`, path.join(tmp, 'claude-9c9c-cwd')));
    expect(r.stdout).toBe('MADE\n');
    expect(fs.existsSync(mcp)).toBe(false);
    expect(fs.readFileSync(`${mcp}.refused-1`, 'utf8')).toBe('{"mcpServers":{}}\n');
    expect(r.stderr).toContain('the command created /workspace/.mcp.json, which decides what Claude Code runs outside the sandbox; it was moved aside');
    expect(r.stderr).not.toContain(root);
    fs.rmSync(`${mcp}.refused-1`);
    // one that was there is mounted read-only instead
    fs.writeFileSync(mcp, '{}\n');
    const kept = confine(claudeLine(`echo x > ${project}/.mcp.json || echo REFUSED`, path.join(tmp, 'claude-9c9d-cwd')));
    expect(kept.stdout).toContain('REFUSED');
    expect(fs.readFileSync(mcp, 'utf8')).toBe('{}\n');
    fs.rmSync(mcp);
  });

  it('runs the hook command (the exact string) on the host, and any other line confined', () => {
    const hook = confine(hookCommand(), { input: '{"hook_event_name":"PreToolUse"}' });
    expect(hook).toMatchObject({ code: 0, stdout: 'only on the host\n' });
    const near = confine(`${hookCommand()} `);
    expect(near.stdout).toBe('');
    expect(near.code).toBe(2);
    const other = confine(`cat '${path.join(home, 'host-only.txt')}'`);
    expect(other.stdout).toBe('');
    expect(other.code).not.toBe(0);
  });

  it('exits 2 (a refusal for a hook line) when it cannot confine, saying why and naming no host path', () => {
    const missing = confine('echo hi', { file: path.join(root, 'no-such-session.json') });
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/cannot confine this command: the session file cannot be read \(ENOENT\)/);
    const broken = path.join(root, 'broken.json');
    fs.writeFileSync(broken, JSON.stringify({ ...session, confinement: 'chroot' }));
    expect(confine('echo hi', { file: broken })).toMatchObject({ code: 2, stdout: '' });
    const outside = confine('echo hi', { cwd: root });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/outside the project/);
    expect(outside.stderr).not.toContain(root);
    const agent = spawnSync(process.execPath, [CLI, 'confine', 'codex', '--session', sessionFile, '--', 'echo hi'], { env, encoding: 'utf8' });
    expect(agent.status).toBe(2);
    const usage = spawnSync(process.execPath, [CLI, 'confine', 'claude-code', 'echo hi'], { env, encoding: 'utf8' });
    expect(usage.status).toBe(2);
  });
});
