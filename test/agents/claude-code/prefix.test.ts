// The prefix's pure part: reading Claude Code's line, and the plan it confines the line with (argv
// snapshots per backend; the real runs are in confine.test.ts and the e2e suite).
import { describe, expect, it } from 'vitest';
import { readClaudeLine, virtualCwd, withClaudeBinds } from '../../../src/agents/claude-code/prefix.js';
import { bubblewrapInvocation } from '../../../src/sandbox/bubblewrap.js';
import { dockerInvocation } from '../../../src/sandbox/docker.js';
import { fixedPlan } from '../../sandbox/plan-fixture.js';

// Claude Code 2.1.332's wrapper around `echo hi; ls -la | head -3`, as CLAUDE_CODE_SHELL_PREFIX received it.
const SNAP = '/home/alice/.claude/shell-snapshots/snapshot-bash-1795979308645-0mcqr2.sh';
const LINE = `source ${SNAP} 2>/dev/null || true && { \\builtin shopt -u extglob || \\builtin setopt NO_EXTENDED_GLOB NO_BARE_GLOB_QUAL NO_BRACE_CCL NO_MAGIC_EQUAL_SUBST NO_RC_QUOTES NO_EQUALS; } >/dev/null 2>&1 || true && { \\builtin unalias -- 'which'; \\builtin unset -f -- 'which'; } >/dev/null 2>&1 || true && { \\builtin unalias -- 'unsetenv'; \\builtin unset -f -- 'unsetenv'; } >/dev/null 2>&1 || true && eval 'echo hi; ls -la | head -3' < /dev/null && pwd -P >| /tmp/claude-798d-cwd`;

describe('readClaudeLine', () => {
  it("reads the snapshot and the cwd file of Claude Code's own line", () => {
    expect(readClaudeLine(LINE)).toEqual({ snapshot: SNAP, cwdFile: '/tmp/claude-798d-cwd' });
    expect(readClaudeLine(LINE.replace(SNAP, `'/home/a b/.claude/shell-snapshots/snapshot-zsh-1-x.sh'`).replace('/tmp/claude-798d-cwd', `'/var/tmp/claude-ab12-cwd'`))).toEqual({
      snapshot: '/home/a b/.claude/shell-snapshots/snapshot-zsh-1-x.sh',
      cwdFile: '/var/tmp/claude-ab12-cwd',
    });
  });

  it('reads nothing from a line of another shape, or names of another form', () => {
    expect(readClaudeLine('ls -la')).toEqual({ snapshot: null, cwdFile: null });
    expect(readClaudeLine(LINE.replace(SNAP, '/home/alice/.bashrc'))).toMatchObject({ snapshot: null });
    expect(readClaudeLine(LINE.replace(SNAP, '/home/alice/.claude/shell-snapshots/../../.ssh/snapshot-bash-1-x.sh'))).toMatchObject({ snapshot: null });
    expect(readClaudeLine(LINE.replace('/tmp/claude-798d-cwd', '/home/alice/.bashrc'))).toMatchObject({ cwdFile: null });
    expect(readClaudeLine(LINE.replace('/tmp/claude-798d-cwd', 'claude-798d-cwd'))).toMatchObject({ cwdFile: null });
    expect(readClaudeLine(LINE.replace('/tmp/claude-798d-cwd', '/tmp/../etc/claude-798d-cwd'))).toMatchObject({ cwdFile: null });
  });

  it("takes only the line's own end: a model's command quoted inside it cannot name another file", () => {
    // The model's text sits inside eval '…'; Claude Code writes the real cwd file after it.
    const line = LINE.replace("eval 'echo hi; ls -la | head -3'", `eval 'x && pwd -P >| /home/alice/.profile'`);
    expect(readClaudeLine(line).cwdFile).toBe('/tmp/claude-798d-cwd');
    expect(readClaudeLine(`${LINE} && pwd -P >| /home/alice/.profile`).cwdFile).toBe(null);
  });
});

