import { describe, expect, it } from 'vitest';
import { belowRange, isNavigable, isWithin, joinPath, parentPath, parseVirtualPath } from './path';

describe('parseVirtualPath', () => {
  it('normalises files, directories and the root', () => {
    expect(parseVirtualPath('/')).toEqual({ path: '/', isDirectory: true, segments: [] });
    expect(parseVirtualPath('/photos/2024/a.jpg')).toEqual({
      path: '/photos/2024/a.jpg',
      isDirectory: false,
      segments: ['photos', '2024', 'a.jpg'],
    });
    expect(parseVirtualPath('/photos/2024/')).toMatchObject({ path: '/photos/2024', isDirectory: true });
    expect(parseVirtualPath('/团队/文档 1.md')?.segments).toEqual(['团队', '文档 1.md']);
  });

  it('refuses escapes however they are spelled', () => {
    for (const bad of [
      'relative',
      '/a/../b',
      '/..',
      '/a/./b',
      '/a//b',
      '/a/%2e%2e/b',
      '/a/%2E%2E',
      '/a/%252e%252e/b',
      '/a/%2f/b',
      '/a\\b',
      '/nul\u0000',
      '/tab\there',
      // A name that reads otherwise than it is (issue 42, item 12), plain or percent-encoded.
      '/invoice\u202Etxt.exe',
      '/a%E2%80%AEb',
      `/${'x'.repeat(3000)}`,
    ]) {
      expect(parseVirtualPath(bad), bad).toBeNull();
    }
  });
});

describe('base paths', () => {
  it('compare by segment', () => {
    expect(isWithin('/team', '/team')).toBe(true);
    expect(isWithin('/team/docs/a.txt', '/team')).toBe(true);
    expect(isWithin('/teammate', '/team')).toBe(false);
    expect(isWithin('/anything', '/')).toBe(true);
  });

  it('let a key navigate down to its base path, not sideways', () => {
    expect(isNavigable('/', '/team/docs')).toBe(true);
    expect(isNavigable('/team', '/team/docs')).toBe(true);
    expect(isNavigable('/team/docs/x', '/team/docs')).toBe(true);
    expect(isNavigable('/team/other', '/team/docs')).toBe(false);
    expect(isNavigable('/teamdocs', '/team/docs')).toBe(false);
  });

  it('name the folder above a path', () => {
    expect([parentPath('/a/b'), parentPath('/a'), parentPath('/')]).toEqual(['/a', '/', '/']);
  });

  it('join without double slashes', () => {
    expect(joinPath('/', 'a')).toBe('/a');
    expect(joinPath('/a', 'b')).toBe('/a/b');
  });

  it('give the string range of the paths below one, and nothing beside it', () => {
    const inRange = (p: string, r: { gte: string; lt?: string }) => p >= r.gte && (r.lt === undefined || p < r.lt);
    const range = belowRange('/a/b');
    expect(['/a/b/c', '/a/b/c/d', '/a/b/ z'].map((p) => inRange(p, range))).toEqual([true, true, true]);
    expect(['/a/b', '/a/bc', '/a/b-x', '/a/b.txt', '/a/c'].map((p) => inRange(p, range))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(inRange('/anything', belowRange('/'))).toBe(true);
  });
});
