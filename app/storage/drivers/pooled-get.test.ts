import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLentChunk, returnReadBuffer } from '../read-buffers';
import { NotPooled, pooledGet } from './pooled-get.server';

/** A pooled GET (pooled-get.server.ts) against a real HTTP server on loopback. */
const BODY = randomBytes(3 * 1024 * 1024 + 123);
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
let server: http.Server;
let base: string;
const cut = { served: false };
const stalls = { served: false };
const gone = { closed: false };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/sized') {
      res.writeHead(200, { 'content-length': BODY.length, etag: '"abc"' });
      res.end(BODY);
    } else if (req.url === '/range') {
      const [, start, end] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? '')!;
      res.writeHead(206, { 'content-range': `bytes ${start}-${end}/${BODY.length}` });
      res.end(BODY.subarray(Number(start), Number(end) + 1));
    } else if (req.url === '/chunked') {
      res.writeHead(200);
      for (let i = 0; i < BODY.length; i += 100_000) res.write(BODY.subarray(i, i + 100_000));
      res.end();
    } else if (req.url === '/trickle') {
      // 16 KiB at a time, one per turn of the event loop, as a server that writes small pieces.
      res.writeHead(200, { 'content-length': BODY.length });
      let at = 0;
      const next = () => {
        res.write(BODY.subarray(at, (at += 16 * 1024)));
        if (at < BODY.length) setImmediate(next);
        else res.end();
      };
      next();
    } else if (req.url === '/empty') {
      res.writeHead(200, { 'content-length': 0 }).end();
    } else if (req.url === '/missing') {
      res.writeHead(404, { 'content-length': 9 }).end('not found');
    } else if (req.url === '/cut') {
      res.writeHead(200, { 'content-length': BODY.length });
      res.write(BODY.subarray(0, 1024 * 1024), () => res.socket?.destroy());
      cut.served = true;
    } else if (req.url === '/endless') {
      res.writeHead(200, { 'content-length': 1024 ** 4 });
      const more = () => {
        while (res.write(BODY));
      };
      res.on('drain', more);
      res.on('close', () => (gone.closed = true));
      more();
    } else if (req.url === '/stalls') {
      // A megabyte, then nothing more, the connection left open.
      res.writeHead(200, { 'content-length': BODY.length });
      res.write(BODY.subarray(0, 1024 * 1024));
      stalls.served = true;
    } else if (req.url === '/silent') {
      // Never answers.
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** The body's bytes, read by a consumer that gives lent chunks back as `pour` does, slowly if asked. */
async function drain(body: NodeJS.ReadableStream, slow = false) {
  const parts: Buffer[] = [];
  let lent = 0;
  await pipeline(
    body,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        parts.push(Buffer.from(chunk));
        if (isLentChunk(chunk)) lent++;
        returnReadBuffer(chunk);
        if (slow) setTimeout(done, 1);
        else done();
      },
      highWaterMark: 1,
    }),
  );
  return { bytes: Buffer.concat(parts), lent, chunks: parts.length };
}

const get = (path: string, expect = 200, headers: Record<string, string> = {}, idleMs = 2_000) =>
  pooledGet(new URL(path, base), { headers, expect, headersTimeoutMs: 2_000, idleMs });

