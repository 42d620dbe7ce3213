import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';
import { putTo } from '../support/uploads';

/**
 * Browser uploads straight to storage (issue 6): presign → PUT → commit, and resumable multipart,
 * against the embedded local storage and a real S3 server, through the real app process.
 */
const MIB = 1024 * 1024;
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

function client(getServer: () => RunningServer) {
  const api = apiClient(() => getServer().url);
  return (method: string, p: string, body?: unknown, auth?: string) => api(method, p, { body, auth });
}

const unique = (p: string) => `${p}-${Date.now().toString(36)}-${randomBytes(2).toString('hex')}`;

describe('direct browser uploads', () => {
  let server: RunningServer;
  let admin: string;
  let fileKey: string;
  let otherKey: string;
  let textKey: string;
  let bucket: TestBucket;
  let s3ConfigId: string;
  let localConfigId: string;
  const call = client(() => server);

  const rows = (sql: string, ...params: unknown[]) => withServerDb(server, (db) => db.all(sql, ...params));
  const setSetting = (key: string, value: string) =>
    withServerDb(server, (db) => db.run('UPDATE system_settings SET value = ? WHERE key = ?', value, key));

  beforeAll(async () => {
    server = await startServer();
    bucket = await createTestBucket('direct');
    admin = `Bearer ${(await call('POST', '/admin/login', { username: 'admin', password: 'test-admin-password' })).body.data.token}`;
    const mk = async (name: string, permissions: number) =>
      `ApiKey ${(await call('POST', '/admin/api-keys', { name, permissions, expires_at: 'never' }, admin)).body.data.key}`;
    fileKey = await mk('uploader', 2);
    otherKey = await mk('other-uploader', 2);
    textKey = await mk('text-only', 1);
    localConfigId = (await call('GET', '/s3-configs', undefined, admin)).body.data[0].id;
    const created = await call(
      'POST',
      '/s3-configs',
      s3ConfigBody(bucket, { name: 'Direct S3', default_folder: 'direct', is_public: true }),
      admin,
    );
    expect(created.status).toBe(200);
    s3ConfigId = created.body.data.id;
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  // Local storage serves its signed PUTs itself and cuts one off at the limit; S3 takes the bytes
  // and the commit refuses them.
  const drivers = [
    { name: 'local disk', config: () => localConfigId, limitsPut: true },
    { name: 'S3', config: () => s3ConfigId, limitsPut: false },
  ];

  describe.each(drivers)('on $name', ({ config, limitsPut }) => {
    it('presign → PUT → commit makes a live share with the stored bytes, and the options of either step', async () => {
      const data = randomBytes(200_000);
      const slug = unique('one');
      const presign = await call(
        'POST',
        '/s3/presign',
        { s3_config_id: config(), filename: 'notes.txt', size: data.length, slug, remark: 'at presign' },
        fileKey,
      );
      expect(presign.status).toBe(200);
      const p = presign.body.data;
      expect(p).toMatchObject({ slug, contentType: 'text/plain', hasPassword: false, url: `/file/${slug}` });
      expect(p.upload_url).toMatch(/^https?:\/\//);

      // Not live before commit: the public page does not know it, and the slug is taken.
      expect((await call('GET', `/public/files/${slug}`)).status).toBe(404);
      const clash = await call('POST', '/s3/presign', { s3_config_id: config(), filename: 'x.txt', slug }, admin);
      expect(clash.status).toBe(409);

      const put = await putTo(p.upload_url, data, p.contentType);
      expect(put.status, put.text).toBe(200);
      expect(put.etag).toBeTruthy();

      const commit = await call(
        'POST',
        '/s3/commit',
        { file_id: p.file_id, etag: put.etag, size: 1, password: 'pw-at-commit', max_views: 5 },
        fileKey,
      );
      expect(commit.status, JSON.stringify(commit.body)).toBe(200);
      expect(commit.body.data).toMatchObject({
        slug,
        size: data.length, // what storage holds, not what the client claimed
        remark: 'at presign',
        has_password: true,
        max_views: 5,
        url: `/file/${slug}`,
      });
      expect(JSON.stringify(commit.body)).not.toMatch(/password_hash|passwordHash|pw-at-commit/);

      const dl = await call('GET', `/file-download/${slug}?password=pw-at-commit`);
      expect(dl.status).toBe(200);
      expect(md5(dl.body)).toBe(md5(data));
      // Committed once: a second commit finds no pending upload.
      expect((await call('POST', '/s3/commit', { file_id: p.file_id }, fileKey)).status).toBe(404);
    });

    it('with the setting on, a photo put straight into storage is stored without its location and camera', async () => {
      const photo = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0ea5e9' } })
        .jpeg()
        .withExifMerge({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
        .toBuffer();
      await setSetting('strip_image_metadata', 'true');
      try {
        const presign = await call(
          'POST',
          '/s3/presign',
          { s3_config_id: config(), filename: 'beach.jpg', size: photo.length },
          fileKey,
        );
        const p = presign.body.data;
        expect((await putTo(p.upload_url, photo, p.contentType)).status).toBe(200);
        const commit = await call('POST', '/s3/commit', { file_id: p.file_id }, fileKey);
        expect(commit.status, JSON.stringify(commit.body)).toBe(200);
        const dl = await call('GET', `/file-download/${p.slug}`);
        const stored = Buffer.from(dl.body);
        expect(stored.includes(Buffer.from('PhoneCo'))).toBe(false);
        expect(commit.body.data.size).toBe(stored.length);
        expect((await sharp(stored).raw().toBuffer()).equals(await sharp(photo).raw().toBuffer())).toBe(true);
      } finally {
        await setSetting('strip_image_metadata', 'false');
      }
    });

    it('a multipart upload resumes from what storage holds, and completes byte-identical', async () => {
      const data = randomBytes(12 * MIB + 12345);
      const init = await call(
        'POST',
        '/s3/multipart/init',
        { s3_config_id: config(), filename: 'big.bin', size: data.length },
        fileKey,
      );
      expect(init.status, JSON.stringify(init.body)).toBe(200);
      const m = init.body.data;
      expect(m).toMatchObject({ partSize: 5 * MIB, partCount: 3, totalSize: data.length });
      expect(m.presigned_urls.map((u: { partNumber: number }) => u.partNumber)).toEqual([1, 2, 3]);
      const slice = (n: number) => data.subarray((n - 1) * m.partSize, Math.min(n * m.partSize, data.length));

      const etags: Record<number, string> = {};
      for (const n of [1, 3]) {
        const put = await putTo(m.presigned_urls[n - 1].url, slice(n));
        expect(put.status, put.text).toBe(200);
        etags[n] = put.etag!;
      }

      // After a pause or reload: the stored parts, and fresh URLs only for the missing one.
      const resume = await call(
        'POST',
        '/s3/multipart/resume',
        { file_id: m.file_id, upload_id: m.upload_id },
        fileKey,
      );
      expect(resume.status, JSON.stringify(resume.body)).toBe(200);
      expect(resume.body.data.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 3]);
      expect(resume.body.data.presigned_urls.map((u: { partNumber: number }) => u.partNumber)).toEqual([2]);
      // Someone else's key may not touch it.
      expect(
        (await call('POST', '/s3/multipart/resume', { file_id: m.file_id, upload_id: m.upload_id }, otherKey)).status,
      ).toBe(403);

      const put2 = await putTo(resume.body.data.presigned_urls[0].url, slice(2));
      expect(put2.status).toBe(200);
      etags[2] = put2.etag!;

      const done = await call(
        'POST',
        '/s3/multipart/complete',
        {
          file_id: m.file_id,
          upload_id: m.upload_id,
          parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n] })),
        },
        fileKey,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({ size: data.length, filename: 'big.bin' });
      const dl = await call('GET', `/file-download/${m.slug}`);
      expect(md5(dl.body)).toBe(md5(data));
    });

    it('abort removes the upload and its record', async () => {
      const data = randomBytes(6 * MIB);
      const init = { s3_config_id: config(), filename: 'gone.bin', size: data.length };
      const a = (await call('POST', '/s3/multipart/init', init, admin)).body.data;
      expect((await putTo(a.presigned_urls[0].url, data.subarray(0, 5 * MIB))).status).toBe(200);
      const abort = await call('POST', '/s3/multipart/abort', { file_id: a.file_id, upload_id: a.upload_id }, admin);
      expect(abort.body.data).toEqual({ success: true, fileId: a.file_id });
      expect(await rows('SELECT id FROM files WHERE id = ?', a.file_id)).toEqual([]);
      expect(
        (await call('POST', '/s3/multipart/resume', { file_id: a.file_id, upload_id: a.upload_id }, admin)).status,
      ).toBe(404);
    });

    it('an object larger than the limit is refused at commit, and nothing is left behind', async () => {
      await setSetting('max_upload_size', '1');
      try {
        const p = (await call('POST', '/s3/presign', { s3_config_id: config(), filename: 'liar.bin', size: 10 }, admin))
          .body.data;
        const put = await putTo(p.upload_url, randomBytes(MIB + 1), p.contentType);
        expect(put.status).toBe(limitsPut ? 413 : 200);
        const commit = await call('POST', '/s3/commit', { file_id: p.file_id }, admin);
        if (limitsPut) {
          // Nothing was stored: the commit says so, and the uploader cancels.
          expect(commit.body.error).toMatchObject({ key: 'uploadIncomplete' });
          expect((await call('POST', '/s3/cancel', { file_id: p.file_id }, admin)).status).toBe(200);
        } else {
          expect(commit.status).toBe(413);
          expect(commit.body.error).toMatchObject({ key: 'fileTooLarge' });
        }
        expect(await rows('SELECT id FROM files WHERE id = ?', p.file_id)).toEqual([]);
        const tooBig = await call(
          'POST',
          '/s3/presign',
          { s3_config_id: config(), filename: 'a.bin', size: 2 * MIB },
          admin,
        );
        expect(tooBig.status).toBe(413);
      } finally {
        await setSetting('max_upload_size', '100');
      }
    });

    it('cancel after a failed PUT removes the record and any object', async () => {
      const p = (await call('POST', '/s3/presign', { s3_config_id: config(), filename: 'c.txt', size: 5 }, fileKey))
        .body.data;
      expect((await call('POST', '/s3/cancel', { file_id: p.file_id }, otherKey)).status).toBe(403);
      const cancel = await call('POST', '/s3/cancel', { file_id: p.file_id }, fileKey);
      expect(cancel.body.data).toEqual({ file_id: p.file_id, status: 'cancelled' });
      expect(await rows('SELECT id FROM files WHERE id = ?', p.file_id)).toEqual([]);
    });
  });

  it('refuses callers without the file permission (403), and bad bodies (400) with message keys', async () => {
    const noBit = await call('POST', '/s3/presign', { filename: 'a.txt' }, textKey);
    expect(noBit.status).toBe(403);
    expect((await call('POST', '/s3/presign', { filename: 'a.txt' })).status).toBe(401);
    const noName = await call('POST', '/s3/presign', { size: 1 }, admin);
    expect(noName.status).toBe(400);
    expect(noName.body.error.key).toBe('filenameRequired');
    const noSize = await call('POST', '/s3/multipart/init', { filename: 'a.bin' }, admin);
    expect(noSize.body.error.key).toBe('sizeRequired');
    const noParts = await call('POST', '/s3/multipart/complete', { file_id: 'x', upload_id: 'y', parts: [] }, admin);
    expect(noParts.body.error.key).toBe('partsRequired');
    expect((await call('POST', '/s3/commit', {}, admin)).body.error.key).toBe('fileIdRequired');
  });

  it('a key cannot upload to a storage config that is not public', async () => {
    await call('PUT', `/s3-configs/${s3ConfigId}`, { is_public: false }, admin);
    try {
      const res = await call('POST', '/s3/presign', { s3_config_id: s3ConfigId, filename: 'a.txt', size: 1 }, fileKey);
      expect(res.status).toBe(403);
      expect(res.body.error.key).toBe('storageForbidden');
    } finally {
      await call('PUT', `/s3-configs/${s3ConfigId}`, { is_public: true }, admin);
    }
  });
});

describe('URL uploads into a share', () => {
  let server: RunningServer;
  let admin: string;
  let textKey: string;
  let source: http.Server;
  let sourceUrl: string;
  const payload = randomBytes(7 * MIB + 99);
  const call = client(() => server);

  beforeAll(async () => {
    source = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(payload.length));
      res.end(req.method === 'HEAD' ? undefined : payload);
    });
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/files/remote%20data.bin`;
    server = await startServer();
    admin = `Bearer ${(await call('POST', '/admin/login', { username: 'admin', password: 'test-admin-password' })).body.data.token}`;
    textKey = `ApiKey ${(await call('POST', '/admin/api-keys', { name: 'text', permissions: 1, expires_at: 'never' }, admin)).body.data.key}`;
  });
  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await new Promise((resolve) => source?.close(resolve));
  });

  const setAllowedHosts = (value: string) =>
    withServerDb(server, (db) =>
      db.run(`UPDATE system_settings SET value = ? WHERE key = 'url_fetch_allowed_hosts'`, value),
    );

  it('presign probes the URL only through the SSRF filter; with the metadata given no fetch is needed', async () => {
    const refused = await call('POST', '/url/presign', { url: sourceUrl }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.error.key).toBe('urlNotAllowed');
    expect((await call('POST', '/url/presign', { url: 'ftp://example.com/a.txt' }, admin)).body.error.key).toBe(
      'urlNotAllowed',
    );
    expect((await call('POST', '/url/presign', { url: sourceUrl }, textKey)).status).toBe(403);

    await setAllowedHosts('127.0.0.1');
    try {
      const probed = await call('POST', '/url/presign', { url: sourceUrl, password: 'ignored-here?' }, admin);
      expect(probed.status, JSON.stringify(probed.body)).toBe(200);
      expect(probed.body.data).toMatchObject({ sourceUrl, hasPassword: true });
      const row = await call('POST', '/url/cancel', { file_id: probed.body.data.file_id }, admin);
      expect(row.body.data).toMatchObject({ file_id: probed.body.data.file_id, status: 'cancelled' });
    } finally {
      await setAllowedHosts('');
    }

    const slug = unique('url');
    const p = await call(
      'POST',
      '/url/presign',
      { url: sourceUrl, metadata: { filename: 'remote data.bin', contentType: 'application/octet-stream' }, slug },
      admin,
    );
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.data).toMatchObject({ slug, sourceUrl, corsSupported: false, url: `/file/${slug}` });
    expect((await putTo(p.body.data.upload_url, payload, p.body.data.contentType)).status).toBe(200);
    // The v0.7.3 client sends the share settings at commit only: they are applied there.
    const commit = await call(
      'POST',
      '/url/commit',
      { file_id: p.body.data.file_id, password: 'pw', expires_in: 2, max_views: 3, remark: 'from url' },
      admin,
    );
    expect(commit.body.data).toMatchObject({
      filename: 'remote data.bin',
      size: payload.length,
      has_password: true,
      max_views: 3,
      remark: 'from url',
    });
    const expires = new Date(commit.body.data.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(3600_000);
    expect(expires).toBeLessThanOrEqual(2 * 3600_000);
  });

  it('multipart init, complete and abort answer the shapes of docs/product/api.md §3.9', async () => {
    const init = await call(
      'POST',
      '/url/multipart/init',
      {
        url: sourceUrl,
        metadata: { filename: 'remote data.bin', contentType: 'application/octet-stream' },
        total_size: payload.length,
        part_size: 5 * MIB,
      },
      admin,
    );
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    const m = init.body.data;
    expect(m).toMatchObject({ partSize: 5 * MIB, partCount: 2, totalSize: payload.length, sourceUrl });
    expect(m.storagePath).toBeTruthy();
    const parts = [];
    for (const { partNumber, url } of m.presigned_urls) {
      const chunk = payload.subarray((partNumber - 1) * m.partSize, partNumber * m.partSize);
      parts.push({ partNumber, etag: (await putTo(url, chunk)).etag! });
    }
    const done = await call(
      'POST',
      '/url/multipart/complete',
      { file_id: m.file_id, upload_id: m.upload_id, parts },
      admin,
    );
    expect(done.body.data).toMatchObject({
      success: true,
      fileId: m.file_id,
      slug: m.slug,
      filename: 'remote data.bin',
      size: payload.length,
      url: `/file/${m.slug}`,
    });
    const dl = await call('GET', `/file-download/${m.slug}`);
    expect(md5(dl.body)).toBe(md5(payload));

    const again = (
      await call(
        'POST',
        '/url/multipart/init',
        { url: sourceUrl, metadata: { filename: 'b.bin', contentType: 'application/octet-stream' }, total_size: 10 },
        admin,
      )
    ).body.data;
    const abort = await call(
      'POST',
      '/url/multipart/abort',
      { file_id: again.file_id, upload_id: again.upload_id },
      admin,
    );
    expect(abort.body.data).toMatchObject({ success: true, fileId: again.file_id });
    expect((await call('POST', '/url/cancel', { file_id: again.file_id }, admin)).status).toBe(404);
  });
});

describe('the janitor after a crash mid-upload', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  const call = client(() => server);

  afterAll(async () => {
    await server?.stop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await bucket?.destroy();
  });

  it('leaves no committed share, and aborts the unfinished multipart upload', async () => {
    server = await startServer();
    bucket = await createTestBucket('janitor');
    const admin = `Bearer ${(await call('POST', '/admin/login', { username: 'admin', password: 'test-admin-password' })).body.data.token}`;
    const config = await call(
      'POST',
      '/s3-configs',
      s3ConfigBody(bucket, { name: 'Janitor S3', default_folder: 'j' }),
      admin,
    );
    const size = 11 * MIB;
    const init = async (s3_config_id?: string) =>
      (await call('POST', '/s3/multipart/init', { s3_config_id, filename: 'crash.bin', size }, admin)).body.data;
    const s3 = await init(config.body.data.id);
    const local = await init();
    for (const m of [s3, local]) expect((await putTo(m.presigned_urls[0].url, randomBytes(5 * MIB))).status).toBe(200);

    await server.kill();
    // A day and more later (the janitor keeps uploads resumable for 24 h).
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    await withServerDb(server, (db) =>
      db.run('UPDATE files SET created_at = ? WHERE status = ?', db.time(twoDaysAgo), 'uploading'),
    );
    const uploads = async () =>
      (await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.bucket }))).Uploads ?? [];
    expect((await uploads()).map((u) => u.UploadId)).toEqual([s3.upload_id]);
    const localParts = path.join(server.dataDir, 'storage', '.cloudclip-multipart', local.upload_id);
    expect(fs.existsSync(localParts)).toBe(true);

    server = await startServer({ dataDir: server.dataDir });
    // The first sweep runs a few seconds after start.
    const records = () => withServerDb(server, (db) => db.all('SELECT id FROM files'));
    const cleaned = async () =>
      (await uploads()).length === 0 && !fs.existsSync(localParts) && (await records()).length === 0;
    for (let i = 0; i < 100 && !(await cleaned()); i++) await new Promise((r) => setTimeout(r, 200));
    expect(await uploads()).toEqual([]);
    expect(fs.existsSync(localParts)).toBe(false);
    expect(await records()).toEqual([]);
    for (const m of [s3, local]) expect((await call('GET', `/public/files/${m.slug}`)).status).toBe(404);
  });
});
