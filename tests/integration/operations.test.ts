import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';

// Operations (docs/deploy.md): liveness apart from readiness, one log line per request, and a
// shutdown that lets downloads and uploads in flight finish.

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('health: liveness and readiness', () => {
  let server: RunningServer;
  const call = apiClient(() => server.url);
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('reports the database and the default storage apart from liveness', async () => {
    const live = await call('GET', '/health');
    expect(live.status).toBe(200);
    expect(live.body.status).toBe('ok');
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      database: { status: 'ok' },
      storage: { status: 'ok', checked: 1, unreachable: 0 },
    });
  });

  it('answers 503 for readiness, and still 200 for liveness, when the default storage is unreachable', async () => {
    const auth = await adminAuth(call);
    const created = await call('POST', '/s3-configs', {
      auth,
      body: {
        name: 'gone',
        provider_type: 'Other',
        endpoint_url: 'http://127.0.0.1:1',
        bucket_name: 'nothing',
        access_key_id: 'key',
        secret_access_key: 'secret',
        path_style: true,
      },
    });
    expect(created.status, created.text).toBe(200);
    const id = created.body.data.id as string;
    expect((await call('PUT', `/s3-configs/${id}/set-default`, { auth })).status).toBe(200);
    // An earlier answer is reused for 5 s (app/models/system/readiness.server.ts).
    await sleep(5_100);
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).toBe('5');
    expect(ready.body).toMatchObject({
      status: 'unavailable',
      database: { status: 'ok' },
      storage: { status: 'unreachable', checked: 2, unreachable: 1 },
    });
    expect(ready.text).not.toContain('127.0.0.1:1'); // public: configs are counted, never named
    expect((await call('GET', '/health')).status).toBe(200);
  });
});

describe('request log', () => {
  let server: RunningServer;
  const call = apiClient(() => server.url);
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  it('writes one JSON line per request with its id, method, path, status and duration, and no secrets', async () => {
    const auth = await adminAuth(call);
    const created = await call('POST', '/paste', { auth, body: { content: 'logged', password: 'hunter2-secret' } });
    expect(created.status).toBe(200);
    const slug = created.body.slug as string;
    const answer = await call('GET', `/paste/${slug}?password=hunter2-secret`, {
      headers: { 'X-Request-Id': 'trace-4711' },
    });
    expect(answer.headers.get('x-request-id')).toBe('trace-4711');
    const generated = (await call('GET', '/health')).headers.get('x-request-id');
    expect(generated).toMatch(/^[0-9a-f]{16}$/);
    // The log's lines are JSON objects (docs/deploy.md, "Logs"); Node's own warnings go to stderr as
    // text. They are written in batches (app/log.server.ts): read once the last request's is out.
    const requests = (await server.logThrough(generated))
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((l) => l.msg === 'request');
    expect(requests.find((l) => l.id === 'trace-4711')).toEqual({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
      msg: 'request',
      id: 'trace-4711',
      method: 'GET',
      path: `/api/paste/${slug}`,
      status: 200,
      ms: expect.any(Number),
    });
    expect(requests.filter((l) => l.id === generated)).toEqual([
      expect.objectContaining({ method: 'GET', path: '/api/health', status: 200 }),
    ]);
    expect(requests.some((l) => l.method === 'POST' && l.path === '/api/paste' && l.status === 200)).toBe(true);
    expect(server.output()).not.toContain('hunter2-secret');
    expect(server.output()).not.toContain(auth.slice('Bearer '.length));
  });

  it('keeps a request id only when it is short and plain', async () => {
    const answer = await call('GET', '/health', { headers: { 'X-Request-Id': 'x'.repeat(65) } });
    expect(answer.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe('graceful shutdown', () => {
  it('lets a download and an upload in flight finish, and takes no new connection', async () => {
    const server = await startServer({ keepData: true, env: { SHUTDOWN_GRACE_SECONDS: '20' } });
    const call = apiClient(() => server.url);
    const auth = await adminAuth(call);
    const big = new Uint8Array(randomBytes(8 * 1024 * 1024));
    const shared = await call('PUT', '/upload-direct/big.bin', { auth, raw: big });
    expect(shared.status, shared.text).toBe(200);

    // A download the server has finished writing while the client has not read it yet: its end waits
    // in the socket's buffers (Node's own idle-connection closing would cut it off).
    const smallBytes = new Uint8Array(randomBytes(2 * 1024 * 1024));
    const small = await call('PUT', '/upload-direct/small.bin', { auth, raw: smallBytes });
    expect(small.status, small.text).toBe(200);
    const held = await fetch(`${server.url}/api/file-download/${small.body.data.slug as string}`);
    expect(held.status).toBe(200);

    // A download read slowly: it has started, and will take seconds more.
    const download = await fetch(`${server.url}/api/file-download/${shared.body.data.slug as string}`);
    expect(download.status).toBe(200);
    const reader = download.body!.getReader();
    const received: Uint8Array[] = [(await reader.read()).value!];

    // An upload whose body is still coming.
    const upload = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(`${server.url}/api/upload-direct/late.bin`, {
        method: 'PUT',
        headers: { Authorization: auth, 'Content-Length': String(big.length) },
      });
      request.on('response', (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      request.on('error', reject);
      void (async () => {
        for (let at = 0; at < big.length; at += 512 * 1024) {
          request.write(big.subarray(at, at + 512 * 1024));
          await sleep(100);
        }
        request.end();
      })();
    });
    await sleep(150);

    const stopped = server.stop(); // SIGTERM
    await sleep(300);
    const refused = await fetch(`${server.url}/api/health`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received.push(value);
      await sleep(5);
    }
    expect(sha(Buffer.concat(received))).toBe(sha(big));
    expect(sha(new Uint8Array(await held.arrayBuffer()))).toBe(sha(smallBytes));
    const uploaded = await upload;
    expect(uploaded.status, uploaded.body).toBe(200);
    await stopped;
    expect(server.output()).toMatch(/SIGTERM received: finishing requests in flight \(up to 20 s\)/);

    // The upload was kept: a restart on the same data serves it whole.
    const again = await startServer({ dataDir: server.dataDir });
    try {
      const slug = JSON.parse(uploaded.body).data.slug as string;
      const back = await fetch(`${again.url}/api/file-download/${slug}`);
      expect(sha(new Uint8Array(await back.arrayBuffer()))).toBe(sha(big));
    } finally {
      await again.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});
