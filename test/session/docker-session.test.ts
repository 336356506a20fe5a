// The embedded session and a crew under the docker backend, against a real engine and the offline test
// image (.ci/docker-setup.sh): the same gate, the project at /workspace, cd kept. Skips loudly without one.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { dockerAvailable, TEST_IMAGE } from '../sandbox/fixture.js';
import { ROOT, runCli } from '../trust/harness.js';
import { sessionWorld } from './fixture.js';

const docker = dockerAvailable();
if (!docker.ok) console.warn(`SKIPPED: sessions under docker: ${docker.reason}`);

function settingsFile(root: string): string {
  const file = path.join(root, 'settings.json');
  fs.writeFileSync(file, JSON.stringify({ Orkeon: { Tools: { Shell: { Confinement: { Image: TEST_IMAGE } } } } }));
  return file;
}

describe.skipIf(!docker.ok)('sessions under docker', () => {
  it('the embedded session runs each allowed line in a container, keeps cd, refuses by the rules', () => {
    const w = sessionWorld();
    const r = runCli(['--trust', '--stage', '--settings', settingsFile(w.root), '--confinement', 'docker', '--mode', 'bypassPermissions', w.project], {
      env: w.env(),
      input: 'cd src\npwd\ncat main.js | wc -l\ngit push\n',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('embedded session in /workspace (confined by docker)');
    expect(r.stdout).toContain('orkeon /workspace/src (bypassPermissions)> pwd\n/workspace/src\n');
    expect(r.stdout).toMatch(/wc -l\n\s*1\n/);
    expect(r.stdout).toContain('rule: deny shell_command command=*git push* (set git-readonly)');
  }, 120_000);

  it('a crew runs its steps in containers and writes its report to /output', () => {
    const w = sessionWorld();
    const out = path.join(w.root, 'out');
    const crew = path.join(w.root, 'crew.jsonl');
    fs.writeFileSync(crew, `${JSON.stringify({ tool: 'shell_command', args: { command: 'pwd' } })}\n${JSON.stringify({ tool: 'file_write', args: { path: 'made-in-docker.txt', content: 'ok\n' } })}\n`);
    const r = spawnSync('sh', [path.join(ROOT, 'scripts', 'run-crew.sh'), '--trust', '--mode', 'acceptEdits', '--rule', 'allow shell_command command=*', '--settings', settingsFile(w.root), '--confinement', 'docker', '--output', out, w.project, crew], { env: w.env(), input: '', encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toBe('/workspace\n');
    expect(fs.readFileSync(path.join(w.project, 'made-in-docker.txt'), 'utf8')).toBe('ok\n');
    const name = /crew report: \/output\/(\S+)/.exec(r.stderr)![1]!;
    expect(JSON.parse(fs.readFileSync(path.join(out, name), 'utf8'))).toMatchObject({ backend: 'docker', exitCode: 0 });
  }, 120_000);
});
