// Properties over generated commands, through the real front-end and the gate.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/policy/rules/parse.js';
import type { Mode, Rule } from '../../src/policy/types.js';
import { gate, readShellCommand, REFERENCE } from './real-gate.js';

const TOKENS = ['git', 'push', 'status', 'log', 'ls', '-la', 'cat', 'README.md', 'python3', '-c', 'x.py', 'bash', 'scripts/t.sh', 'echo', 'hi', 'npm', 'test', 'config', 'user.name', '-C', 'commit', '-m', 'wip', 'node', '-e', 'grep', '-r', 'src', 'stash', 'branch', 'sh'];
const MODES: Mode[] = ['plan', 'dontAsk', 'default', 'acceptEdits', 'bypassPermissions'];

/** A token written in one of the ways bash reads as the same word. */
const spelled = (t: string) =>
  fc.constantFrom<(s: string) => string>(
    (s) => s,
    (s) => `'${s}'`,
    (s) => `"${s}"`,
    (s) => s.replace(/([a-z])/, '\\$1'),
    (s) => (s.length > 1 ? `'${s.slice(0, 1)}'"${s.slice(1)}"` : s),
    (s) => `$'${s}'`,
  ).map((f) => f(t));

const simple = fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 5 });
const blank = fc.constantFrom(' ', '  ', '\t', ' \t ');
const separator = fc.constantFrom('; ', ' && ', ' || ', ' | ');

const spelledCommand = fc
  .array(simple, { minLength: 1, maxLength: 3 })
  .chain((cmds) =>
    fc.tuple(
      ...cmds.map((words) => fc.tuple(...words.map(spelled), fc.array(blank, { minLength: words.length, maxLength: words.length }))),
      fc.array(separator, { minLength: cmds.length, maxLength: cmds.length }),
    ),
  )
  .map((parts) => {
    const seps = parts[parts.length - 1] as string[];
    const cmds = parts.slice(0, -1) as Array<[...string[]]>;
    return cmds
      .map((c) => {
        const blanks = c[c.length - 1] as unknown as string[];
        const words = c.slice(0, -1) as string[];
        return words.map((w, i) => (i === 0 ? w : `${blanks[i]}${w}`)).join('');
      })
      .map((c, i) => (i === 0 ? c : `${seps[i]}${c}`))
      .join('');
  });

const rule = (t: string): Rule => {
  const r = parseRule(t);
  if (!r.ok) throw new Error(r.error);
  return r.rule;
};

describe('properties', () => {
  it('a decision is the same for a command and its normalised form (line)', () => {
    const policies = [gate(REFERENCE), gate({ mode: 'bypassPermissions' }), gate({ mode: 'default', terminal: true, rules: [rule('allow shell_command command=ls*'), rule('deny shell_command command=git push*')] })];
    fc.assert(
      fc.property(spelledCommand, fc.constantFrom('', ' # git push', ' #x'), (command, comment) => {
        const raw = command + comment;
        const read = readShellCommand(raw);
        if (!read.ok) return; // refused before parsing: nothing to compare
        for (const decide of policies) {
          expect(decide(read.reading.line).decision, `${JSON.stringify(raw)} vs ${JSON.stringify(read.reading.line)}`).toBe(decide(raw).decision);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a deny rule is never overridden by any allow rule or mode', () => {
    const allowPatterns = fc.array(
      fc.constantFrom('allow shell_command', 'allow shell_command command=*', 'allow shell_command command=git*', 'allow shell_command command=*push*', 'allow shell_command command=ls*', 'allow shell_command working_directory=*', 'allow shell_command command="*"'),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(spelledCommand, allowPatterns, fc.constantFrom(...MODES), fc.boolean(), fc.boolean(), (raw, allows, mode, stage, terminal) => {
        const read = readShellCommand(raw);
        if (!read.ok || read.reading.commands.length === 0) return;
        const target = read.reading.commands[read.reading.commands.length - 1]!.argv.join(' ');
        const deny = rule(`deny shell_command command=${target}`);
        const d = gate({ mode, stage, terminal, rules: [...allows.map(rule), deny], shell: { allowInterpreters: true, allowlist: ['*'] } })(raw);
        expect(d.decision, raw).toBe('deny');
      }),
      { numRuns: 300 },
    );
  });

  it('a dynamic command name, git verb or wrapper target is never allowed, whatever the rules, mode or settings', () => {
    const dynamicWord = fc.constantFrom('$x', '${x}', '$(echo git)', '`echo ls`', 'g?t', '{git,ls}', '"$CMD"', '${x:-ls}', '~', 'l$()s');
    const shape = fc.constantFrom<(w: string) => string>((w) => `${w} status`, (w) => `git ${w} origin`, (w) => `timeout 5 ${w} -la`, (w) => `ls && ${w}`, (w) => `sudo ${w}`, (w) => `env ${w} x`);
    const allows = fc.array(fc.constantFrom('allow shell_command', 'allow shell_command command=*', 'allow shell_command command=ls*'), { maxLength: 2 });
    fc.assert(
      fc.property(dynamicWord, shape, allows, fc.constantFrom(...MODES), fc.boolean(), fc.boolean(), (w, make, allowTexts, mode, stage, open) => {
        const command = make(w);
        const d = gate({ mode, stage, terminal: true, rules: allowTexts.map(rule), shell: open ? { allowInterpreters: true, allowlist: ['*'] } : { allowInterpreters: false, allowlist: [] } })(command);
        expect(d.decision, command).not.toBe('allow');
      }),
      { numRuns: 300 },
    );
  });
});
