import type { ServerResponse } from 'node:http';
import { Writable, type Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { isLentChunk, returnReadBuffer } from '~/storage/read-buffers';
import { streamedBytes } from './spent-chunks.server';

/**
 * Streams a stored object's bytes into the response, as `pipeline(source, res)` would, and hands
 * each chunk's buffer back to the local driver's reads once the socket has written it
 * (docs/decisions/0028-read-buffers.md); other chunks are counted for young collections
 * (spent-chunks.server.ts). `sent` hears the bytes written so far. Resolves when the
 * response has finished; when the source fails or the client goes away, both streams are destroyed
 * (a download cut short, never one that looks complete) and the promise rejects.
 *
 * The source is piped (flowing mode), never iterated: an iterator's read() joins the chunks waiting
 * in a stream's buffer into a copy, so their buffers would never come back.
 */
export async function pour(source: Readable, res: ServerResponse, sent?: (bytes: number) => void): Promise<void> {
  let total = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!isLentChunk(chunk)) streamedBytes(chunk.length);
      // write(chunk, callback), two arguments: the compression middleware wraps res.write and
      // passes on only its first two (compression 1.8.2, index.js), so a callback third is lost.
      const more = res.write(chunk, (error) => error || returnReadBuffer(chunk));
      sent?.((total += chunk.length));
      if (more) callback();
      else drained(res).then(() => callback(), callback);
    },
    final(callback) {
      res.end();
      finished(res).then(() => callback(), callback);
    },
  });
  // The client going away stops the source at once, not when its next chunk finds the socket shut.
  const gone = () => res.writableFinished || sink.destroy(new Error('The response closed before it was sent'));
  res.once('close', gone);
  try {
    await pipeline(source, sink);
  } catch (error) {
    if (!res.destroyed) res.destroy(error as Error);
    throw error;
  } finally {
    res.off('close', gone);
  }
}

/** Resolves when the response wants more; rejects if it closes first. */
function drained(res: ServerResponse): Promise<void> {
  if (res.destroyed) return Promise.reject(new Error('The response closed before it was sent'));
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onClose = () => settle(new Error('The response closed before it was sent'));
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}
