import { describe, expect, it } from 'vitest';
import { DirectoryCache } from './dir-cache';

describe('DirectoryCache', () => {
  it('serves a listing for its TTL, counts hits and misses, and forgets a mount on invalidation', () => {
    const cache = new DirectoryCache<string[]>();
    expect(cache.get('m1', 'a/')).toBeUndefined();
    cache.set('m1', 'a/', ['x'], 60, 1000);
    cache.set('m2', 'a/', ['y'], 60, 1000);
    expect(cache.get('m1', 'a/', 2000)).toEqual(['x']);
    expect(cache.get('m1', 'a/', 61_001)).toBeUndefined(); // expired
    cache.set('m1', 'a/', ['x2'], 60, 1000);
    expect(cache.invalidateMount('m1')).toBe(1);
    expect(cache.get('m1', 'a/', 2000)).toBeUndefined();
    expect(cache.get('m2', 'a/', 2000)).toEqual(['y']);
    expect(cache.stats()).toEqual({ hits: 2, misses: 3, expired: 1, invalidations: 1, size: 1 });
  });

  it('does not cache when the TTL is 0', () => {
    const cache = new DirectoryCache<number>();
    cache.set('m', '', 1, 0);
    expect(cache.get('m', '')).toBeUndefined();
  });
});
