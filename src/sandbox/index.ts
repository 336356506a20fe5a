// The confinement stage: one plan, three backends, one runner. Pure but for probe.ts, git-guard.ts,
// runner.ts and session.ts (the I/O edges).
export type { Backend, BindPurpose, ConfinementMode, Invocation, PlanMount, SandboxEtc, SandboxError, SandboxIdentity, SandboxPlan, SandboxResult } from './types.js';
export { CONFINEMENT_MODES, SETUP_EXIT } from './types.js';
export { buildSandboxPlan, type SandboxPlanInput } from './plan.js';
export { protectionMounts, foldersBetween, type ProtectedPath, type ProtectionResult } from './protect.js';
export { bubblewrapInvocation, type BubblewrapOptions } from './bubblewrap.js';
export { SYSTEM_FOLDERS, ETC_ENTRIES } from './bubblewrap-system.js';
export { dockerInvocation, DEFAULT_DOCKER_IMAGE, csvField, type DockerOptions } from './docker.js';
export { noneInvocation } from './none.js';
export { probeBubblewrap, probeDocker, findExecutable, resetProbeCache, type BubblewrapProbe, type DockerProbe } from './probe.js';
export { selectBackend, resolveBackend, INSTALL_BUBBLEWRAP, type BackendChoice, type Probes } from './select.js';
export { runInvocation, FORWARDED_SIGNALS, type RunOptions, type RunResult } from './runner.js';
export { inspectGitGuard, plantedPaths, readGitConfigValue, type GitGuard } from './git-guard.js';
export { sandboxPasswd, sandboxGroup } from './etc-files.js';
export { openSandbox, dockerCliEnv, sweepStaleSessions, type OpenSandboxInput, type OpenedSandbox } from './session.js';
