// The gate's public surface. Pure functions from a typed input to a typed result; the shell front-end is
// handed in (GateContext.readShell), so the policy runs nothing and reads no file.
export type * from './types.js';
export { MODES } from './types.js';
export { decide, argumentText } from './decide.js';
export { buildGateContext, gateRules, withMode, DEFAULT_MOUNT_VIEW, DEFAULT_SHELL_SETTINGS, type GateContext, type GateContextInput, type ShellReader } from './context.js';
export { parseRule, formatRule, addRule, removeRule, sameCalls, unquotePattern, type RuleParseResult } from './rules/parse.js';
export { CompiledRules } from './rules/index.js';
export { compileGlob, globMatches, globsIntersect } from './rules/glob.js';
export { RULE_SETS, STAGE_SET_NAMES, BATCH_SET, ruleSet, stageRules, batchAllowRules, ruleSetSource } from './sets/index.js';
export { isMode, modeVerdict, offeredIn, splitModePrefix, resolveMode, MODE_WIDTH } from './modes.js';
export { BUILTIN_TOOLS, declaredAccess, httpApiAccess, githubAccess } from './tools.js';
export { DEFAULT_ALLOWLIST, GIT_WITHOUT_INTERPRETERS } from './shell/allowlist.js';
