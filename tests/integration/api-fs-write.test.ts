import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * Changing mounted storage through /api/fs (docs/product/api.md §3.10: mkdir, update, rename,
 * batch-remove) on local disk and on Swift, with listings cached for 5 minutes: every write must
 * show in the next listing at once.
 */
describe('fs write API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('fs-write');
    await mountDiskAndBucket(call, admin, bucket);
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  describe.each(['/disk', '/bucket'])('on %s', (m) => {
    const names = async (dir: string) =>
      (
        (await call('GET', `/fs/list?path=${encodeURIComponent(dir)}`, { auth: admin })).body.data.items as {
          name: string;
        }[]
      ).map((i) => i.name);
    const post = (p: string, body: unknown) => call('POST', p, { auth: admin, body });

    it('makes folders that stay empty, and refuses existing ones and missing parents', async () => {
      expect(await names(m)).toEqual([]); // cached from now on
      const made = await post('/fs/mkdir', { path: `${m}/projects` });
      expect(made.status).toBe(200);
      expect(made.body.message).toBe('目录创建成功');
      expect(await names(m)).toEqual(['projects']);
      expect((await post('/fs/mkdir', { path: `${m}/projects/` })).body.error.key).toBe('fsExists');
      expect((await post('/fs/mkdir', { path: `${m}/none/deeper` })).body.error.key).toBe('fsParentMissing');
      expect((await post('/fs/mkdir', { path: `${m}/projects/empty` })).status).toBe(200);
      expect(await names(`${m}/projects`)).toEqual(['empty']);
    });

    it('writes text files, new and existing, up to 10 MB', async () => {
      const first = await post('/fs/update', { path: `${m}/projects/notes.md`, content: '# v1' });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ success: true, path: 'projects/notes.md', isNewFile: true });
      const second = await post('/fs/update', { path: `${m}/projects/notes.md`, content: '# v2' });
      expect(second.body.data.isNewFile).toBe(false);
      expect(await names(`${m}/projects`)).toEqual(['empty', 'notes.md']);
      const text = await call('GET', `/fs/download?path=${encodeURIComponent(`${m}/projects/notes.md`)}`, {
        auth: admin,
      });
      expect(Buffer.from(text.body).toString()).toBe('# v2');
      const big = await post('/fs/update', { path: `${m}/big.txt`, content: 'x'.repeat(10 * 1024 * 1024 + 1) });
      expect(big.status).toBe(413);
    });

    it('renames files and folders (empty sub-folders kept), and refuses what does not fit', async () => {
      const rename = (oldPath: string, newPath: string) => post('/fs/rename', { oldPath, newPath });
      expect((await rename(`${m}/projects/notes.md`, `${m}/projects/readme.md`)).status).toBe(200);
      expect(await names(`${m}/projects`)).toEqual(['empty', 'readme.md']);
      expect((await rename(`${m}/projects/`, `${m}/archive/`)).status).toBe(200);
      expect(await names(m)).toEqual(['archive']);
      expect(await names(`${m}/archive`)).toEqual(['empty', 'readme.md']);
      const refusals: [string, string, number, string][] = [
        [`${m}/archive/readme.md`, `${m}/folder/`, 400, 'fsRenameKindMismatch'],
        [`${m}/archive/missing.md`, `${m}/x.md`, 404, 'fsNotFound'],
        [`${m}/archive/`, `${m}/archive/inner/`, 400, 'fsRenameIntoItself'],
        [`${m}/archive/readme.md`, `${m}/archive/readme.md`, 409, 'fsExists'],
        [`${m}/archive/readme.md`, `${m === '/disk' ? '/bucket' : '/disk'}/readme.md`, 400, 'fsRenameAcrossMounts'],
      ];
      for (const [from, to, status, messageKey] of refusals) {
        const res = await rename(from, to);
        expect(res.status, `${from} → ${to}`).toBe(status);
        expect(res.body.error.key).toBe(messageKey);
      }
    });

    it('uploads a file into a folder from a form, in either field order', async () => {
      const upload = (fields: [string, string | Blob, string?][]) => {
        const form = new FormData();
        for (const [name, value, filename] of fields)
          if (typeof value === 'string') form.append(name, value);
          else form.append(name, value, filename);
        return fetch(`${server.url}/api/fs/upload`, { method: 'POST', headers: { Authorization: admin }, body: form });
      };
      const bytes = new Uint8Array(200_000).fill(7);
      const pathFirst = await upload([
        ['path', `${m}/archive/`],
        ['file', new Blob([bytes]), 'photo.jpg'],
      ]);
      expect(pathFirst.status).toBe(200);
      expect(((await pathFirst.json()) as { data: unknown }).data).toMatchObject({
        success: true,
        fileName: 'photo.jpg',
        size: bytes.length,
        contentType: 'image/jpeg',
        s3Path: 'archive/photo.jpg',
      });
      const fileFirst = await upload([
        ['file', new Blob(['second']), 'second.txt'],
        ['path', `${m}/archive`],
      ]);
      expect(fileFirst.status).toBe(200);
      expect(await names(`${m}/archive`)).toEqual(['empty', 'photo.jpg', 'readme.md', 'second.txt']);
      const got = await call('GET', `/fs/download?path=${encodeURIComponent(`${m}/archive/photo.jpg`)}`, {
        auth: admin,
      });
      expect(Buffer.from(got.body).equals(Buffer.from(bytes))).toBe(true);
      expect((await upload([['file', new Blob(['x']), 'x.txt']])).status).toBe(400);
    });

    it('removes files and folders with everything in them, reporting each failure', async () => {
      await post('/fs/update', { path: `${m}/loose.txt`, content: 'x' });
      const removed = await call('DELETE', '/fs/batch-remove', {
        auth: admin,
        body: { paths: [`${m}/archive/`, `${m}/loose.txt`, `${m}/never.txt`] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data.success).toBe(2);
      expect(removed.body.data.failed).toEqual([{ path: `${m}/never.txt`, error: '文件不存在' }]);
      expect(await names(m)).toEqual([]);
    });
  });

  // S3's presigned URLs, or the app's signed URLs of a local storage (docs/decisions/0010-mounted-local-uploads.md).
  it.each(['/bucket', '/disk'])('uploads straight to %s with a presigned PUT or a multipart upload', async (m) => {
    const post = (p: string, body: unknown) => call('POST', p, { auth: admin, body });
    const presigned = await post('/fs/presign', {
      path: `${m}/direct`,
      fileName: 'one.txt',
      contentType: 'text/plain',
    });
    expect(presigned.status).toBe(200);
    expect(presigned.body.data).toMatchObject({ s3Path: 'direct/one.txt', targetPath: `${m}/direct/one.txt` });
    // Absolute, local storage's too: the v0.7.3 client runs on another origin.
    expect(presigned.body.data.presignedUrl).toMatch(/^https?:\/\//);
    const put = await fetch(presigned.body.data.presignedUrl, {
      method: 'PUT',
      body: 'straight to S3',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    const committed = await post('/fs/presign/commit', {
      targetPath: `${m}/direct/one.txt`,
      mountId: presigned.body.data.mountId,
    });
    expect(committed.body.data).toEqual({ fileName: 'one.txt', targetPath: `${m}/direct/one.txt`, fileSize: 14 });

    const data = new Uint8Array(6 * 1024 * 1024).map((_, i) => i % 251);
    const init = await post('/fs/multipart/init', {
      path: `${m}/direct`,
      fileName: 'big.bin',
      fileSize: data.length,
    });
    expect(init.status).toBe(200);
    expect(init.body.data).toMatchObject({
      key: 'direct/big.bin',
      partCount: 2,
      // Every mount is "S3" to the v0.7.3 client (docs/api-extensions.md §5).
      storage_type: 'S3',
    });
    const parts = [];
    for (const { partNumber, url } of init.body.data.presignedUrls as { partNumber: number; url: string }[]) {
      expect(url).toMatch(/^https?:\/\//);
      const body = data.subarray((partNumber - 1) * 5 * 1024 * 1024, partNumber * 5 * 1024 * 1024);
      const res = await fetch(url, { method: 'PUT', body });
      parts.push({ partNumber, etag: res.headers.get('etag')! });
    }
    const ref = { path: `${m}/direct`, fileName: 'big.bin', uploadId: init.body.data.uploadId };
    expect(
      (await post('/fs/multipart/complete', { ...ref, parts: parts.slice(0, 1), fileSize: data.length })).status,
    ).toBe(400);
    const done = await post('/fs/multipart/complete', { ...ref, parts, fileSize: data.length });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ success: true, size: data.length, s3Path: 'direct/big.bin' });
    const names = (await call('GET', `/fs/list?path=${m}/direct`, { auth: admin })).body.data.items.map(
      (i: { name: string }) => i.name,
    );
    expect(names).toEqual(['big.bin', 'one.txt']);
    const back = await call('GET', `/fs/download?path=${m}/direct/big.bin`, { auth: admin });
    expect(Buffer.from(back.body).equals(Buffer.from(data))).toBe(true);

    const aborted = await post('/fs/multipart/init', { path: `${m}/direct`, fileName: 'gone.bin', fileSize: 10 });
    const abort = await post('/fs/multipart/abort', {
      path: `${m}/direct`,
      fileName: 'gone.bin',
      uploadId: aborted.body.data.uploadId,
    });
    expect(abort.status).toBe(200);

    // A late part of a finished upload finds nothing to write into on local storage (Swift, unlike
    // AWS, still takes a part of a completed upload; it lands in no object).
    if (m === '/disk') {
      const late = await fetch(init.body.data.presignedUrls[0].url, { method: 'PUT', body: 'x' });
      expect(late.status).toBeGreaterThanOrEqual(400);
      expect(late.status).toBeLessThan(500);
    }
  });

  it('keeps writes inside mounts and inside a key’s base path, with the right bit', async () => {
    expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/' } })).status).toBe(403);
    expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/elsewhere/x' } })).status).toBe(404);
    // The app's own names (pending share uploads) are out of reach, even for an admin.
    for (const path of ['/disk/.cloudclip-pending/x', '/disk/.cloudclip-pending/'])
      expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path } })).status, path).toBe(404);
    expect(
      (await call('POST', '/fs/update', { auth: admin, body: { path: '/disk/.cloudclip-x', content: 'x' } })).status,
    ).toBe(404);
    const key = async (permissions: number, basic_path: string) =>
      `ApiKey ${(await call('POST', '/admin/api-keys', { auth: admin, body: { name: `k${permissions}${basic_path}`, permissions, basic_path, expires_at: 'never' } })).body.data.key}`;
    await call('POST', '/fs/mkdir', { auth: admin, body: { path: '/disk/team' } });
    const viewer = await key(256, '/disk/team');
    const uploader = await key(256 | 512 | 4096, '/disk/team');
    expect((await call('POST', '/fs/mkdir', { auth: viewer, body: { path: '/disk/team/a' } })).status).toBe(403);
    expect((await call('POST', '/fs/mkdir', { auth: uploader, body: { path: '/disk/team/a' } })).status).toBe(200);
    const outside = await call('POST', '/fs/mkdir', { auth: uploader, body: { path: '/disk/teamwork' } });
    expect(outside.status).toBe(403);
    expect(outside.body.error.key).toBe('fsOutsideBasePath');
    // One path outside the base path refuses the whole batch before anything is removed.
    const batch = await call('DELETE', '/fs/batch-remove', {
      auth: uploader,
      body: { paths: ['/disk/team/a/', '/disk/other.txt'] },
    });
    expect(batch.status).toBe(403);
    expect(
      ((await call('GET', '/fs/list?path=/disk/team', { auth: admin })).body.data.items as { name: string }[]).map(
        (i) => i.name,
      ),
    ).toEqual(['a']);
  });
});
