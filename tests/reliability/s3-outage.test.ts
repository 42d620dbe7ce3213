import fs from 'node:fs';
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
  const call = apiClient(() => server.url);

  const thaw = () => {
    if (frozen !== null) process.kill(frozen, 'SIGCONT');
    frozen = null;
  };

  beforeAll(async () => {
    server = await startServer();
    bucket = await createTestBucket('outage');
    const auth = await adminAuth(call);
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
});
