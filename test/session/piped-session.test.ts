// The embedded session read from a pipe (no terminal): every line still goes through the gate, a
// question is a refusal naming what would allow it, and the transcript reads like the session.
import { describe, expect, it } from 'vitest';
import { runCli } from '../trust/harness.js';
import { bubblewrap, sessionWorld } from './fixture.js';

describe('the embedded session with no terminal', () => {
  it.skipIf(!bubblewrap.ok)('refuses what it would ask about, runs what a rule allows, confined', () => {
    const w = sessionWorld();
    const r = runCli(['--trust', '--stage', '--confinement', 'bubblewrap', '--rule', 'allow shell_command command=cat *', w.project], { env: w.env(), input: 'cat README.md\nls\ngit push\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('orkeon /workspace (default)> cat README.md\n# session fixture\n');
    expect(r.stdout).toContain('refused: ls (mode default)');
    expect(r.stdout).toContain('this call needs approval and no terminal can answer');
    expect(r.stdout).toContain('would run with an allow rule (allow shell_command command=ls*)');
    expect(r.stdout).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(r.stdout).not.toContain('approve shell_command?');
  });

  it('with --confinement none, cd keeps the folder as its virtual path', () => {
    const w = sessionWorld();
    const r = runCli(['--trust', '--confinement', 'none', '--mode', 'bypassPermissions', w.project], { env: w.env(), input: 'cd src\nls\ncd /etc\ncd\n/exit\nls\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('orkeon /workspace/src (bypassPermissions)> ls\nmain.js\n');
    expect(r.stdout).toContain('cd: /etc is not kept');
    expect(r.stdout).toMatch(/orkeon \/workspace \(bypassPermissions\)> \/exit\n$/);
    expect(r.stdout).toContain('embedded session in /workspace (NOT confined: --confinement none)');
  });
});
