import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/** The Swift proxy of the test S3 server (tests/integration/global-setup.ts): a single process. */
const PROXY_PID = path.resolve(import.meta.dirname, '../../.tmp/swift-s3-test/run/proxy.pid');

describe('reliability: an S3 storage that stops answering', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  let slug: string;
  let frozen: number | null = null;
  let auth: string;
  const call = apiClient(() => server.url);

  const thaw = () => {
    if (frozen !== null) process.kill(frozen, 'SIGCONT');
    frozen = null;
  };

  beforeAll(async () => {
    server = await startServer();
    bucket = await createTestBucket('outage');
    auth = await adminAuth(call);
    const config = await call('POST', '/s3-configs', { auth, body: s3ConfigBody(bucket, { name: 'Outage S3' }) });
    expect(config.status).toBe(200);
    const put = await call('PUT', `/upload-direct/outage.txt?s3_config_id=${config.body.data.id}`, {
      auth,
      raw: 'still here',
    });
    expect(put.status).toBe(200);
    slug = put.body.data.slug;
  });
  afterAll(async () => {
    thaw();
    await server?.stop();
    await bucket?.destroy();
  });

  it('a frozen S3 answers 503 with Retry-After instead of hanging, the app stays responsive, and it recovers', async () => {
    expect((await call('GET', `/file-download/${slug}`)).text).toBe('still here');
    frozen = Number(fs.readFileSync(PROXY_PID, 'utf8'));
    process.kill(frozen, 'SIGSTOP');
    try {
      const started = Date.now();
      const download = call('GET', `/file-download/${slug}`);
      // Meanwhile the rest of the app answers at once.
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      expect(health.status).toBe(200);
      const answer = await download;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(Date.now() - started).toBeLessThan(45_000);
    } finally {
      thaw();
    }
    // No restart needed once the storage is back.
    expect((await call('GET', `/file-download/${slug}`)).text).toBe('still here');
  }, 90_000);

  it('an S3 that refuses connections: 503 on the API, pages still answer, and a log nobody reads cannot stop the server', async () => {
    const config = await call('POST', '/s3-configs', { auth, body: s3ConfigBody(bucket, { name: 'Refusing S3' }) });
    const id = config.body.data.id;
    const put = await call('PUT', `/upload-direct/notes.txt?s3_config_id=${id}`, { auth, raw: 'text to preview' });
    expect(put.status).toBe(200);
    const refused = put.body.data.slug;
    // A port nothing listens on: every connection is refused at once.
    const closed = net.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const port = (closed.address() as net.AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const moved = await call('PUT', `/s3-configs/${id}`, { auth, body: { endpoint_url: `http://127.0.0.1:${port}` } });
    expect(moved.status).toBe(200);

    // The storage test says what failed, as its report (200), not as a server error.
    const test = await call('POST', `/s3-configs/${id}/test`, { auth });
    expect(test.status).toBe(200);
    expect(test.body.data.success).toBe(false);
    expect(test.body.data.result.read.success).toBe(false);

    // Whoever read the server's log went away: the failures below are logged into a closed pipe.
    server.dropOutput();
    for (const path of [`/file-download/${refused}`, `/file-view/${refused}`]) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBe(503);
      expect(answer.headers.get('retry-after'), path).toMatch(/^\d+$/);
    }
    // The share exists; its preview says it could not be read (and logs why: the first write into
    // the closed pipe still succeeds, the ones after it fail).
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/file/${refused}`)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});
