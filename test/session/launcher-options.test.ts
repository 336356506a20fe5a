// The launcher's session options: --stage and --rule (read before trust: a bad rule is a usage error and
// nothing of the folder is touched), and what a no-command session would start, as --dry-run shows it.
import { describe, expect, it } from 'vitest';
import { runCli } from '../trust/harness.js';
import { sessionWorld } from './fixture.js';

describe('the launcher\'s session options', () => {
  it('a --rule that does not parse is refused (64) before trust, listing what the tool takes', () => {
    const w = sessionWorld();
    const r = runCli([w.project, '--rule', 'allow shell_command cmd=npm test*'], { env: w.env() });
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("--rule 'allow shell_command cmd=npm test*': shell_command does not take 'cmd'; it takes: command, working_directory, timeout_seconds");
    expect(r.stderr).not.toContain('not a trusted folder');
  });

  it('--dry-run shows the embedded session, its stage sets and its first rules, starting nothing', () => {
    const w = sessionWorld();
    const r = runCli(['--trust', '--stage', '--rule', 'allow shell_command command="npm test*"', '--rule', 'deny http_api', '--confinement', 'none', '--dry-run', w.project], { env: w.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session: 'embedded', command: null, stage: true, rules: ['allow shell_command command=npm test*', 'deny http_api'], cwd: '/workspace' });
    const plain = runCli(['--trust', '--confinement', 'none', '--dry-run', w.project], { env: w.env() });
    expect(JSON.parse(plain.stdout)).toMatchObject({ session: 'embedded', stage: false, rules: [] });
  });

  it('--demo puts the stage sets in the gate', () => {
    const w = sessionWorld();
    const r = runCli(['--demo', '--confinement', 'none', '--dry-run'], { env: w.env() });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ session: 'embedded', stage: true, trustedVia: 'demo' });
  });
});