describe('withClaudeBinds', () => {
  const binds = { project: '/home/alice/proj', hostCwd: '/home/alice/proj/src', snapshot: SNAP, cwdFile: '/tmp/claude-798d-cwd' };

  it('bubblewrap: the project at /workspace and at its own path (protections copied), the snapshot read-only, the cwd file writable, starting at the host path', () => {
    const plan = withClaudeBinds(fixedPlan('bubblewrap'), binds);
    expect(plan.cwd).toBe('/home/alice/proj/src');
    expect(plan.hostCwd).toBe('/home/alice/proj/src');
    const argv = bubblewrapInvocation(plan, { bwrap: '/usr/bin/bwrap', disableUserns: true }).argv;
    const mounts: string[][] = [];
    for (let i = 0; i < argv.length; i++) if (argv[i] === '--bind' || argv[i] === '--ro-bind') mounts.push([argv[i]!, argv[i + 1]!, argv[i + 2]!]);
    // Shallowest first (a deeper mount wins): every pin and protection under /workspace is there again
    // under the project's own path.
    expect(mounts.filter(([, , to]) => !to!.startsWith('/etc/'))).toEqual([
      ['--bind', '/home/alice/proj', '/workspace'],
      ['--bind', '/home/alice/.orkeon-code/output/proj-0123456789', '/output'],
      ['--ro-bind', '/tmp/orkeon-code-AbC123/user-config', '/user-config'],
      ['--ro-bind', '/srv/datasets', '/data'],
      ['--bind', '/home/alice/proj/.git', '/workspace/.git'],
      ['--bind', '/tmp/claude-798d-cwd', '/tmp/claude-798d-cwd'],
      ['--ro-bind', '/run/user/1000/agent.sock', '/run/orkeon-code/ssh-agent.sock'],
      ['--ro-bind', '/home/alice/proj/.git/hooks', '/workspace/.git/hooks'],
      ['--ro-bind', '/home/alice/proj/.git/config', '/workspace/.git/config'],
      ['--bind', '/home/alice/proj/.git/worktrees', '/workspace/.git/worktrees'],
      ['--bind', '/home/alice/proj', '/home/alice/proj'],
      ['--bind', '/home/alice/proj/.git/worktrees/w', '/workspace/.git/worktrees/w'],
      ['--bind', '/home/alice/proj/.git', '/home/alice/proj/.git'],
      ['--ro-bind', '/home/alice/proj/.git/worktrees/w/commondir', '/workspace/.git/worktrees/w/commondir'],
      ['--ro-bind', '/home/alice/proj/.git/hooks', '/home/alice/proj/.git/hooks'],
      ['--ro-bind', '/home/alice/proj/.git/config', '/home/alice/proj/.git/config'],
      ['--bind', '/home/alice/proj/.git/worktrees', '/home/alice/proj/.git/worktrees'],
      ['--ro-bind', SNAP, SNAP],
      ['--bind', '/home/alice/proj/.git/worktrees/w', '/home/alice/proj/.git/worktrees/w'],
      ['--ro-bind', '/home/alice/proj/.git/worktrees/w/commondir', '/home/alice/proj/.git/worktrees/w/commondir'],
    ]);
    expect(argv.slice(argv.indexOf('--chdir'), argv.indexOf('--chdir') + 2)).toEqual(['--chdir', '/home/alice/proj/src']);
  });

  it('docker: the same binds as --mount, working folder -w at the host path', () => {
    const plan = withClaudeBinds(fixedPlan('docker'), binds);
    const argv = dockerInvocation(plan, { docker: '/usr/bin/docker', image: 'img', name: 'orkeon-code-x', tty: false, cliEnv: {} }).argv;
    expect(argv).toContain('type=bind,source=/home/alice/proj,target=/home/alice/proj');
    expect(argv).toContain(`type=bind,source=${SNAP},target=${SNAP},readonly`);
    expect(argv).toContain('type=bind,source=/tmp/claude-798d-cwd,target=/tmp/claude-798d-cwd');
    expect(argv).toContain('type=bind,source=/home/alice/proj/.git/config,target=/home/alice/proj/.git/config,readonly');
    expect(argv[argv.indexOf('-w') + 1]).toBe('/home/alice/proj/src');
  });

  it('none: nothing mounted, the command starts in the host folder', () => {
    const plan = withClaudeBinds(fixedPlan('none'), binds);
    expect(plan.mounts).toEqual(fixedPlan('none').mounts);
    expect(plan.hostCwd).toBe('/home/alice/proj/src');
  });

  it('refuses a working folder outside the project (the hook refused such a call already)', () => {
    expect(() => withClaudeBinds(fixedPlan('bubblewrap'), { ...binds, hostCwd: '/home/alice' })).toThrow(/outside the project/);
    expect(virtualCwd('/home/alice/proj', '/home/alice/proj/a/b')).toBe('/workspace/a/b');
    expect(virtualCwd('/home/alice/proj', '/home/alice/project2')).toBe(null);
  });
});
