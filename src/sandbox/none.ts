// SandboxPlan → a host process: no sandbox. The command runs as the user, in the project folder, with the
// built environment and nothing else of the host's; the gate still decided what runs. Virtual paths in
// the command are not rewritten: `/workspace/x` names a host path that does not exist.
import type { Invocation, SandboxPlan } from './types.js';

export function noneInvocation(plan: SandboxPlan): Invocation {
  return { backend: 'none', argv: [...plan.command], fdArgs: 0, env: { ...plan.env }, cwd: plan.hostCwd, container: null };
}
