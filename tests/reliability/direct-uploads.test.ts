import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient, type ApiAnswer } from '../support/api-client';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { putTo } from '../support/uploads';
import { recordCase } from './cases';

afterEach(recordCase);

/**
 * Browser uploads straight to storage against lying, late and racing clients (issue 10 #6–#9),
 * on the embedded local storage and on a real S3 server (Swift).
 */
const MIB = 1024 * 1024;
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe('reliability: direct uploads', () => {
  let server: RunningServer;
  let auth: string;
  let bucket: TestBucket;
  let s3ConfigId: string;
  let localConfigId: string;
  const call = apiClient(() => server.url);
  const post = (p: string, body: unknown) => call('POST', p, { auth, body });

  const fileRows = (id: string) =>
    withServerDb(server, (db) =>
      db.all<{ status: string; size: number }>('SELECT status, size FROM files WHERE id = ?', id),
    );
  const pendingObjects = async (configId: string) => {
    if (configId === localConfigId) {
      const dir = path.join(server.dataDir, 'storage', '.cloudclip-pending');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    }
    const listed = await bucket.client.send(
      new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: '.cloudclip-pending/' }),
    );
    return (listed.Contents ?? []).map((o) => o.Key);
  };

  beforeAll(async () => {
    server = await startServer({ keepData: true });
    bucket = await createTestBucket('reliable-uploads');
    auth = await adminAuth(call);
    localConfigId = (await call('GET', '/s3-configs', { auth })).body.data[0].id;
    s3ConfigId = (await post('/s3-configs', s3ConfigBody(bucket, { name: 'Uploads S3', default_folder: 'u' }))).body
      .data.id;
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await bucket?.destroy();
  });

  const drivers = [
    { name: 'local disk', config: () => localConfigId, servesPuts: true },
    { name: 'S3', config: () => s3ConfigId, servesPuts: false },
  ];

  describe.each(drivers)('on $name', ({ config, servesPuts }) => {
    const presign = async (size: number) =>
      (await post('/s3/presign', { s3_config_id: config(), filename: 'once.bin', size })).body.data;

    it('a signed PUT used again after commit or cancel never changes the live share', async () => {
      const first = randomBytes(4096);
      const p = await presign(first.length);
      expect((await putTo(p.upload_url, first, p.contentType)).status).toBe(200);
      // Local signed PUTs are single-use even before the commit.
      if (servesPuts) expect((await putTo(p.upload_url, randomBytes(10), p.contentType)).status).toBe(409);
      expect((await post('/s3/commit', { file_id: p.file_id })).status).toBe(200);

      const late = await putTo(p.upload_url, randomBytes(3 * 4096), p.contentType);
      expect(late.status).toBe(servesPuts ? 409 : 200); // S3 cannot refuse: the bytes land at the pending key
      const dl = await call('GET', `/file-download/${p.slug}`);
      expect(dl.status).toBe(200);
      expect(md5(dl.body)).toBe(md5(first));
      expect((await call('GET', `/files/${p.file_id}`, { auth })).body.data.size).toBe(first.length);

      const c = await presign(10);
      expect((await post('/s3/cancel', { file_id: c.file_id })).status).toBe(200);
      expect((await putTo(c.upload_url, randomBytes(10), c.contentType)).status).toBe(servesPuts ? 409 : 200);
      expect(await fileRows(c.file_id)).toEqual([]);
      expect((await pendingObjects(config())).length).toBe(servesPuts ? 0 : 2);
    });

    const initMultipart = async (size: number) =>
      (await post('/s3/multipart/init', { s3_config_id: config(), filename: 'parts.bin', size })).body.data;

    it('complete checks the part list against the plan and the declared size, and the upload stays resumable', async () => {
      const data = randomBytes(11 * MIB);
      const m = await initMultipart(data.length);
      expect(m.partCount).toBe(3);
      const chunk = (n: number) => data.subarray((n - 1) * 5 * MIB, n * 5 * MIB);
      const etags: string[] = [];
      for (const n of [1, 2]) etags.push((await putTo(m.presigned_urls[n - 1].url, chunk(n))).etag!);
      // An oversized last part: 2 MiB where the plan has 1.
      etags.push((await putTo(m.presigned_urls[2].url, randomBytes(2 * MIB))).etag!);
      const complete = (parts: { partNumber: number; etag: string }[]) =>
        post('/s3/multipart/complete', { file_id: m.file_id, upload_id: m.upload_id, parts });
      const listed = (numbers: number[]) => numbers.map((n) => ({ partNumber: n, etag: etags[n - 1]! }));

      const refusals: [ApiAnswer, number, string][] = [
        [await complete(listed([1, 2])), 400, 'uploadSizeMismatch'], // a part missing: a short share
        [await complete(listed([1, 1, 2, 3])), 400, 'uploadPartsInvalid'], // a part twice
        [await complete(listed([1, 3])), 400, 'uploadPartsInvalid'], // a gap
        [await complete(listed([1, 2, 3])), 400, 'uploadSizeMismatch'], // the oversized part
      ];
      for (const [answer, status, key] of refusals) {
        expect(answer.status).toBe(status);
        expect(answer.body.error.key).toBe(key);
      }
      expect(await fileRows(m.file_id)).toEqual([{ status: 'uploading', size: data.length }]);

      etags[2] = (await putTo(m.presigned_urls[2].url, chunk(3))).etag!;
      const done = await complete(listed([1, 2, 3]));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(md5((await call('GET', `/file-download/${m.slug}`)).body)).toBe(md5(data));
    });

    it('a wrong part ETag at complete is a 409 that keeps the upload resumable', async () => {
      const data = randomBytes(6 * MIB);
      const m = await initMultipart(data.length);
      const one = await putTo(m.presigned_urls[0].url, data.subarray(0, 5 * MIB));
      const two = await putTo(m.presigned_urls[1].url, data.subarray(5 * MIB));
      const parts = (second: string) => [
        { partNumber: 1, etag: one.etag! },
        { partNumber: 2, etag: second },
      ];
      const ref = { file_id: m.file_id, upload_id: m.upload_id };
      const bad = await post('/s3/multipart/complete', { ...ref, parts: parts('"0123456789abcdef0123456789abcdef"') });
      expect(bad.status).toBe(409);
      expect(bad.body.error.key).toBe('uploadPartConflict');
      const resumed = await post('/s3/multipart/resume', ref);
      expect(resumed.status).toBe(200);
      expect(resumed.body.data.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 2]);
      const good = await post('/s3/multipart/complete', { ...ref, parts: parts(two.etag!) });
      expect(good.status).toBe(200);
      expect(md5((await call('GET', `/file-download/${m.slug}`)).body)).toBe(md5(data));
    });

    it('commit racing cancel: exactly one wins, the other answers 404 or 409, and what remains is whole', async () => {
      const uploads = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const data = randomBytes(2048);
          const p = await presign(data.length);
          expect((await putTo(p.upload_url, data, p.contentType)).status).toBe(200);
          return { p, data };
        }),
      );
      const outcomes = await Promise.all(
        uploads.map(async ({ p, data }) => {
          const [commit, cancel] = await Promise.all([
            post('/s3/commit', { file_id: p.file_id }),
            post('/s3/cancel', { file_id: p.file_id }),
          ]);
          const statuses = [commit.status, cancel.status].sort();
          expect([
            [200, 404],
            [200, 409],
          ]).toContainEqual(statuses);
          const dl = await call('GET', `/file-download/${p.slug}`);
          if (commit.status === 200) {
            expect(dl.status).toBe(200);
            expect(md5(dl.body)).toBe(md5(data));
          } else {
            expect(dl.status).toBe(404);
            expect(await fileRows(p.file_id)).toEqual([]);
          }
          return commit.status === 200 ? 'committed' : 'cancelled';
        }),
      );
      expect(outcomes).toHaveLength(8);
    });
  });

  it('the janitor removes what late PUTs left at pending keys', async () => {
    // A late PUT of this test's own: the server's first sweep (5 s after start) may have taken
    // those of the tests above already.
    const p = (await post('/s3/presign', { s3_config_id: s3ConfigId, filename: 'late.bin', size: 10 })).body.data;
    expect((await post('/s3/cancel', { file_id: p.file_id })).status).toBe(200);
    expect((await putTo(p.upload_url, randomBytes(10), p.contentType)).status).toBe(200);
    expect((await pendingObjects(s3ConfigId)).length).toBeGreaterThan(0);
    await server.stop();
    server = await startServer({ dataDir: server.dataDir });
    auth = await adminAuth(call);
    // The first sweep runs a few seconds after start.
    for (let i = 0; i < 100 && (await pendingObjects(s3ConfigId)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await pendingObjects(s3ConfigId)).toEqual([]);
    expect(await pendingObjects(localConfigId)).toEqual([]);
  });
});
