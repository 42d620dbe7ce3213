import { describe, expect, it } from 'vitest';
import { pooledRandomBytes, randomString } from './tokens.server';

describe('pooled random bytes', () => {
  it('hands every byte out once, across refills of the pool', () => {
    // 20,000 draws of 8 bytes pass through about 40 pools of 4 KiB; a byte handed out twice (an
    // offset not moved on, a refill that kept the old pool) makes two draws equal.
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) {
      const bytes = pooledRandomBytes(8);
      expect(bytes.length).toBe(8);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(20_000);
  });

  it('keeps a draw unchanged when the next one refills the pool', () => {
    const first = pooledRandomBytes(4000);
    const copy = Buffer.from(first);
    pooledRandomBytes(4000);
    pooledRandomBytes(4000);
    expect(first.equals(copy)).toBe(true);
  });

  it('makes random strings of the alphabet asked for', () => {
    const slugs = new Set(Array.from({ length: 1000 }, () => randomString(12)));
    expect(slugs.size).toBe(1000);
    for (const slug of slugs) expect(slug).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(randomString(40, 'ab')).toMatch(/^[ab]{40}$/);
  });
});
