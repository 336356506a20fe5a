import { buildGateContext, type GateContextInput } from '../../src/policy/context.js';
import { decide } from '../../src/policy/decide.js';
import { parseRule } from '../../src/policy/rules/parse.js';
import type { Decision, Rule } from '../../src/policy/types.js';
import type { ShellReading, SimpleCommand } from '../../src/shell/types.js';

export const cmd = (argv: string[], o: Partial<SimpleCommand> = {}): SimpleCommand => ({
  words: argv,
  argv,
  dynamic: [],
  assignments: [],
  redirects: [],
  stdin: 'inherited',
  via: '',
  runs: null,
  opaque: [],
  ...o,
});

export const rules = (...texts: string[]): Rule[] =>
  texts.map((t) => {
    const r = parseRule(t, 'session');
    if (!r.ok) throw new Error(r.error);
    return r.rule;
  });

export const OPEN = { allowInterpreters: true, allowlist: ['*'] };

/** Decides a shell command whose reading is given (a pure unit around the judgement, no parser). */
export function decideReading(raw: string, commands: SimpleCommand[], input: GateContextInput = {}): Decision {
  const reading: ShellReading = { line: raw, commands };
  const { context } = buildGateContext({ ...input, readShell: () => ({ ok: true, reading }) });
  return decide({ tool: 'shell_command', args: { command: raw } }, context);
}

export function decideCall(tool: string, args: Record<string, unknown>, input: GateContextInput = {}): Decision {
  const { context } = buildGateContext(input);
  return decide({ tool, args }, context);
}
