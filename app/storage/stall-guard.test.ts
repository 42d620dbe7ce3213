import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { stallGuard } from './stall-guard';

describe('stallGuard', () => {
  it('cuts a source that stops sending while its reader waits', async () => {
    const source = new PassThrough();
    source.write('first');
    const guarded = stallGuard(source, 100);
    const chunks: string[] = [];
    const error = await new Promise<Error>((resolve) => {
      guarded.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
      guarded.on('error', resolve);
    });
    expect(chunks).toEqual(['first']);
    expect(error.message).toMatch(/stopped sending/);
    expect(source.destroyed).toBe(true);
  });

  it('never cuts a source whose reader is the slow one', async () => {
    // A megabyte: far more than the buffers between source and reader hold.
    const parts = Array.from({ length: 16 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const guarded = stallGuard(Readable.from(parts), 50);
    await new Promise((resolve) => setTimeout(resolve, 150)); // nobody reads for three idle periods
    let size = 0;
    for await (const chunk of guarded) size += (chunk as Buffer).length;
    expect(size).toBe(16 * 64 * 1024);
  });
});
