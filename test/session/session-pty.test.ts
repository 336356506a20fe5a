// The embedded session at a real terminal (a pseudo-terminal), under real bubblewrap, with a private
// ORKEON_CODE_HOME: a command allowed, one asked and approved once (and asked again), one approved for the
// session (not asked again, not listed by /permissions), one refused by a dev-stage rule with its rule,
// set and remedy, /mode and /permissions changing the outcome, Ctrl-C, cd, /exit. The prompt never shows
// a host path, and the session's rules are written nowhere.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { spawnPty, type PtySession } from '../support/pty.js';
import { CLI } from '../trust/harness.js';
import { canRunSessions, filesUnder, sessionWorld, whySkipped } from './fixture.js';

if (!canRunSessions) console.warn(`SKIPPED: the embedded session at a terminal: ${whySkipped}`);

const PROMPT = /orkeon (\/\S*) \((\w+)\)> $/;

/** Types a line at the prompt and returns what the session showed up to the next prompt or question. */
async function line(term: PtySession, text: string, until: string | RegExp = /\)> $/): Promise<string> {
  term.sendLine(text);
  return term.waitFor(until, 20_000);
}

describe.skipIf(!canRunSessions)('the embedded session at a terminal, under bubblewrap', () => {
  it('allows, asks, approves once or for the session, refuses with the stage rule, and obeys /mode and /permissions', async () => {
    const w = sessionWorld();
    const term = spawnPty([process.execPath, CLI, '--trust', '--stage', '--confinement', 'bubblewrap', '--rule', 'allow shell_command command=ls*', w.project], { env: w.env(), hardTimeoutMs: 120_000 });
    const start = await term.waitFor(/\)> $/, 30_000);
    expect(start).toContain('embedded session in /workspace (confined by bubblewrap), mode default; the dev-stage rule sets are in the gate');
    expect(start).toMatch(/orkeon \/workspace \(default\)> $/);

    // Allowed by a rule: runs at once, confined, in /workspace.
    let out = await line(term, 'ls');
    expect(out).not.toContain('approve');
    expect(out).toMatch(/README\.md\s+package\.json\s+src/);

    // Asked, approved once, asked again next time; n refuses.
    out = await line(term, 'cat README.md', '[n] no ');
    expect(out).toContain('? shell_command requires approval (mode default): cat README.md\napprove shell_command? [y] once / [s] session / [n] no ');
    out = await line(term, 'y');
    expect(out).toContain('# session fixture');
    out = await line(term, 'cat README.md', '[n] no ');
    out = await line(term, 'maybe', '[n] no '); // not an answer: the whole question again
    expect(out).toContain('? shell_command requires approval (mode default): cat README.md');
    out = await line(term, 'n');
    expect(out).toContain('not run: refused at the question');

    // Refused by a dev-stage rule: never asked, rule, set and remedy shown.
    out = await line(term, 'git push origin main');
    expect(out).not.toContain('approve');
    expect(out).toContain('refused: git push origin main (mode default)');
    expect(out).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(out).toContain('instead: read with git status, git log, git diff or git show');

    // Approved for the session: not asked again, and /permissions neither lists nor clears it.
    out = await line(term, 'git log --oneline', '[n] no ');
    out = await line(term, 's');
    expect(out).toContain('fixture: first commit');
    out = await line(term, 'git status');
    expect(out).not.toContain('approve');
    expect(out).toContain('On branch main');
    out = await line(term, '/permissions list');
    expect(out).toContain('allow shell_command command=ls*');
    expect(out).not.toMatch(/session.*approv|\[s\]/i);
    out = await line(term, '/permissions clear');
    expect(out).toContain('cleared 1 rule of this session');
    out = await line(term, 'cat src/main.js');
    expect(out).not.toContain('approve');
    expect(out).toContain('export const answer = 42;');
    out = await line(term, '/permissions');
    expect(out).toContain('rules of this session: none');
    expect(out).toContain('git-readonly: 218 rules');

    // /permissions changes the outcome: a deny rule refuses what the [s] answer ran.
    out = await line(term, '/permissions add deny shell_command command=cat *');
    expect(out).toContain('added deny shell_command command=cat *');
    out = await line(term, 'cat README.md');
    expect(out).toContain('rule: deny shell_command command=cat * (set session)');
    out = await line(term, '/permissions add allow shell_command cmd=cat*');
    expect(out).toContain('it takes: command, working_directory, timeout_seconds');

    // /mode changes the outcome: plan refuses the shell; the prompt shows the mode.
    out = await line(term, '/mode');
    expect(out).toMatch(/mode: acceptEdits.*\norkeon \/workspace \(acceptEdits\)> $/s);
    out = await line(term, '/mode');
    expect(out).toMatch(/orkeon \/workspace \(plan\)> $/);
    out = await line(term, 'git status');
    expect(out).toContain('refused: git status (mode plan)');
    out = await line(term, '/plan');
    expect(out).toMatch(/orkeon \/workspace \(acceptEdits\)> $/);
    out = await line(term, 'plan: git status');
    expect(out).toContain('refused: git status (mode plan)');
    expect(out).toMatch(/orkeon \/workspace \(acceptEdits\)> $/);

    // cd moves the session; a non-zero exit is shown.
    out = await line(term, 'cd src');
    expect(out).toMatch(/orkeon \/workspace\/src \(acceptEdits\)> $/);
    out = await line(term, 'pwd');
    expect(out).toContain('/workspace/src\n');
    out = await line(term, 'ls missing-file');
    expect(out).toMatch(/\[exit 2\]\n/);

    // Ctrl-C stops the command, not the session.
    term.sendLine('sleep 60');
    await new Promise((r) => setTimeout(r, 1500));
    term.sendInterrupt();
    out = await term.waitFor(/\)> $/, 20_000);
    expect(out).toContain('[exit 130, SIGINT]');
    out = await line(term, 'echo still-here');
    expect(out).toContain('still-here');

    term.sendLine('/exit');
    const exit = await term.exit();
    expect(exit.code).toBe(0);

    // The prompt never shows a host path.
    const prompts = exit.text.split('\n').map((l) => PROMPT.exec(l.replace(/(\)> ).*$/, '$1'))).filter((m) => m !== null);
    expect(prompts.length).toBeGreaterThan(20);
    for (const m of prompts) expect(m![1]!.startsWith('/workspace')).toBe(true);
    expect(exit.text.split('\n').filter((l) => l.includes(')> ')).some((l) => l.includes(w.root))).toBe(false);
    // The session's rules were written nowhere.
    for (const dir of [w.orkeonHome, w.home, w.project]) {
      for (const f of filesUnder(dir)) {
        if (f.startsWith('.git/objects/')) continue;
        expect(fs.readFileSync(`${dir}/${f}`, 'utf8'), `${dir}/${f}`).not.toMatch(/shell_command command=/);
      }
    }
  }, 120_000);

  it('at an xterm, the up arrow recalls the last command, never an answer to the question', async () => {
    const w = sessionWorld();
    const term = spawnPty([process.execPath, CLI, '--trust', '--confinement', 'bubblewrap', w.project], { env: w.env({ TERM: 'xterm-256color' }) });
    await term.waitFor(/\(default\)> $/, 30_000);
    term.sendLine('cat README.md');
    await term.waitFor('[n] no ');
    term.sendLine('y');
    await term.waitFor('# session fixture');
    await term.waitFor(/\(default\)> $/);
    term.write('\x1b[A'); // up: the previous line of the history
    term.sendLine('');
    await term.waitFor('? shell_command requires approval (mode default): cat README.md');
    term.sendLine('n');
    await term.waitFor(/\(default\)> $/);
    term.sendLine('/exit');
    expect((await term.exit()).code).toBe(0);
  }, 60_000);

  it('end of input (Ctrl-D) ends the session with 0; a missing ORKEON_REPL stops before any session', async () => {
    const w = sessionWorld();
    const term = spawnPty([process.execPath, CLI, '--trust', w.project], { env: w.env() });
    await term.waitFor(/\(default\)> $/, 30_000);
    term.sendEof();
    expect((await term.exit()).code).toBe(0);

    const missing = spawnPty([process.execPath, CLI, '--trust', w.project], { env: w.env({ ORKEON_REPL: `${w.root}/no-such-repl` }) });
    const exit = await missing.exit();
    expect(exit.code).toBe(127);
    expect(exit.text).toContain(`ORKEON_REPL=${w.root}/no-such-repl does not exist`);
    expect(exit.text).not.toContain(')> ');
  }, 60_000);
});
