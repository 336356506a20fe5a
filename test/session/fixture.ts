// A project made with real git (a README, a source folder, a package.json whose test script needs no
// dependency) in a private world (HOME and ORKEON_CODE_HOME of the test's own), and whether the real
// pieces the session tests need are here: a pseudo-terminal and bubblewrap.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { probeBubblewrap } from '../../src/sandbox/probe.js';
import { hasPty } from '../support/pty.js';
import { world } from '../trust/harness.js';

export const bubblewrap = await probeBubblewrap();
export const canRunSessions = hasPty && bubblewrap.ok;
export const whySkipped = !hasPty ? 'no pseudo-terminal here (python3 with its pty module)' : !bubblewrap.ok ? `bubblewrap cannot run here: ${bubblewrap.reason}` : '';

export function sessionWorld(): ReturnType<typeof world> & { project: string } {
  const w = world();
  const project = path.join(w.root, 'project');
  fs.mkdirSync(path.join(project, 'src'), { recursive: true });
  fs.writeFileSync(path.join(project, 'README.md'), '# session fixture\n');
  fs.writeFileSync(path.join(project, 'src', 'main.js'), 'export const answer = 42;\n');
  fs.writeFileSync(path.join(project, 'package.json'), `${JSON.stringify({ name: 'fixture', private: true, scripts: { test: 'echo fixture-tests-pass' } }, null, 2)}\n`);
  const env = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' };
  execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: project, env });
  execFileSync('git', ['add', '.'], { cwd: project, env });
  execFileSync('git', ['commit', '-q', '-m', 'fixture: first commit'], { cwd: project, env });
  return { ...w, project };
}

/** Every file under `dir` (relative paths), for "nothing was written there". */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out;
}
