import { describe, expect, it } from 'vitest';
import { formatBytes } from './format';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [200 * 1024, '200 KB'],
    [100 * 1024 * 1024, '100 MB'],
    [10.25 * 1024 * 1024, '10.3 MB'],
    [1024 ** 3, '1 GB'],
    [-1, '0 B'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
