import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { streamedBytes, youngCollectionsAsked } from './spent-chunks.server';

const MiB = 1024 * 1024;

describe('streamedBytes', () => {
  // Counted only when V8's gc() was there to ask: the count proves the module got it.
  it('asks V8 for one young collection per 4 MiB streamed, counted across calls', () => {
    // The count is the process's: other test files in this worker (the unit run shares modules)
    // may have left some bytes counted. 4 MiB always reaches a nudge, which starts it from zero.
    streamedBytes(4 * MiB);
    const before = youngCollectionsAsked();
    streamedBytes(2 * MiB);
    streamedBytes(2 * MiB - 1);
    expect(youngCollectionsAsked()).toBe(before);
    streamedBytes(1);
    expect(youngCollectionsAsked()).toBe(before + 1);
    // The count starts again: another 4 MiB for the next one.
    streamedBytes(4 * MiB - 1);
    expect(youngCollectionsAsked()).toBe(before + 1);
    streamedBytes(1);
    expect(youngCollectionsAsked()).toBe(before + 2);
  });

  it('turns the flag off again: a context made after it has no gc()', () => {
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
