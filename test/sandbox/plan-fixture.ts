// A fixed plan for the argv snapshots: every kind of mount, a socket, a protection and its pins.
import { buildMountTable } from '../../src/mounts/table.js';
import { parseMountString } from '../../src/mounts/parse.js';
import { buildCommandEnv } from '../../src/env/command-env.js';
import { buildSandboxPlan, type SandboxPlanInput } from '../../src/sandbox/plan.js';
import type { Backend, SandboxPlan } from '../../src/sandbox/types.js';

export function fixedPlan(backend: Backend, over: Partial<SandboxPlanInput> = {}): SandboxPlan {
  const spec = parseMountString('/srv/datasets:/data:ro');
  if (!spec.ok) throw new Error(spec.error.message);
  const table = buildMountTable({ project: '/home/alice/proj', output: '/home/alice/.orkeon-code/output/proj-0123456789', userConfig: '/tmp/orkeon-code-AbC123/user-config', user: [spec.value] });
  if (!table.ok) throw new Error(table.error.message);
  const env = buildCommandEnv({
    hostEnv: { PATH: '/usr/bin', LANG: 'C.UTF-8', TERM: 'xterm', SSH_AUTH_SOCK: '/run/user/1000/agent.sock', GITHUB_TOKEN: 'ghp_x' },
    settings: { sessionBus: false, propagate: [] },
    backend,
    home: backend === 'none' ? '/tmp/orkeon-code-AbC123/home' : '/home/orkeon',
    tmp: '/tmp',
    user: 'alice',
    runtimeDir: '/run/orkeon-code',
  });
  const plan = buildSandboxPlan({
    backend,
    table: table.value,
    env,
    command: ['git', 'status', '--short'],
    network: false,
    protect: [
      { path: '/home/alice/proj/.git/hooks', what: "the project's .git/hooks" },
      { path: '/home/alice/proj/.git/config', what: "the project's .git/config" },
      { path: '/home/alice/proj/.git/worktrees/w/commondir', what: "a linked worktree's commondir" },
    ],
    identity: { uid: 1000, gid: 1000, user: 'alice' },
    etc: { passwd: '/tmp/orkeon-code-AbC123/passwd', group: '/tmp/orkeon-code-AbC123/group' },
    ...over,
  });
  if (!plan.ok) throw new Error(plan.error.message);
  return plan.value;
}
