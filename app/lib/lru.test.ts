import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps at most max entries and drops the least recently used', () => {
    const cache = new Lru<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // "a" is now the most recent
    cache.set('c', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('getOrSet makes a value once per key', () => {
    const cache = new Lru<string>(10);
    let made = 0;
    const make = () => `value ${++made}`;
    expect(cache.getOrSet('k', make)).toBe('value 1');
    expect(cache.getOrSet('k', make)).toBe('value 1');
    expect(made).toBe(1);
  });
});
