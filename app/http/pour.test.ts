import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lend, READ_BUFFER_SIZE, readBufferCounts, takeReadBuffer } from '~/storage/read-buffers';
import { compressAnswers } from './compress.server';
import { pour } from './pour.server';
import { streamedBytes, youngCollectionsAsked } from './spent-chunks.server';

/**
 * pour() behind the app's own middleware (the compression wrapper around res.write): the bytes
 * arrive whole, every read buffer comes back once the socket wrote it, and a client that goes away
 * stops the read (docs/decisions/0028-read-buffers.md).
 */
const SIZE = 40 * READ_BUFFER_SIZE + 123;
const bytes = randomBytes(SIZE);
const outcomes: Array<Promise<unknown>> = [];
const sources: Readable[] = [];

/**
 * `size` bytes (`bytes` first, then whatever the buffers hold) in read buffers lent as the local
 * driver lends them, pushed as fast as they are asked for.
 */
function pooledSource(size: number): Readable {
  let at = 0;
  const source = new Readable({
    read() {
      if (at >= size) return void this.push(null);
      const buffer = takeReadBuffer();
      const length = Math.min(READ_BUFFER_SIZE, size - at);
      if (at < SIZE) bytes.copy(buffer, 0, at, at + length);
      at += length;
      this.push(lend(buffer, length));
    },
  });
  sources.push(source);
  return source;
}
let server: http.Server;
let base = '';

beforeAll(async () => {
  const app = express();
  app.use(compressAnswers);
  // /fresh: 5 MiB in chunks of their own, as a remote storage's reads come.
  app.get('/fresh', (_req, res) => {
    const chunks = Array.from({ length: 80 }, () => randomBytes(64 * 1024));
    res.setHeader('Content-Length', String(80 * 64 * 1024));
    const source = Readable.from(chunks);
    sources.push(source);
    outcomes.push(pour(source, res).then(() => 'sent'));
  });
  // /file sends `bytes`; /big a gigabyte, more than the sockets between here and the client hold.
  app.get(['/file', '/big'], (req, res) => {
    const size = req.path === '/big' ? 1024 ** 3 : SIZE;
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader('Content-Length', String(size));
    outcomes.push(
      pour(pooledSource(size), res).then(
        () => 'sent',
        (error: Error) => error.message,
      ),
    );
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('pour', () => {
  it('sends the bytes whole and gets every read buffer back', async () => {
    const before = readBufferCounts();
    const res = await fetch(`${base}/file`);
    const got = Buffer.from(await res.arrayBuffer());
    expect(await outcomes.at(-1)).toBe('sent');
    expect(got.equals(bytes)).toBe(true);
    const after = readBufferCounts();
    expect(after.returned - before.returned).toBe(Math.ceil(SIZE / READ_BUFFER_SIZE));
    // A second download reuses them: no new buffer beyond the few that were in flight at once.
    await (await fetch(`${base}/file`)).arrayBuffer();
    expect(readBufferCounts().made - after.made).toBeLessThan(4);
  });

  it('asks for a young collection every 4 MiB of chunks that are garbage once sent, not for read buffers', async () => {
    // 40 lent read buffers (2.5 MiB) three times: 7.5 MiB, none of it counted.
    const before = youngCollectionsAsked();
    for (let i = 0; i < 3; i++) await (await fetch(`${base}/file`)).arrayBuffer();
    expect(youngCollectionsAsked()).toBe(before);
    // 5 MiB of chunks of their own: one, once the count starts from zero (4 MiB always reach a
    // nudge, which zeroes what other tests in this worker left counted).
    streamedBytes(4 * 1024 * 1024);
    const counted = youngCollectionsAsked();
    await (await fetch(`${base}/fresh`)).arrayBuffer();
    expect(await outcomes.at(-1)).toBe('sent');
    expect(youngCollectionsAsked()).toBe(counted + 1);
  });

  it('stops reading when the client goes away', async () => {
    const count = outcomes.length;
    const request = http.get(`${base}/big`);
    const response = await new Promise<http.IncomingMessage>((resolve) => request.once('response', resolve));
    await new Promise((resolve) => response.once('data', resolve));
    request.destroy();
    expect(await outcomes[count]).toMatch(/closed/);
    expect(sources[count]!.destroyed).toBe(true);
    expect(sources[count]!.readableEnded).toBe(false);
  });
});
