// The realistic agent-command corpus every benchmark measures: one command a line, `#` lines and blank
// lines skipped, `\n`, `\t` and `\\` decoded in one left-to-right pass (as the evasion corpus is).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const AGENT_COMMANDS_FILE = 'bench/corpus/agent-commands.txt';

export function loadAgentCommands() {
  const text = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'corpus', 'agent-commands.txt'), 'utf8');
  return text
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => l.replace(/\\(\\|n|t)/g, (_, c) => (c === 'n' ? '\n' : c === 't' ? '\t' : '\\')));
}
