// The trigram index must find exactly what a scan of every rule finds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, globMatches } from '../../src/policy/rules/glob.js';
import { CompiledRules } from '../../src/policy/rules/index.js';
import { stageRules } from '../../src/policy/sets/index.js';
import type { Rule } from '../../src/policy/types.js';

const rule = (pattern: string, i: number): Rule => ({ effect: 'deny', tool: 'shell_command', argument: 'command', pattern, text: `deny shell_command command=${pattern} #${i}`, set: 't' });

describe('rule index', () => {
  it('finds the first matching rule a linear scan finds (random rules and texts)', () => {
    const piece = fc.constantFrom('git', ' ', 'push', '*', '-c', 'sh', 'a', 'ab', 'abc', 'x y');
    fc.assert(
      fc.property(fc.array(fc.array(piece, { maxLength: 5 }).map((p) => p.join('')), { minLength: 1, maxLength: 30 }), fc.array(piece, { maxLength: 8 }).map((p) => p.join('')), (patterns, text) => {
        const rules = patterns.map(rule);
        const compiled = new CompiledRules(rules).forTool('shell_command').deny.get('command')!;
        const linear = rules.findIndex((r) => globMatches(compileGlob(r.pattern!), text));
        const found = compiled.firstMatch(text);
        expect(found ? found.order : -1).toBe(linear);
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with a linear scan of the 534 stage rules on many commands', () => {
    const rules = stageRules().filter((r) => r.tool === 'shell_command');
    const idx = new CompiledRules(rules).forTool('shell_command').deny.get('command')!;
    const texts = ['git push', 'git status', 'ls -la', 'bash -c ls', 'git -C x commit -m y', 'python3 x.py -c', 'git config --get a', 'echo git stash', 'ssh -c aes host'];
    for (const t of texts) {
      const linear = rules.find((r) => globMatches(compileGlob(r.pattern!), t));
      expect(idx.firstMatch(t)?.rule.text ?? null, t).toBe(linear?.text ?? null);
    }
  });
});
