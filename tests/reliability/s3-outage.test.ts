import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListPartsCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { createTestBucket, QUICK_S3_TIMEOUTS, s3ConfigBody, type TestBucket } from '../support/s3';
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
    server = await startServer({ env: QUICK_S3_TIMEOUTS });
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
      // Two attempts of the request timeout (6 s here), not a hang.
      expect(Date.now() - started).toBeLessThan(20_000);
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

  it('a write that S3 stopped answering in the middle leaves no unfinished multipart upload once S3 is back', async () => {
    const config = await call('POST', '/s3-configs', {
      auth,
      body: s3ConfigBody(bucket, { name: 'Half-written S3', default_folder: 'half' }),
    });
    const uploads = async () =>
      (
        await bucket.client.send(
          new ListMultipartUploadsCommand({ Bucket: bucket.bucket, Prefix: '.cloudclip-shares/half' }),
        )
      ).Uploads ?? [];
    // The body: 6 MiB (the first 5 MiB part goes out), then more once S3 is frozen.
    let more!: () => void;
    const frozenNow = new Promise<void>((resolve) => (more = resolve));
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (chunks === 96) await frozenNow; // 96 × 64 KiB = 6 MiB
        if (chunks++ === 192) return controller.close();
        controller.enqueue(new Uint8Array(64 * 1024));
      },
    });
    const answer = fetch(`${server.url}/api/upload-direct/half.bin?s3_config_id=${config.body.data.id}`, {
      method: 'PUT',
      headers: { Authorization: auth },
      body,
      duplex: 'half',
    } as RequestInit);
    for (let i = 0; i < 100 && (await uploads()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    const [started] = await uploads();
    expect(started).toBeDefined();
    // Part 1 lands before S3 stops: the upload to be aborted has a part in S3, not only a name.
    const parts = async () =>
      (
        await bucket.client.send(
          new ListPartsCommand({ Bucket: bucket.bucket, Key: started!.Key, UploadId: started!.UploadId }),
        )
      ).Parts ?? [];
    for (let i = 0; i < 100 && (await parts()).length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await parts()).toHaveLength(1);

    frozen = Number(fs.readFileSync(PROXY_PID, 'utf8'));
    process.kill(frozen, 'SIGSTOP');
    try {
      const started = Date.now();
      more();
      expect((await answer).status).toBe(503);
      // Two attempts of the request timeout (6 s here), and not as long again for removing the key
      // the write never made (24 s before).
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      thaw();
    }
    // Aborted once S3 answers again (the first retry comes a few seconds after the failure).
    for (let i = 0; i < 120 && (await uploads()).length > 0; i++) await new Promise((r) => setTimeout(r, 500));
    expect(await uploads()).toEqual([]);
  }, 120_000);
});
