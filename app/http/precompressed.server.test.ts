import { describe, expect, it } from 'vitest';
import { acceptedEncodings } from './precompressed.server';

describe('acceptedEncodings', () => {
  it('reads the tokens a browser sends, and q=0 as a refusal', () => {
    expect([...acceptedEncodings('gzip, deflate, br, zstd')]).toEqual(['gzip', 'deflate', 'br', 'zstd']);
    expect([...acceptedEncodings('br;q=0, gzip;q=0.5')]).toEqual(['gzip']);
    expect([...acceptedEncodings('BR ; q=1.0')]).toEqual(['br']);
  });

  it('takes "*" as every encoding we have, and nothing from nothing', () => {
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect(acceptedEncodings(undefined).size).toBe(0);
    expect(acceptedEncodings('identity').has('br')).toBe(false);
  });
});
