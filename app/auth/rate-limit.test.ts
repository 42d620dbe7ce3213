import { AppError } from '~/lib/errors';
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

  it('holds the limit for concurrent guesses: attempts are counted before the check runs', async () => {
    const limiter = new FailureLimiter(10, 60_000);
    let checks = 0;
    const slowWrongCheck = async () => {
      checks++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return null;
    };
    const wrong = new AppError('unauthenticated', 'invalidCredentials');
    const outcomes = await Promise.all(
      Array.from({ length: 200 }, () =>
        limiter.guard('192.0.2.1', slowWrongCheck, wrong).then(
          () => 'passed',
          (error: AppError) => error.kind,
        ),
      ),
    );
    expect(checks).toBe(10);
    expect(outcomes.filter((kind) => kind === 'unauthenticated')).toHaveLength(10);
    expect(outcomes.filter((kind) => kind === 'rate_limited')).toHaveLength(190);
  });

  it('takes back the count of a check that succeeds or breaks', async () => {
    const limiter = new FailureLimiter(2, 60_000);
    const wrong = new AppError('unauthenticated', 'invalidCredentials');
    expect(await limiter.guard('a', async () => 'ok', wrong)).toBe('ok');
    await expect(limiter.guard('a', () => Promise.reject(new Error('db down')), wrong)).rejects.toThrow('db down');
    expect(limiter.retryAfter('a')).toBe(0);
    await expect(limiter.guard('a', async () => null, wrong)).rejects.toBe(wrong);
    await expect(limiter.guard('a', async () => null, wrong)).rejects.toBe(wrong);
    expect(limiter.retryAfter('a')).toBeGreaterThan(0);
  });
});
