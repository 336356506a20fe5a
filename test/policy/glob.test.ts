import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, globMatches, globsIntersect } from '../../src/policy/rules/glob.js';

const toRegex = (p: string) => new RegExp(`^${p.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[\\s\\S]*')}$`);

describe('glob: * is any run of characters, the whole argument is compared, case counts', () => {
  it.each([
    ['*git push*', 'cd x && git push origin', true],
    ['*git push*', 'git pushy', true],
    ['*git * push', 'git -C . push', true],
    ['*git * push', 'git -C . push origin', false],
    ['*git * push *', 'git -C . push origin', true],
    ['*git * push *', 'git diff -- src/push.ts', false],
    ['npm test*', 'npm test -- --grep x', true],
    ['npm test*', 'sudo npm test', false],
    ['*GIT push*', 'git push', false],
    ['', '', true],
    ['', 'x', false],
    ['*', '', true],
    ['a*a', 'a', false],
    ['*git commit*', 'git commit\n', true],
  ])('%j on %j → %s', (p, t, want) => {
    expect(globMatches(compileGlob(p), t)).toBe(want);
  });

  it('agrees with a regular-expression oracle', () => {
    const alpha = fc.constantFrom('a', 'b', '*', ' ', '\n');
    fc.assert(
      fc.property(fc.array(alpha, { maxLength: 8 }), fc.array(fc.constantFrom('a', 'b', ' ', '\n', '*'), { maxLength: 10 }), (p, t) => {
        const pattern = p.join('');
        const text = t.join('');
        expect(globMatches(compileGlob(pattern), text)).toBe(toRegex(pattern).test(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('intersection agrees with a brute force over short strings (length ≤ 8)', () => {
    const strings: string[] = [''];
    for (let len = 1; len <= 8; len++) {
      for (let n = 0; n < 2 ** len; n++) strings.push([...Array(len)].map((_, k) => ((n >> k) & 1 ? 'b' : 'a')).join(''));
    }
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '*'), { maxLength: 4 }), fc.array(fc.constantFrom('a', 'b', '*'), { maxLength: 4 }), (p, q) => {
        const a = p.join('');
        const b = q.join('');
        const brute = strings.some((s) => toRegex(a).test(s) && toRegex(b).test(s));
        // with patterns of at most 4 characters a common string, if any, has at most 5 (stars as 1 char) —
        // brute force over length ≤ 5 decides
        expect(globsIntersect(a, b)).toBe(brute);
      }),
      { numRuns: 2000 },
    );
  });

  it('a dynamic command name read as * can be anything a deny rule names', () => {
    expect(globsIntersect('*git push*', '* origin main')).toBe(true);
    expect(globsIntersect('*git push*', 'git * origin main')).toBe(true);
    expect(globsIntersect('npm test*', 'ls *')).toBe(false);
  });
});
