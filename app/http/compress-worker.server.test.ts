import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressOffThread } from './compress-worker.server';

describe('the off-thread compressor', () => {
  it('answers each body with its own compressed bytes, many at once, in both encodings', async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => Buffer.from(`<p>page ${i}</p>`.repeat(200 + i)));
    const answers = await Promise.all(
      bodies.map((body, i) => compressOffThread(i % 2 ? 'gzip' : 'br', body).then((out) => ({ i, out }))),
    );
    for (const { i, out } of answers) {
      expect(out.length).toBeLessThan(bodies[i]!.length / 10);
      const back = i % 2 ? gunzipSync(out) : brotliDecompressSync(out);
      expect(back.equals(bodies[i]!)).toBe(true);
    }
  });
});
