// scripts/run-crew.sh in a test with no terminal (standard input a pipe, as in CI): trust exactly as the
// launcher obeys it, each call through the gate (a question is a refusal), each allowed call run
// confined under real bubblewrap, a report in /output read back from its physical folder.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultOutputDir } from '../../src/mounts/output.js';
import type { CrewReport } from '../../src/session/crew.js';
import { ROOT } from '../trust/harness.js';
import { bubblewrap, sessionWorld } from '../session/fixture.js';

const SCRIPT = path.join(ROOT, 'scripts', 'run-crew.sh');
if (!bubblewrap.ok) console.warn(`SKIPPED: crews under bubblewrap: bubblewrap cannot run here: ${bubblewrap.reason}`);

type World = ReturnType<typeof sessionWorld>;

function crewFile(w: World, lines: readonly (object | string)[]): string {
  const file = path.join(w.root, `crew-${Math.random().toString(36).slice(2)}.jsonl`);
  fs.writeFileSync(file, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n');
  return file;
}

function runCrew(w: World, args: readonly string[], env: Record<string, string | undefined> = {}) {
  const r = spawnSync('sh', [SCRIPT, ...args], { env: w.env(env), cwd: w.root, input: '', encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The report the crew printed the virtual path of, read from the physical output folder. */
function report(stderr: string, outputDir: string): CrewReport {
  const m = /crew report: \/output\/(crew-report-[^\s]+\.json)/.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return JSON.parse(fs.readFileSync(path.join(outputDir, m![1]!), 'utf8')) as CrewReport;
}

const sh = (command: string, extra: object = {}) => ({ tool: 'shell_command', args: { command }, ...extra });

describe('scripts/run-crew.sh: trust, with no terminal', () => {
  it('an untrusted folder exits 3, naming the three ways out; nothing runs, no report', () => {
    const w = sessionWorld();
    const crew = crewFile(w, [sh('touch ran', { mode: 'bypassPermissions' })]);
    const r = runCrew(w, [w.project, crew]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--trust');
    expect(r.stderr).toContain('ORKEON_CODE_TRUST=1');
    expect(r.stderr).toContain(`orkeon-code trust add ${w.project}`);
    expect(fs.existsSync(path.join(w.project, 'ran'))).toBe(false);
    expect(fs.existsSync(defaultOutputDir(w.orkeonHome, w.project))).toBe(false);
    // ORKEON_CODE_TRUST=1 counts only with CI=true.
    expect(runCrew(w, [w.project, crew], { ORKEON_CODE_TRUST: '1' }).code).toBe(3);
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('a folder in the registry runs without --trust', () => {
    const w = sessionWorld();
    fs.mkdirSync(w.orkeonHome, { recursive: true });
    fs.writeFileSync(w.registry, `[\n  ${JSON.stringify(w.project)}\n]\n`, { mode: 0o600 });
    const r = runCrew(w, ['--mode', 'bypassPermissions', w.project, crewFile(w, [sh('git status --short')])]);
    expect(r.code, r.stderr).toBe(0);
  });
});

describe.skipIf(!bubblewrap.ok)('scripts/run-crew.sh under bubblewrap', () => {
  it('--trust runs every call confined; the report is in /output, its virtual path printed', () => {
    const w = sessionWorld();
    const crew = crewFile(w, [
      '# a crew: comments and blank lines are skipped',
      '',
      sh('git log --oneline'),
      sh('npm test', { mode: 'bypassPermissions' }),
      sh('pwd; ls /', { mode: 'bypassPermissions' }),
      { tool: 'file_write', args: { path: 'notes/plan.md', content: 'step one\nstep two\n' }, mode: 'acceptEdits' },
      { tool: 'file_read', args: { path: 'notes/plan.md', offset: 1 } },
    ]);
    const r = runCrew(w, ['--trust', '--confinement', 'bubblewrap', '--rule', 'allow shell_command command=git log*', w.project, crew]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('fixture: first commit');
    expect(r.stdout).toContain('fixture-tests-pass');
    expect(r.stdout).toMatch(/^\/workspace$/m);
    expect(r.stdout).not.toContain(w.root); // confined: / is the sandbox's
    expect(fs.readFileSync(path.join(w.project, 'notes', 'plan.md'), 'utf8')).toBe('step one\nstep two\n');
    const rep = report(r.stderr, defaultOutputDir(w.orkeonHome, w.project));
    expect(rep).toMatchObject({ format: 'orkeon-code crew report 1', crew: path.basename(crew), project: '/workspace', mode: 'default', backend: 'bubblewrap', exitCode: 0 });
    expect(rep.summary).toEqual({ total: 5, passed: 5, failed: 0, refused: 0, unsupported: 0, 'not-run': 0 });
    expect(rep.steps.map((s) => [s.line, s.tool, s.mode, s.decision, s.status])).toEqual([
      [3, 'shell_command', 'default', 'allow', 'passed'],
      [4, 'shell_command', 'bypassPermissions', 'allow', 'passed'],
      [5, 'shell_command', 'bypassPermissions', 'allow', 'passed'],
      [6, 'file_write', 'acceptEdits', 'allow', 'passed'],
      [7, 'file_read', 'default', 'allow', 'passed'],
    ]);
    expect(rep.steps[0]!.reasons[0]).toMatchObject({ rule: 'allow shell_command command=git log*', set: 'session' });
    expect(rep.steps[4]!.stdout).toBe('step two\n');
    expect(JSON.stringify(rep)).not.toContain(w.root); // no host path in what /output holds
  });

  it('ORKEON_CODE_TRUST=1 with CI=true runs it once, saving nothing, and the variable never reaches a step', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const r = runCrew(w, ['--output', out, '--mode', 'bypassPermissions', w.project, crewFile(w, [sh('printenv ORKEON_CODE_TRUST || echo no-trust-variable; printenv CI || echo no-ci-variable; printenv ORKEON_Security__PermissionGate__Enabled')])], { ORKEON_CODE_TRUST: '1', CI: 'true' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('no-trust-variable\nno-ci-variable\ntrue\n');
    expect(report(r.stderr, out).steps[0]).toMatchObject({ status: 'passed', exitCode: 0, stdout: 'no-trust-variable\nno-ci-variable\ntrue\n' });
    expect(fs.existsSync(w.registry)).toBe(false);
  });

  it('a refused step stops the crew with a non-zero exit; the rest is not run', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const settings = path.join(w.root, 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ Orkeon: { Tools: { Shell: { Allowlist: ['touch'] } } } }));
    const crew = crewFile(w, [sh('touch first', { mode: 'bypassPermissions' }), sh('git push origin main', { mode: 'bypassPermissions' }), sh('touch after-refusal', { mode: 'bypassPermissions' })]);
    const r = runCrew(w, ['--trust', '--stage', '--settings', settings, '--output', out, w.project, crew]);
    expect(r.code, r.stderr).toBe(126);
    expect(r.stderr).toContain('[2/3] line 2: shell_command git push origin main (mode bypassPermissions): refused');
    expect(r.stderr).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
    expect(fs.existsSync(path.join(w.project, 'first'))).toBe(true);
    expect(fs.existsSync(path.join(w.project, 'after-refusal'))).toBe(false);
    const rep = report(r.stderr, out);
    expect(rep.stage).toBe(true);
    expect(rep.steps.map((s) => s.status)).toEqual(['passed', 'refused', 'not-run']);
    expect(rep.steps[1]!.reasons[0]).toMatchObject({ rule: 'deny shell_command command=*git push*', set: 'git-readonly' });
    expect(rep.summary).toMatchObject({ passed: 1, refused: 1, 'not-run': 1 });
  });

  it('--keep-going runs the rest, and still exits non-zero', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const settings = path.join(w.root, 'settings.json');
    fs.writeFileSync(settings, JSON.stringify({ Orkeon: { Tools: { Shell: { Allowlist: ['touch'] } } } }));
    const crew = crewFile(w, [sh('git push', { mode: 'bypassPermissions' }), sh('ls missing-file', { mode: 'bypassPermissions' }), sh('touch after-both', { mode: 'bypassPermissions' })]);
    const r = runCrew(w, ['--trust', '--keep-going', '--stage', '--settings', settings, '--output', out, w.project, crew]);
    expect(r.code, r.stderr).toBe(126);
    expect(fs.existsSync(path.join(w.project, 'after-both'))).toBe(true);
    const rep = report(r.stderr, out);
    expect(rep.keepGoing).toBe(true);
    expect(rep.steps.map((s) => [s.status, s.exitCode])).toEqual([
      ['refused', null],
      ['failed', 2],
      ['passed', 0],
    ]);
    expect(rep.steps[1]!.stderr).toContain('missing-file');
  });

  it('a failed step stops the crew with exit 1', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const r = runCrew(w, ['--trust', '--mode', 'bypassPermissions', '--output', out, w.project, crewFile(w, [sh('false'), sh('true')])]);
    expect(r.code, r.stderr).toBe(1);
    expect(report(r.stderr, out).steps.map((s) => s.status)).toEqual(['failed', 'not-run']);
  });

  it('a question is a refusal (nobody answers), naming what would allow the call', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const r = runCrew(w, ['--trust', '--output', out, w.project, crewFile(w, [sh('git status')])]);
    expect(r.code, r.stderr).toBe(126);
    const step = report(r.stderr, out).steps[0]!;
    expect(step.status).toBe('refused');
    expect(step.reasons.map((x) => x.kind)).toEqual(['mode', 'no-terminal']);
    expect(step.reasons[1]!.remedy).toContain('allow shell_command command=git status*');
  });

  it('file tools reach the mounts only: a path outside them or under a read-only one is refused; /tmp is the private one', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const hostTmpPath = path.join(w.root, 'looks-like-a-host-path.txt'); // under the host's /tmp, and the sandbox's
    const crew = crewFile(w, [
      { tool: 'file_write', args: { path: '/etc/orkeon-crew-test', content: 'x' } },
      { tool: 'file_write', args: { path: '../outside.txt', content: 'x' } },
      { tool: 'file_write', args: { path: '/user-config/settings.json', content: '{}' } },
      { tool: 'file_read', args: { path: '/user-config/settings.json' } },
      { tool: 'file_write', args: { path: hostTmpPath, content: 'x' } },
      { tool: 'http_api', args: { url: 'https://example.com' } },
    ]);
    const r = runCrew(w, ['--trust', '--keep-going', '--mode', 'acceptEdits', '--output', out, w.project, crew]);
    expect(r.code, r.stderr).toBe(126);
    expect(fs.existsSync('/etc/orkeon-crew-test')).toBe(false);
    expect(fs.existsSync(path.join(w.root, 'outside.txt'))).toBe(false);
    expect(fs.existsSync(hostTmpPath)).toBe(false); // written in the sandbox's private /tmp, gone with it
    const rep = report(r.stderr, out);
    expect(rep.steps.map((s) => s.status)).toEqual(['refused', 'refused', 'refused', 'passed', 'passed', 'unsupported']);
    expect(rep.steps[0]!.reasons[0]!.message).toContain('reaches only the mounts');
    expect(rep.steps[1]!.reasons[0]!.message).toContain('reaches only the mounts');
    expect(rep.steps[2]!.reasons[0]!.message).toContain('read-only mount /user-config');
    expect(JSON.parse(rep.steps[3]!.stdout)).toEqual({ orkeonCode: {} });
    expect(rep.steps[5]!.error).toContain('http_api is not supported in a crew yet');
  });

  it('a crew file that does not read runs nothing (65), naming each bad line', () => {
    const w = sessionWorld();
    const r = runCrew(w, ['--trust', '--mode', 'bypassPermissions', w.project, crewFile(w, [sh('echo should-not-run'), 'npm test', '{"tool":"shell_command","args":"ls"}'])]);
    expect(r.code).toBe(65);
    expect(r.stdout).not.toContain('should-not-run');
    expect(r.stderr).toContain('line 2: not JSON');
    expect(r.stderr).toContain('line 3: "args" of shell_command is not an object');
    expect(runCrew(w, ['--trust', w.project, path.join(w.root, 'missing.jsonl')]).stderr).toContain('does not exist');
  });
});
