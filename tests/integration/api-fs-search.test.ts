import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * GET /api/fs/search (docs/product/api.md §3.10) over the search index (docs/architecture.md §9)
 * on local disk and on Swift: writes through /api/fs show at once, renames and deletes drop the old
 * path at once, changes made behind the app's back show after a listing or a rescan, and a key
 * never finds anything outside its base path.
 */
describe('fs search API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  const mountIds: Record<string, string> = {};
  const call = apiClient(() => server.url);
  const post = (p: string, body: unknown, auth = admin) => call('POST', p, { auth, body });
  const search = (params: Record<string, string>, auth = admin) =>
    call('GET', `/fs/search?${new URLSearchParams(params)}`, { auth });
  const found = async (q: string, extra: Record<string, string> = {}, auth = admin) => {
    const answer = await search({ q, ...extra }, auth);
    expect(answer.status).toBe(200);
    return (answer.body.data.results as { path: string }[]).map((r) => r.path);
  };
  const upload = async (dir: string, name: string, bytes: Uint8Array<ArrayBuffer>) => {
    const form = new FormData();
    form.append('path', dir);
    form.append('file', new Blob([bytes]), name);
    const answer = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: admin },
      body: form,
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('fs-search');
    Object.assign(mountIds, await mountDiskAndBucket(call, admin, bucket));
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  describe.each(['/disk', '/bucket'])('on %s', (m) => {
    it('finds an uploaded file at once, with its details', async () => {
      expect(await found('quarterly')).toEqual([]);
      expect((await post('/fs/mkdir', { path: `${m}/docs/` })).status).toBe(200);
      await upload(`${m}/docs/`, 'Quarterly Report.pdf', new Uint8Array(1234).fill(1));
      const answer = await search({ q: 'QUARTERLY' });
      expect(answer.body.data).toMatchObject({
        total: 1,
        hasMore: false,
        searchParams: { query: 'QUARTERLY', scope: 'global', limit: 50, offset: 0 },
        mountsSearched: 2,
      });
      expect(answer.body.data.results[0]).toMatchObject({
        name: 'Quarterly Report.pdf',
        path: `${m}/docs/Quarterly Report.pdf`,
        size: 1234,
        isDirectory: false,
        contentType: 'application/pdf',
        mount_id: mountIds[m],
        mount_name: m,
        s3_key: 'docs/Quarterly Report.pdf',
      });
      // The index also gives folders their size in a listing (all the bytes under them).
      const listed = await call('GET', `/fs/list?path=${m}`, { auth: admin });
      expect(listed.body.data.items.find((i: { name: string }) => i.name === 'docs')).toMatchObject({
        isDirectory: true,
        size: 1234,
      });
      // Folders are found too, marked as such.
      expect(await found('docs', { scope: 'mount', mount_id: mountIds[m]! })).toEqual([`${m}/docs/`]);
    });

    it('finds 2-character Chinese names, and refuses a 1-character query', async () => {
      expect((await post('/fs/update', { path: `${m}/docs/年度报告.txt`, content: '内容' })).status).toBe(200);
      expect(await found('报告', { scope: 'mount', mount_id: mountIds[m]! })).toEqual([`${m}/docs/年度报告.txt`]);
      expect(await found('年度报告', { scope: 'mount', mount_id: mountIds[m]! })).toEqual([`${m}/docs/年度报告.txt`]);
      const short = await search({ q: '报' });
      expect(short.status).toBe(400);
      expect(short.body.error.key).toBe('searchQueryTooShort');
    });

    it('drops the old path right after a rename or a delete', async () => {
      const rename = (oldPath: string, newPath: string) => post('/fs/rename', { oldPath, newPath });
      expect((await rename(`${m}/docs/Quarterly Report.pdf`, `${m}/docs/Annual Summary.pdf`)).status).toBe(200);
      expect(await found('quarterly')).toEqual([]);
      expect(await found('annual summ', { scope: 'mount', mount_id: mountIds[m]! })).toEqual([
        `${m}/docs/Annual Summary.pdf`,
      ]);
      // A folder rename moves everything under it.
      expect((await rename(`${m}/docs/`, `${m}/papers/`)).status).toBe(200);
      const scope = { scope: 'mount', mount_id: mountIds[m]! };
      expect(await found('annual', scope)).toEqual([`${m}/papers/Annual Summary.pdf`]);
      expect(await found('报告', scope)).toEqual([`${m}/papers/年度报告.txt`]);
      expect(await found('docs', scope)).toEqual([]);
      const removed = await call('DELETE', '/fs/batch-remove', { auth: admin, body: { paths: [`${m}/papers/`] } });
      expect(removed.body.data.success).toBe(1);
      expect(await found('annual', scope)).toEqual([]);
      expect(await found('报告', scope)).toEqual([]);
    });

    it('ranks the exact name first, then names starting with the query, then the newest', async () => {
      expect((await post('/fs/mkdir', { path: `${m}/rank/` })).status).toBe(200);
      for (const name of ['my-note.txt', 'note', 'old-note.txt', 'notes.md'])
        expect((await post('/fs/update', { path: `${m}/rank/${name}`, content: name })).status).toBe(200);
      expect(await found('note', { scope: 'directory', path: `${m}/rank` })).toEqual([
        `${m}/rank/note`,
        `${m}/rank/notes.md`,
        `${m}/rank/old-note.txt`,
        `${m}/rank/my-note.txt`,
      ]);
      const first = await search({ q: 'note', scope: 'directory', path: `${m}/rank`, limit: '3' });
      expect(first.body.data).toMatchObject({ total: 4, hasMore: true });
      const rest = await search({ q: 'note', scope: 'directory', path: `${m}/rank`, limit: '3', offset: '3' });
      expect(rest.body.data).toMatchObject({ total: 4, hasMore: false });
      expect(rest.body.data.results.map((r: { name: string }) => r.name)).toEqual(['my-note.txt']);
    });
  });

  it('finds files written behind the app once their folder is listed, and after a rescan', async () => {
    const local = path.join(server.dataDir, 'storage', 'outside');
    fs.mkdirSync(local, { recursive: true });
    fs.writeFileSync(path.join(local, 'dropped-in.log'), 'x');
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: 'outside/dropped-in.log', Body: 'y' }));
    expect(await found('dropped-in')).toEqual([]);
    // Listing the folder reconciles it with the index.
    expect((await call('GET', '/fs/list?path=/disk/outside', { auth: admin })).status).toBe(200);
    expect(await found('dropped-in')).toEqual(['/disk/outside/dropped-in.log']);
    // A rescan finds the rest, and sweeps what went away behind the app.
    fs.rmSync(local, { recursive: true });
    for (const m of ['/disk', '/bucket']) {
      const started = await post(`/admin/fs-index/${mountIds[m]}`, { mode: 'update' });
      expect(started.body).toMatchObject({ code: 202, success: true });
      await expect
        .poll(async () => (await call('GET', '/admin/fs-index', { auth: admin })).body.data[mountIds[m]!]?.status)
        .toBe('completed');
    }
    expect(await found('dropped-in')).toEqual(['/bucket/outside/dropped-in.log']);
    const status = (await call('GET', '/admin/fs-index', { auth: admin })).body.data;
    expect(status[mountIds['/bucket']!]).toMatchObject({ status: 'completed', error: null });
    expect(status[mountIds['/bucket']!].entries).toBeGreaterThanOrEqual(2);
    // A rebuild starts from nothing and ends with the same entries.
    await bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.bucket, Key: 'outside/dropped-in.log' }));
    expect((await post(`/admin/fs-index/${mountIds['/bucket']}`, { mode: 'rebuild' })).status).toBe(200);
    await expect
      .poll(async () => (await call('GET', '/admin/fs-index', { auth: admin })).body.data[mountIds['/bucket']!].status)
      .toBe('completed');
    expect(await found('dropped-in')).toEqual([]);
    // Only admins see or drive the index.
    expect((await post(`/admin/fs-index/${mountIds['/disk']}`, { mode: 'sideways' })).status).toBe(400);
    expect((await post('/admin/fs-index/nope', { mode: 'update' })).status).toBe(404);
  });

  it('never answers a key with a path outside its base path, whatever the scope', async () => {
    for (const p of ['/disk/team/', '/disk/team/inner/', '/disk/teammate/'])
      expect((await post('/fs/mkdir', { path: p })).status).toBe(200);
    for (const p of ['/disk/team/inner/plan-a.txt', '/disk/teammate/plan-b.txt', '/bucket/plan-c.txt'])
      expect((await post('/fs/update', { path: p, content: 'plan' })).status).toBe(200);
    expect(await found('plan-')).toHaveLength(3);
    const created = await post('/admin/api-keys', {
      name: 'team-only',
      permissions: 256,
      basic_path: '/disk/team',
      expires_at: 'never',
    });
    const key = `ApiKey ${created.body.data.key}`;
    expect(await found('plan-', {}, key)).toEqual(['/disk/team/inner/plan-a.txt']);
    expect(await found('plan-', { scope: 'directory', path: '/' }, key)).toEqual(['/disk/team/inner/plan-a.txt']);
    expect(await found('plan-', { scope: 'directory', path: '/disk/teammate' }, key)).toEqual([]);
    expect(await found('plan-', { scope: 'mount', mount_id: mountIds['/disk']! }, key)).toEqual([
      '/disk/team/inner/plan-a.txt',
    ]);
    // The other mount is not on the key's way: it is not one it may search.
    const other = await search({ q: 'plan-', scope: 'mount', mount_id: mountIds['/bucket']! }, key);
    expect(other.status).toBe(403);
    // Without MOUNT_VIEW there is no search at all.
    const textOnly = await post('/admin/api-keys', { name: 'text', permissions: 1, expires_at: 'never' });
    expect((await search({ q: 'plan-' }, `ApiKey ${textOnly.body.data.key}`)).status).toBe(403);
    expect((await search({ q: 'plan-', scope: 'sideways' })).status).toBe(400);
  });
});
