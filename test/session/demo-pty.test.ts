// `orkeon-code --demo` at a real terminal, under real bubblewrap: the session starts in the fixture (the
// dev-stage sets on), `git push` is refused by git-readonly, `npm test` runs once approved (or once an
// allow rule covers it) and passes. What the README's walkthrough shows.
import { describe, expect, it } from 'vitest';
import { spawnPty } from '../support/pty.js';
import { CLI } from '../trust/harness.js';
import { canRunSessions, sessionWorld, whySkipped } from './fixture.js';

if (!canRunSessions) console.warn(`SKIPPED: the demo session at a terminal: ${whySkipped}`);

describe.skipIf(!canRunSessions)('orkeon-code --demo at a terminal', () => {
  it('starts in the fixture; git push is refused by git-readonly; npm test runs and passes', async () => {
    const w = sessionWorld();
    const term = spawnPty([process.execPath, CLI, '--demo'], { env: w.env(), hardTimeoutMs: 120_000 });
    const start = await term.waitFor('orkeon /workspace (default)> ', 30_000);
    expect(start).toContain('prepared the demo project in');
    expect(start).toContain('embedded session in /workspace (confined by bubblewrap), mode default; the dev-stage rule sets are in the gate');

    term.sendLine('git log --oneline');
    await term.waitFor('[n] no ');
    term.sendLine('y');
    let out = await term.waitFor('(default)> ', 20_000);
    expect(out).toContain('Test parsing and formatting; project settings');

    term.sendLine('git push');
    out = await term.waitFor('(default)> ', 20_000);
    expect(out).not.toContain('approve');
    expect(out).toContain('refused: git push (mode default)');
    expect(out).toContain('refused by `deny shell_command command=*git push*` (git-readonly)');
    expect(out).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(out).toContain('instead: read with git status, git log, git diff or git show');

    term.sendLine('npm test');
    out = await term.waitFor('approve shell_command? [y] once / [s] session / [n] no ', 20_000);
    expect(out).toContain('? shell_command requires approval (mode default): npm test');
    term.sendLine('y');
    out = await term.waitFor('(default)> ', 60_000);
    expect(out).toMatch(/pass 3/);
    expect(out).toMatch(/fail 0/);
    expect(out).not.toContain('[exit');

    term.sendLine('/permissions add allow shell_command command=npm test*');
    await term.waitFor('(default)> ');
    term.sendLine('npm test');
    out = await term.waitFor('(default)> ', 60_000);
    expect(out).not.toContain('approve');
    expect(out).toMatch(/pass 3/);

    term.sendLine('/exit');
    expect((await term.exit()).code).toBe(0);
  }, 120_000);
});