describe('pooledGet', () => {
  it('streams a sized body in lent read buffers, with its headers', async () => {
    const response = await get('/sized');
    expect(response.status).toBe(200);
    expect(response.headers['content-length']).toBe(String(BODY.length));
    expect(response.headers.etag).toBe('"abc"');
    const { bytes, lent, chunks } = await drain(response.body);
    expect(sha(bytes)).toBe(sha(BODY));
    // All but the reads that also held the headers (or nothing) go out lent.
    expect(lent).toBeGreaterThan(chunks - 3);
  });

  it('gathers a body that arrives in small pieces into big reads', async () => {
    const { bytes, chunks } = await drain((await get('/trickle')).body);
    expect(sha(bytes)).toBe(sha(BODY));
    // 193 pieces of 16 KiB: read as they come, each is a chunk of its own (192 without the rest
    // after a short read). Two or more per read is all that is asked of a busy machine.
    expect(chunks).toBeLessThan(BODY.length / (32 * 1024));
  });

  it('ends an empty body', async () => {
    const response = await get('/empty');
    expect((await drain(response.body)).bytes.length).toBe(0);
  });

  it('ends the body at its last byte and leaves the close to the server', async () => {
    const sockets: net.Socket[] = [];
    const open = net.createServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => socket.write('HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello'));
    });
    await new Promise<void>((done) => open.listen(0, '127.0.0.1', done));
    const port = (open.address() as AddressInfo).port;
    const response = await pooledGet(new URL(`http://127.0.0.1:${port}/`), {
      headers: {},
      expect: 200,
      headersTimeoutMs: 2_000,
      idleMs: 2_000,
    });
    expect((await drain(response.body)).bytes.toString()).toBe('hello');
    // The client leaves the close to the server (its TIME_WAIT is then the server's): no FIN came.
    let ended = false;
    sockets[0]!.on('end', () => (ended = true));
    await new Promise((done) => setTimeout(done, 100));
    expect(ended).toBe(false);
    for (const socket of sockets) socket.destroy();
    open.close();
  });

  it('streams a range, a chunked body, and survives a slow reader', async () => {
    const range = await get('/range', 206, { range: 'bytes=100-200099' });
    expect(range.headers['content-range']).toBe(`bytes 100-200099/${BODY.length}`);
    expect(sha((await drain(range.body, true)).bytes)).toBe(sha(BODY.subarray(100, 200100)));
    const chunked = await get('/chunked');
    expect(chunked.headers['transfer-encoding']).toBe('chunked');
    expect(sha((await drain(chunked.body, true)).bytes)).toBe(sha(BODY));
  });

  it('hands back an unexpected status, a refused connection and a silent server unread', async () => {
    await expect(get('/missing')).rejects.toThrow(new NotPooled('The storage answered 404'));
    await expect(get('/sized', 206)).rejects.toBeInstanceOf(NotPooled);
    const closed = net.createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    await expect(
      pooledGet(new URL(`http://127.0.0.1:${port}/`), {
        headers: {},
        expect: 200,
        headersTimeoutMs: 2_000,
        idleMs: 2_000,
      }),
    ).rejects.toBeInstanceOf(NotPooled);
    const started = Date.now();
    await expect(
      pooledGet(new URL('/silent', base), { headers: {}, expect: 200, headersTimeoutMs: 200, idleMs: 2_000 }),
    ).rejects.toMatchObject({ code: 'ETIMEDOUT' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('fails a body the server cuts short, never ends it as if whole', async () => {
    const response = await get('/cut');
    expect(cut.served).toBe(true);
    await expect(drain(response.body)).rejects.toMatchObject({ code: 'ECONNRESET' });
  });

  it('cuts a body that stops arriving while it is read, with the error the caller explains it as', async () => {
    const response = await pooledGet(new URL('/stalls', base), {
      headers: {},
      expect: 200,
      headersTimeoutMs: 2_000,
      idleMs: 200,
      explain: (error) => new Error(`explained: ${error.message} (${error.code})`),
    });
    const started = Date.now();
    await expect(drain(response.body)).rejects.toThrow('explained: The storage stopped sending (ETIMEDOUT)');
    expect(stalls.served).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('never cuts a body whose reader is the slow one', async () => {
    const response = await get('/sized', 200, {}, 100);
    // Nobody reads for four idle periods: the body's buffer fills, the socket pauses, and the
    // clock with it.
    await new Promise((done) => setTimeout(done, 400));
    expect(sha((await drain(response.body, true)).bytes)).toBe(sha(BODY));
  });

  it('closes the connection when its reader stops', async () => {
    const response = await get('/endless');
    await new Promise<void>((done) => response.body.once('data', () => done()));
    response.body.destroy();
    for (let i = 0; i < 100 && !gone.closed; i++) await new Promise((done) => setTimeout(done, 10));
    expect(gone.closed).toBe(true);
  });
});
