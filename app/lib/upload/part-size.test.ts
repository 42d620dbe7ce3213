import { describe, expect, it } from 'vitest';
import { DEFAULT_PART_SIZE, MIB, needsMultipart, partRanges, partSizeFor } from './part-size';

describe('part sizes', () => {
  it('uses 5 MiB parts up to 10,000 parts', () => {
    expect(DEFAULT_PART_SIZE).toBe(5_242_880);
    expect(partSizeFor(1)).toBe(DEFAULT_PART_SIZE);
    expect(partSizeFor(10_000 * DEFAULT_PART_SIZE)).toBe(DEFAULT_PART_SIZE);
  });

  it('grows to whole MiB when a file would need more than 10,000 parts', () => {
    expect(partSizeFor(10_000 * DEFAULT_PART_SIZE + 1)).toBe(6 * MIB);
    expect(partSizeFor(100 * 1024 * MIB)).toBe(11 * MIB); // 100 GiB / 10,000 = 10.24 MiB → 11 MiB
    const size = 123_456 * MIB + 7;
    const part = partSizeFor(size);
    expect(part % MIB).toBe(0);
    expect(Math.ceil(size / part)).toBeLessThanOrEqual(10_000);
  });

  it('sends files larger than one part as multipart', () => {
    expect(needsMultipart(DEFAULT_PART_SIZE)).toBe(false);
    expect(needsMultipart(DEFAULT_PART_SIZE + 1)).toBe(true);
    expect(needsMultipart(0)).toBe(false);
  });

  it('cuts a file into contiguous ranges, the last one shorter', () => {
    const ranges = partRanges(2500, 1000);
    expect(ranges).toEqual([
      { partNumber: 1, start: 0, end: 1000, size: 1000 },
      { partNumber: 2, start: 1000, end: 2000, size: 1000 },
      { partNumber: 3, start: 2000, end: 2500, size: 500 },
    ]);
    expect(partRanges(3000, 1000)).toHaveLength(3);
  });
});
