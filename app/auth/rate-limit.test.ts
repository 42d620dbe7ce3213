import { describe, expect, it } from 'vitest';
import { FailureLimiter, parseLimit } from './rate-limit.server';

describe('FailureLimiter', () => {
  it('refuses after the limit within the window and allows again once failures age out', () => {
    const limiter = new FailureLimiter(3, 10_000);
    const t0 = 1_000_000;
    limiter.fail('a', t0);
    limiter.fail('a', t0 + 1000);
    expect(limiter.retryAfter('a', t0 + 1000)).toBe(0);
    limiter.fail('a', t0 + 2000);
    expect(limiter.retryAfter('a', t0 + 2000)).toBe(8);
    expect(limiter.retryAfter('b', t0 + 2000)).toBe(0);
    expect(limiter.retryAfter('a', t0 + 10_001)).toBe(0);
  });
  it('forgets an address on reset', () => {
    const limiter = new FailureLimiter(1, 10_000);
    limiter.fail('a');
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
    limiter.reset('a');
    expect(limiter.retryAfter('a')).toBe(0);
  });
  it('parses "failures/seconds" and falls back on nonsense', () => {
    expect(parseLimit('3/600')).toEqual({ max: 3, windowSeconds: 600 });
    expect(parseLimit('x')).toEqual({ max: 10, windowSeconds: 900 });
    expect(parseLimit(undefined)).toEqual({ max: 10, windowSeconds: 900 });
  });
});
