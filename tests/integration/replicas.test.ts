import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startRoundRobinProxy } from '../../bench/lib/round-robin-proxy.mjs';
import { adminAuth, apiClient, type ApiCall } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { freshDatabase } from '../support/postgres';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { putTo } from '../support/uploads';

/**
 * Two app processes on one PostgreSQL database and one S3 (Swift), behind one address (a small
 * round-robin proxy, bench/lib/round-robin-proxy.mjs), behave as one app (docs/architecture.md §4,
 * "Replicas"). Each check also talks to each process directly, so it is not the proxy's turn-taking
 * that makes it pass.
 */
const MIB = 1024 * 1024;
const LOCK_BODY =
  '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';

describe('two replicas behind one address', () => {
  let database: { url: string; drop: () => Promise<void> };
  let bucket: TestBucket;
  const replicas: RunningServer[] = [];
  let proxy: { url: string; close: () => Promise<void> };
  let admin: string;
  const via = apiClient(() => proxy.url);
  const at = (n: 0 | 1): ApiCall => apiClient(() => replicas[n]!.url);

  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
    bucket = await createTestBucket('replicas');
    // The same database and APP_SECRET (stored S3 secrets decrypt on either), their own data folders.
    const env = {
      DATABASE_URL: database.url,
      APP_SECRET: `replicas-${randomBytes(12).toString('hex')}`,
      LOGIN_RATE_LIMIT: '4/600',
      PASSWORD_RATE_LIMIT: '4/600',
    };
    const started = await Promise.allSettled([startServer({ env }), startServer({ env })]);
    for (const s of started) if (s.status === 'fulfilled') replicas.push(s.value);
    expect(replicas).toHaveLength(2);
    proxy = await startRoundRobinProxy(replicas.map((r) => r.url));
    admin = await adminAuth(via);
    // Uploads go to S3: a replica's own data folder is not the other's.
    const s3 = await via('POST', '/s3-configs', { auth: admin, body: s3ConfigBody(bucket, { name: 'shared' }) });
    expect(s3.status, s3.text).toBe(200);
    expect((await via('PUT', `/s3-configs/${s3.body.data.id}/set-default`, { auth: admin })).status).toBe(200);
  });
  afterAll(async () => {
    await proxy?.close();
    for (const replica of replicas) await replica.stop();
    await bucket?.destroy();
    await database?.drop();
  });

  it('a login on one is valid on the other', async () => {
    const token = await adminAuth(at(0));
    expect((await at(1)('GET', '/test/admin-token', { auth: token })).status).toBe(200);
    expect((await at(1)('GET', '/test/admin-token', { auth: 'Bearer not-a-token' })).status).toBe(401);
  });

  it('the share-password limit counts the guesses on both', async () => {
    const made = await via('POST', '/paste', {
      auth: admin,
      body: { content: 'behind a password', slug: 'replica-locked', password: 'right-one' },
    });
    expect(made.status, made.text).toBe(200);
    const guess = (n: 0 | 1, password: string) => at(n)('POST', '/paste/replica-locked', { body: { password } });
    for (const n of [1, 0, 1, 0] as const) expect((await guess(n, 'wrong')).status).toBe(401);
    expect((await guess(1, 'right-one')).status).toBe(429);
    expect((await guess(0, 'right-one')).status).toBe(429);
  });

  it('a view limit holds across both: 30 viewers at once, 5 views allowed, 5 see it', async () => {
    const made = await via('POST', '/paste', {
      auth: admin,
      body: { content: 'five times', slug: 'replica-five', maxViews: 5 },
    });
    expect(made.status, made.text).toBe(200);
    const views = await Promise.all(
      Array.from({ length: 30 }, (_, i) => at((i % 2) as 0 | 1)('GET', '/paste/replica-five')),
    );
    expect(views.filter((v) => v.status === 200)).toHaveLength(5);
    expect(views.every((v) => v.status === 200 || v.status === 410 || v.status === 404)).toBe(true);
  });

  it('a multipart upload started on one completes on the other', async () => {
    const data = randomBytes(6 * MIB);
    const configs = (await via('GET', '/s3-configs', { auth: admin })).body.data as { id: string; name: string }[];
    const s3 = configs.find((c) => c.name === 'shared')!;
    const init = await at(0)('POST', '/s3/multipart/init', {
      auth: admin,
      body: { s3_config_id: s3.id, filename: 'across.bin', size: data.length },
    });
    expect(init.status, init.text).toBe(200);
    const m = init.body.data;
    const etags: string[] = [];
    for (const [i, url] of (m.presigned_urls as { url: string }[]).entries()) {
      const part = data.subarray(i * m.partSize, Math.min((i + 1) * m.partSize, data.length));
      const put = await putTo(url.url, part);
      expect(put.status).toBe(200);
      etags.push(put.etag!);
    }
    const done = await at(1)('POST', '/s3/multipart/complete', {
      auth: admin,
      body: {
        file_id: m.file_id,
        upload_id: m.upload_id,
        parts: etags.map((etag, i) => ({ partNumber: i + 1, etag })),
      },
    });
    expect(done.status, done.text).toBe(200);
    const download = await at(0)('GET', `/file-download/${m.slug}`);
    expect(Buffer.compare(download.body, data)).toBe(0);
  });

  describe('on mounts', () => {
    const basic = `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
    const dav = (n: 0 | 1, method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
      fetch(`${replicas[n]!.url}/dav${path}`, {
        method,
        headers: { Authorization: basic, 'Content-Type': 'application/xml', ...headers },
        body,
      });
    const names = async (n: 0 | 1, dir: string) =>
      (
        (await at(n)('GET', `/fs/list?path=${encodeURIComponent(dir)}`, { auth: admin })).body.data.items as {
          name: string;
        }[]
      ).map((i) => i.name);

    beforeAll(async () => {
      // Directory listings are cached per process for the mount's cache TTL: 2 s here.
      await mountDiskAndBucket(via, admin, bucket, { cacheTtl: 2 });
      const put = await dav(0, 'PUT', '/bucket/shared.txt', { 'Content-Type': 'text/plain' }, 'shared');
      expect(put.status).toBeLessThan(300);
    });

    it('a WebDAV lock taken on one is seen on the other', async () => {
      const lock = await dav(0, 'LOCK', '/bucket/shared.txt', { Timeout: 'Second-600' }, LOCK_BODY);
      expect(lock.status).toBe(200);
      const token = lock.headers.get('Lock-Token')!;
      expect((await dav(1, 'PUT', '/bucket/shared.txt', { 'Content-Type': 'text/plain' }, 'changed')).status).toBe(423);
      expect(
        (await dav(1, 'PUT', '/bucket/shared.txt', { 'Content-Type': 'text/plain', If: `(${token})` }, 'mine')).status,
      ).toBeLessThan(300);
      expect((await dav(1, 'UNLOCK', '/bucket/shared.txt', { 'Lock-Token': token })).status).toBe(204);
    });

    it('a copy task runs once, whichever replica picks it up', async () => {
      const started = await via('POST', '/fs/copy', {
        auth: admin,
        body: { items: [{ sourcePath: '/bucket/shared.txt', targetPath: '/bucket/copied/shared.txt' }] },
      });
      expect(started.body.code, started.text).toBe(202);
      const id = started.body.data.taskId as string;
      await expect
        .poll(async () => (await via('GET', `/fs/tasks/${id}`, { auth: admin })).body.data.status, { timeout: 30_000 })
        .toBe('completed');
      const task = (await at(1)('GET', `/fs/tasks/${id}`, { auth: admin })).body.data;
      expect(task).toMatchObject({ status: 'completed', successCount: 1, failureCount: 0 });
      // Run twice, the second run would have found the target taken and made "shared (1).txt".
      expect((await names(0, '/bucket/copied/')).sort()).toEqual(['shared.txt']);
    });

    it('a listing cached by one shows the other’s write once the mount’s cache TTL has passed', async () => {
      expect(await names(0, '/bucket/')).not.toContain('fresh.txt'); // now cached on replica 0
      const put = await dav(1, 'PUT', '/bucket/fresh.txt', { 'Content-Type': 'text/plain' }, 'fresh');
      expect(put.status).toBeLessThan(300);
      expect(await names(1, '/bucket/')).toContain('fresh.txt'); // the writer's own cache is invalidated
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await names(0, '/bucket/')).toContain('fresh.txt');
    });
  });

  // Last: it locks the admin out of this address for the rest of the window.
  it('the login limit counts the failures on both', async () => {
    const wrong = { username: 'admin', password: 'wrong-password' };
    for (const n of [0, 1, 0, 1] as const)
      expect((await at(n)('POST', '/admin/login', { body: wrong })).status).toBe(401);
    const refused = await at(0)('POST', '/admin/login', {
      body: { username: 'admin', password: 'test-admin-password' },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await at(1)('POST', '/admin/login', { body: wrong })).status).toBe(429);
  });
});
