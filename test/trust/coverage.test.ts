import { describe, expect, it } from 'vitest';
import { covers, findCover, wideTrust } from '../../src/trust/coverage.js';

describe('a trusted folder covers every folder below it, by whole path segments', () => {
  it.each([
    ['/a/b', '/a/b', true],
    ['/a/b', '/a/b/c', true],
    ['/a/b', '/a/b/c/d', true],
    ['/a/b', '/a/bc', false],
    ['/a/b', '/a/b-c', false],
    ['/a/b', '/a', false],
    ['/a/b', '/', false],
    ['/', '/', true],
    ['/', '/anything/below', true],
    ['/a/b c', '/a/b c/d', true],
    ['/a/b c', '/a/b', false],
  ])('%s covers %s: %s', (trusted, folder, expected) => {
    expect(covers(trusted, folder)).toBe(expected);
  });

  it('finds the saved folder that covers one, the folder itself first', () => {
    expect(findCover(['/x', '/a', '/a/b'], '/a/b')).toBe('/a/b');
    expect(findCover(['/x', '/a'], '/a/b/c')).toBe('/a');
    expect(findCover(['/a/b'], '/a/bc')).toBeNull();
    expect(findCover([], '/a')).toBeNull();
  });

  it('names what trusting / , the home folder or a folder above it sweeps in', () => {
    expect(wideTrust('/', '/home/u')).toEqual({ kind: 'root' });
    expect(wideTrust('/', null)).toEqual({ kind: 'root' });
    expect(wideTrust('/home/u', '/home/u')).toEqual({ kind: 'home' });
    expect(wideTrust('/home', '/home/u')).toEqual({ kind: 'above-home', home: '/home/u' });
    expect(wideTrust('/home/u/project', '/home/u')).toBeNull();
    expect(wideTrust('/home/uv', '/home/u')).toBeNull();
    expect(wideTrust('/srv/x', null)).toBeNull();
  });
});
