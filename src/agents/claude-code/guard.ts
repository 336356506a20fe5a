// Rules every Claude Code session holds, whatever its mode and its other rules: Claude Code's file tools
// never write the project's Claude Code settings nor its .mcp.json. Those files decide what Claude Code
// runs on the host, outside every sandbox (hooks, environment variables such as
// CLAUDE_CODE_SHELL_PREFIX or NODE_OPTIONS, `disableAllHooks`, MCP servers); a model that could write
// them could switch the guard off for the rest of the session. The shell cannot write them either: the
// prefix mounts them read-only (prefix.ts), and a .mcp.json a command creates where there was none is moved
// aside once the command ends (the sandbox's keptOut). A deny rule in the seed's syntax, in the set `claude-code`,
// beside the examples it must and must not match.
import { parseRuleTexts } from '../../policy/rule-options.js';
import type { Rule } from '../../policy/types.js';

export const CLAUDE_CODE_SET = 'claude-code';

export const CLAUDE_CODE_GUARD_RULES: readonly string[] = [
  'deny file_write path=/workspace/.claude/settings*',
  'deny edit_file path=/workspace/.claude/settings*',
  'deny file_write path=/workspace/.mcp.json',
  'deny edit_file path=/workspace/.mcp.json',
];

/** Paths (as the hook hands them to the gate) each file rule must refuse, and must let through. */
export const CLAUDE_CODE_GUARD_EXAMPLES = {
  refused: ['/workspace/.claude/settings.json', '/workspace/.claude/settings.local.json', '/workspace/.mcp.json'],
  allowed: ['/workspace/.claude/commands/review.md', '/workspace/CLAUDE.md', '/workspace/src/settings.ts', '/workspace/docs/.mcp.json.md'],
} as const;

export const CLAUDE_CODE_GUARD_REMEDY =
  "Claude Code's own settings and .mcp.json decide what runs on the host, so no session writes them; the user edits them outside orkeon-code";

export function claudeCodeGuardRules(): Rule[] {
  const parsed = parseRuleTexts(CLAUDE_CODE_GUARD_RULES, CLAUDE_CODE_SET);
  if (!parsed.ok) throw Object.assign(new Error(`the claude-code guard rule '${parsed.text}' does not parse: ${parsed.error}`), { code: 'ORKEON_GUARD_RULES' });
  return [...parsed.rules];
}
