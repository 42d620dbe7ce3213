import { describe, expect, it } from 'vitest';
import { MAX_OFFSET, nonNegativeInt, positiveInt } from './pagination';

/** Paging values from a query string (docs/product/api.md §1.7): never an error, never out of range. */
describe('paging values', () => {
  it('reads whole numbers and falls back on anything else', () => {
    expect(nonNegativeInt('40')).toBe(40);
    expect(nonNegativeInt('-3')).toBe(0);
    expect(nonNegativeInt('many')).toBe(0);
    expect(positiveInt('500', 30, 200)).toBe(200);
    expect(positiveInt('0', 30, 200)).toBe(30);
  });

  it('caps an offset past any list at what the database accepts (an empty page, not a 500)', () => {
    expect(nonNegativeInt('99999999999999999999')).toBe(MAX_OFFSET);
    expect(nonNegativeInt(String(MAX_OFFSET))).toBe(MAX_OFFSET);
  });
});
