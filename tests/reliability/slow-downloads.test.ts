import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

const LIMIT = 16;
const CLIENTS = 400;

/** A download by a client that reads the status line and then nothing more, holding the stream open. */
function slowDownload(
  url: string,
  path: string,
): Promise<{ status: number; retryAfter: string | null; socket: net.Socket }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(target.port), target.hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${target.host}\r\n\r\n`);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      const head = chunk.toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, retryAfter: /\r\nretry-after: (\d+)/i.exec(head)?.[1] ?? null, socket });
    });
    socket.once('error', reject);
  });
}

async function timed(request: () => Promise<Response>) {
  const started = Date.now();
  const res = await request();
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

describe('reliability: many slow downloads from one address', () => {
  let server: RunningServer;
  let slug: string;
  let paste: string;
  const call = apiClient(() => server.url);
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    server = await startServer({ env: { DOWNLOAD_STREAM_LIMIT: String(LIMIT) } });
    const auth = await adminAuth(call);
    slug = (await call('PUT', '/upload-direct/big.bin', { auth, raw: new Uint8Array(randomBytes(8 * 1024 * 1024)) }))
      .body.data.slug;
    paste = (await call('POST', '/paste', { auth, body: { content: 'still served' } })).body.slug;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await server?.stop();
  });

  it(`${CLIENTS} held-open downloads: ${LIMIT} stream, the rest get 429 at once; health and pages stay fast`, async () => {
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, () => slowDownload(server.url, `/api/file-download/${slug}`)),
    );
    sockets.push(...answers.map((a) => a.socket));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(CLIENTS - LIMIT);
    expect(answers.find((a) => a.status === 429)?.retryAfter).toMatch(/^\d+$/);

    // While those streams are held open, everyone else is served at once.
    const health = await timed(() => fetch(`${server.url}/api/health`));
    const page = await timed(() => fetch(`${server.url}/paste/${paste}`));
    expect(health.status).toBe(200);
    expect(page.status).toBe(200);
    expect(health.ms).toBeLessThan(1000);
    expect(page.ms).toBeLessThan(1000);

    // Slots come back when the clients go away.
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await slowDownload(server.url, `/api/file-download/${slug}`);
    sockets.push(again.socket);
    expect(again.status).toBe(200);
  });
});
