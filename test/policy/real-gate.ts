// The real gate for end-to-end tests: the shell front-end (web-tree-sitter) and decide(), no double.
import { initShellReader, readShellCommand } from '../../src/shell/index.js';
import { buildGateContext, type GateContextInput } from '../../src/policy/context.js';
import { decide } from '../../src/policy/decide.js';
import type { Decision } from '../../src/policy/types.js';

await initShellReader();

export const REFERENCE: GateContextInput = { stage: true, mode: 'bypassPermissions', shell: { allowInterpreters: true, allowlist: ['*'] } };

export function gate(input: GateContextInput = REFERENCE) {
  const { context } = buildGateContext({ ...input, readShell: readShellCommand });
  return (command: string): Decision => decide({ tool: 'shell_command', args: { command } }, context);
}

export { readShellCommand };
