import { describe, expect, it } from 'vitest';
import {
  isLentChunk,
  keepUnused,
  LARGE_READ_BUFFER_SIZE,
  lend,
  lendView,
  READ_BUFFER_SIZE,
  readBufferCounts,
  returnReadBuffer,
  takeReadBuffer,
} from './read-buffers';

/** Read buffers come back only as the chunk that was lent, once (docs/decisions/0028-read-buffers.md). */
describe('read buffers', () => {
  it('reuses a buffer once its chunk is given back, a partly filled one included', () => {
    const buffer = takeReadBuffer();
    expect(buffer.length).toBe(READ_BUFFER_SIZE);
    const chunk = lend(buffer, 10);
    expect(chunk.length).toBe(10);
    const before = readBufferCounts();
    returnReadBuffer(chunk);
    expect(readBufferCounts().returned).toBe(before.returned + 1);
    const next = takeReadBuffer();
    expect(next.buffer).toBe(buffer.buffer);
    expect(next.length).toBe(READ_BUFFER_SIZE);
    expect(readBufferCounts().made).toBe(before.made);
  });

  it('ignores a slice, a copy, a second return and a buffer it never lent', () => {
    const buffer = takeReadBuffer();
    const chunk = lend(buffer, READ_BUFFER_SIZE);
    const before = readBufferCounts();
    returnReadBuffer(chunk.subarray(0, 100));
    returnReadBuffer(Buffer.from(chunk));
    returnReadBuffer(Buffer.alloc(READ_BUFFER_SIZE));
    expect(readBufferCounts().returned).toBe(before.returned);
    returnReadBuffer(chunk);
    returnReadBuffer(chunk);
    expect(readBufferCounts().returned).toBe(before.returned + 1);
    // Only one reuse: the second take is a new buffer, never the one handed out again.
    const first = takeReadBuffer();
    const second = takeReadBuffer();
    expect(first.buffer).toBe(buffer.buffer);
    expect(second.buffer).not.toBe(buffer.buffer);
    expect(readBufferCounts().made).toBe(before.made + 1);
  });

  it('lends a piece from inside a large buffer (an HTTP body after its headers) and takes the whole buffer back', () => {
    const buffer = takeReadBuffer(LARGE_READ_BUFFER_SIZE);
    expect(buffer.length).toBe(LARGE_READ_BUFFER_SIZE);
    const piece = lendView(buffer.subarray(300, 1000));
    expect(isLentChunk(piece)).toBe(true);
    expect(isLentChunk(buffer.subarray(300, 1000))).toBe(false);
    returnReadBuffer(piece);
    // Back among its own size, not the small ones.
    expect(takeReadBuffer().buffer).not.toBe(buffer.buffer);
    const next = takeReadBuffer(LARGE_READ_BUFFER_SIZE);
    expect(next.buffer).toBe(buffer.buffer);
    expect([next.byteOffset, next.length]).toEqual([0, LARGE_READ_BUFFER_SIZE]);
    expect(() => lendView(Buffer.alloc(10))).toThrow('Not a piece of a read buffer');
  });

  it('keeps an unfilled buffer for the next read, but not one still lent', () => {
    const unfilled = takeReadBuffer();
    keepUnused(unfilled);
    expect(takeReadBuffer().buffer).toBe(unfilled.buffer);
    const out = takeReadBuffer();
    lend(out, 5);
    keepUnused(out);
    expect(takeReadBuffer().buffer).not.toBe(out.buffer);
  });
});
