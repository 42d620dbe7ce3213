import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/**
 * Browsing mounted storage through /api/fs (docs/product/api.md §3.10: list, get, download) on the
 * embedded local storage and on a real S3 server, with objects another program put there.
 */
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

describe('fs browse API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);
  const photo = randomBytes(300_000);

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('fs-browse');
    const localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    const s3Id = (
      await call('POST', '/s3-configs', {
        auth: admin,
        body: s3ConfigBody(bucket, { name: 'Team S3', is_public: true }),
      })
    ).body.data.id;
    const mount = (name: string, mount_path: string, storage_config_id: string, cache_ttl = 0) =>
      call('POST', '/admin/mounts', {
        auth: admin,
        body: { name, mount_path, storage_config_id, storage_type: 'S3', cache_ttl },
      });
    expect((await mount('Local', '/local', localId, 300)).status).toBe(200);
    expect((await mount('Team', '/team/s3', s3Id)).status).toBe(200);

    // Objects another program put there.
    const storage = path.join(server.dataDir, 'storage');
    fs.mkdirSync(path.join(storage, 'pics'), { recursive: true });
    fs.writeFileSync(path.join(storage, 'pics', 'photo.jpg'), photo);
    fs.writeFileSync(path.join(storage, 'readme.md'), '# Local');
    fs.mkdirSync(path.join(storage, '.cloudclip-pending'), { recursive: true });
    fs.writeFileSync(path.join(storage, '.cloudclip-pending', 'x'), 'internal');
    const put = (Key: string, Body: string | Uint8Array) =>
      bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body }));
    await put('docs/plan.txt', 'the plan');
    await put('docs/empty/', '');
    await put('other.txt', 'not for the key');
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  it('lists virtual folders above the mounts, then the mounts themselves', async () => {
    const root = await call('GET', '/fs/list?path=/', { auth: admin });
    expect(root.status).toBe(200);
    expect(root.body.data).toMatchObject({ path: '/', isVirtual: true });
    expect(root.body.data.items).toEqual([
      expect.objectContaining({ name: 'local', path: '/local/', isMount: true, storageType: 'S3' }),
      { name: 'team', path: '/team/', isDirectory: true, isVirtual: true },
    ]);
    const team = await call('GET', '/fs/list?path=/team', { auth: admin });
    expect(team.body.data.items).toEqual([expect.objectContaining({ name: 's3', isMount: true, storageType: 'S3' })]);
    expect((await call('GET', '/fs/list?path=/nowhere', { auth: admin })).status).toBe(404);
  });

  it('lists a directory: folders first (empty ones too), files with size and ETag, internal names hidden', async () => {
    const lastUsed = async () =>
      (
        (await call('GET', '/admin/mounts', { auth: admin })).body.data as {
          mount_path: string;
          last_used: string | null;
        }[]
      ).find((m) => m.mount_path === '/local')!.last_used;
    expect(await lastUsed()).toBeNull();
    const local = (await call('GET', '/fs/list?path=/local', { auth: admin })).body.data;
    // Using a mount marks it used (docs/product/api.md §2.10), without holding up the listing.
    await expect.poll(lastUsed).not.toBeNull();
    // A local mount is "S3" to the v0.7.3 client too (docs/api-extensions.md §5).
    expect(local).toMatchObject({ path: '/local', isVirtual: false, storage_type: 'S3' });
    expect(local.items.map((i: { name: string }) => i.name)).toEqual(['pics', 'readme.md']);
    const s3 = (await call('GET', '/fs/list?path=/team/s3/docs/', { auth: admin })).body.data;
    expect(s3.items).toEqual([
      expect.objectContaining({ name: 'empty', path: '/team/s3/docs/empty/', isDirectory: true }),
      expect.objectContaining({ name: 'plan.txt', path: '/team/s3/docs/plan.txt', isDirectory: false, size: 8 }),
    ]);
    expect(s3.items[1].etag).toBeTruthy();
  });

  it('caches a listing for the mount TTL, and a change of the mount drops it', async () => {
    const storage = path.join(server.dataDir, 'storage');
    fs.writeFileSync(path.join(storage, 'late.txt'), 'written behind the app');
    const names = async () =>
      ((await call('GET', '/fs/list?path=/local', { auth: admin })).body.data.items as { name: string }[]).map(
        (i) => i.name,
      );
    expect(await names()).not.toContain('late.txt'); // the cached listing (TTL 300 s)
    const mounts = (await call('GET', '/admin/mounts', { auth: admin })).body.data as {
      id: string;
      mount_path: string;
    }[];
    const id = mounts.find((m) => m.mount_path === '/local')!.id;
    await call('PUT', `/admin/mounts/${id}`, { auth: admin, body: { cache_ttl: 0 } });
    expect(await names()).toContain('late.txt');
  });

  it('gets a file with working preview and download URLs, or a folder', async () => {
    for (const [p, expected] of [
      ['/local/pics/photo.jpg', photo],
      ['/team/s3/docs/plan.txt', Buffer.from('the plan')],
    ] as const) {
      const got = await call('GET', `/fs/get?path=${encodeURIComponent(p)}`, { auth: admin });
      expect(got.status, p).toBe(200);
      expect(got.body.data).toMatchObject({ path: p, isDirectory: false, size: expected.length });
      for (const url of [got.body.data.preview_url, got.body.data.download_url]) {
        const res = await fetch(url);
        expect(res.status, url).toBe(200);
        expect(md5(new Uint8Array(await res.arrayBuffer()))).toBe(md5(expected));
      }
    }
    const folder = await call('GET', '/fs/get?path=/team/s3/docs', { auth: admin });
    expect(folder.body.data).toMatchObject({ isDirectory: true, contentType: 'application/x-directory' });
    // An empty folder named without its trailing "/" is a folder too (it holds nothing to look at).
    for (const mount of ['/local', '/team/s3']) {
      expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: `${mount}/hollow/` } })).status).toBe(200);
      const hollow = await call('GET', `/fs/get?path=${mount}/hollow`, { auth: admin });
      expect(hollow.status, mount).toBe(200);
      expect(hollow.body.data).toMatchObject({ path: `${mount}/hollow`, isDirectory: true });
    }
    expect((await call('GET', '/fs/get?path=/local/none.txt', { auth: admin })).status).toBe(404);
  });

  it('downloads through the app with ranges', async () => {
    const whole = await call('GET', '/fs/download?path=/local/pics/photo.jpg', { auth: admin, raw: undefined });
    expect(whole.status).toBe(200);
    expect(md5(whole.body)).toBe(md5(photo));
    const part = await call('GET', '/fs/download?path=/local/pics/photo.jpg', {
      auth: admin,
      headers: { Range: 'bytes=10-19' },
    });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.body).equals(photo.subarray(10, 20))).toBe(true);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment/);
    // The explorer's previews: inline where that is safe, active content still an attachment.
    const shown = await call('GET', '/fs/download?path=/local/pics/photo.jpg&inline=true', { auth: admin });
    expect(shown.headers.get('content-disposition')).toMatch(/^inline/);
    await call('POST', '/fs/update', {
      auth: admin,
      body: { path: '/local/page.html', content: '<script>x()</script>' },
    });
    const html = await call('GET', '/fs/download?path=/local/page.html&inline=true', { auth: admin });
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
    await call('DELETE', '/fs/batch-remove', { auth: admin, body: { paths: ['/local/page.html'] } });
    expect((await call('GET', '/fs/download?path=/local/pics/', { auth: admin })).status).toBe(400);
    expect((await call('GET', '/fs/download?path=/local/pics/photo.jpg')).status).toBe(401);
  });

  it('keeps a key to its base path, by segment, however the path is spelled', async () => {
    const created = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'docs-only', permissions: 256, basic_path: '/team/s3/docs', expires_at: 'never' },
    });
    const key = `ApiKey ${created.body.data.key}`;
    const list = async (p: string) => call('GET', `/fs/list?path=${encodeURIComponent(p)}`, { auth: key });
    expect((await list('/')).body.data.items.map((i: { name: string }) => i.name)).toEqual(['team']);
    expect((await list('/team/s3')).body.data.items.map((i: { name: string }) => i.name)).toEqual(['docs']);
    expect((await list('/team/s3/docs')).status).toBe(200);
    expect((await list('/local')).status).toBe(403);
    const get = (p: string) => call('GET', `/fs/get?path=${p}`, { auth: key });
    expect((await get('/team/s3/other.txt')).status).toBe(403);
    expect((await get('/team/s3/docs/plan.txt')).status).toBe(200);
    for (const attack of [
      '/team/s3/docs/../other.txt',
      '/team/s3/docs/%252e%252e/other.txt',
      '/team/s3/docs/%25252e%25252e/other.txt',
      '/team/s3/docs%2F..%2Fother.txt',
    ]) {
      const res = await get(attack);
      expect([400, 403], attack).toContain(res.status);
    }
    const noView = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'text-only', permissions: 1, expires_at: 'never' },
    });
    expect((await call('GET', '/fs/list?path=/', { auth: `ApiKey ${noView.body.data.key}` })).status).toBe(403);
  });

  it('makes expiring direct links and file shares of mounted files; removing the share keeps the file', async () => {
    for (const p of ['/local/pics/photo.jpg', '/team/s3/docs/plan.txt']) {
      const link = await call('GET', `/fs/file-link?path=${encodeURIComponent(p)}&expires_in=60&force_download=true`, {
        auth: admin,
      });
      expect(link.status, p).toBe(200);
      expect(link.body.data).toMatchObject({ success: true, expiresIn: 60, forceDownload: true });
      const direct = await fetch(link.body.data.presignedUrl);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-disposition')).toMatch(/^attachment/);
    }
    expect((await call('GET', '/fs/file-link?path=/team/s3/docs', { auth: admin })).status).toBe(400);

    const shared = await call('POST', '/fs/create-share', { auth: admin, body: { path: '/local/pics/photo.jpg' } });
    expect(shared.status).toBe(200);
    const { slug, fileId } = shared.body.data;
    expect(shared.body.data).toMatchObject({
      success: true,
      filename: 'photo.jpg',
      size: photo.length,
      url: `/file/${slug}`,
    });
    const viaShare = await call('GET', `/file-download/${slug}`);
    expect(md5(viaShare.body)).toBe(md5(photo));
    // Visitors never see the internal path: the share has no remark unless someone writes one.
    const publicInfo = await call('GET', `/public/files/${slug}`);
    expect(publicInfo.body.data.remark).toBeNull();
    expect(publicInfo.text).not.toContain('/local/pics');
    expect(
      (await call('DELETE', '/files/batch-delete', { auth: admin, body: { ids: [fileId], delete_mode: 'both' } }))
        .status,
    ).toBe(200);
    expect((await call('GET', `/file-download/${slug}`)).status).toBe(404);
    const still = await call('GET', '/fs/download?path=/local/pics/photo.jpg', { auth: admin });
    expect(md5(still.body)).toBe(md5(photo));
    // A folder is a folder share (issue 30; tests/integration/folder-shares.test.ts).
    const folder = await call('POST', '/fs/create-share', { auth: admin, body: { path: '/local/pics/' } });
    expect(folder.body.data).toMatchObject({ kind: 'folder', filename: 'pics' });

    // The upload page's options (docs/api-extensions.md §5): slug, password, expiry, view limit, remark.
    const guarded = await call('POST', '/fs/create-share', {
      auth: admin,
      body: {
        path: '/local/pics/photo.jpg',
        slug: 'pics-photo',
        password: 'hunter22',
        expires_in: 2,
        max_views: 3,
        remark: 'Our photo',
      },
    });
    expect(guarded.status).toBe(200);
    expect(guarded.body.data.slug).toBe('pics-photo');
    const locked = await call('GET', '/public/files/pics-photo');
    expect(locked.status).toBe(200);
    expect(locked.body.data).toMatchObject({ requires_password: true, max_views: 3, remark: 'Our photo' });
    const expires = Date.parse(locked.body.data.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(1.9 * 3600_000);
    expect(expires).toBeLessThanOrEqual(2 * 3600_000);
    expect((await call('GET', '/file-download/pics-photo')).status).toBe(401);
    const unlocked = await call('POST', '/public/files/pics-photo/verify', { body: { password: 'hunter22' } });
    expect(unlocked.status).toBe(200);
    // A slug in use is a conflict at its field, never a replaced share.
    const taken = await call('POST', '/fs/create-share', {
      auth: admin,
      body: { path: '/local/pics/photo.jpg', slug: 'pics-photo' },
    });
    expect(taken.status).toBe(409);
    expect(
      (await call('POST', '/fs/create-share', { auth: admin, body: { path: '/local/pics/photo.jpg', max_views: -1 } }))
        .status,
    ).toBe(400);
  });

  it('clears cached listings on request and reports the cache statistics', async () => {
    const mounts = (await call('GET', '/admin/mounts', { auth: admin })).body.data as {
      id: string;
      mount_path: string;
    }[];
    const localMount = mounts.find((m) => m.mount_path === '/local')!.id;
    await call('PUT', `/admin/mounts/${localMount}`, { auth: admin, body: { cache_ttl: 300 } });
    const names = async () =>
      ((await call('GET', '/fs/list?path=/local', { auth: admin })).body.data.items as { name: string }[]).map(
        (i) => i.name,
      );
    await names();
    await names(); // a hit
    fs.writeFileSync(path.join(server.dataDir, 'storage', 'after-clear.txt'), 'x');
    expect(await names()).not.toContain('after-clear.txt');
    const cleared = await call('POST', '/user/cache/clear', { auth: admin, body: { mountId: localMount } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.clearedCount).toBe(1);
    expect(cleared.body.message).toBe('缓存清理成功，共清理 1 项');
    expect(await names()).toContain('after-clear.txt');

    const stats = await call('GET', '/admin/cache/stats', { auth: admin });
    expect(stats.body.data.cache.directory).toMatchObject({ name: 'directory', cacheSize: 1 });
    expect(stats.body.data.cache.directory.hits).toBeGreaterThanOrEqual(2);
    expect(stats.body.data.cache.directory.hitRate).toBeGreaterThan(0);
    expect(stats.body.data.system.memory.rss).toBeGreaterThan(10);

    const viewer = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'cache-viewer', permissions: 256, expires_at: 'never' },
    });
    const key = `ApiKey ${viewer.body.data.key}`;
    expect((await call('POST', '/user/cache/clear', { auth: key })).status).toBe(200);
    expect((await call('GET', '/admin/cache/stats', { auth: key })).status).toBe(403);
    expect((await call('POST', '/admin/cache/clear', { auth: key })).status).toBe(403);
  });

  it('serves web-proxy mounts at /api/p, with signatures when the mount wants them', async () => {
    const mounts = (await call('GET', '/admin/mounts', { auth: admin })).body.data as {
      id: string;
      mount_path: string;
    }[];
    const team = mounts.find((m) => m.mount_path === '/team/s3')!.id;
    const plainPath = '/api/p/team/s3/docs/plan.txt';
    expect((await fetch(`${server.url}${plainPath}`)).status).toBe(404); // not a web-proxy mount yet

    // Signing every proxy link is the default (proxy_sign_all); first without it.
    await call('POST', '/admin/proxy-sign-settings', { auth: admin, body: { signAll: false, expires: 0 } });
    await call('PUT', `/admin/mounts/${team}`, { auth: admin, body: { web_proxy: true } });
    const open = await call('GET', '/fs/get?path=/team/s3/docs/plan.txt', { auth: admin });
    expect(open.body.data.preview_url).toBe(`${server.url}${plainPath}`);
    const anonymous = await fetch(open.body.data.preview_url);
    expect(anonymous.status).toBe(200);
    expect(await anonymous.text()).toBe('the plan');
    const download = await fetch(open.body.data.download_url);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);

    await call('PUT', `/admin/mounts/${team}`, { auth: admin, body: { enable_sign: true, sign_expires: 600 } });
    const signed = await call('GET', '/fs/get?path=/team/s3/docs/plan.txt', { auth: admin });
    const url = new URL(signed.body.data.preview_url);
    expect(url.searchParams.get('sign')).toMatch(/^[A-Za-z0-9+/=]+:\d+$/);
    expect((await fetch(url)).status).toBe(200);
    const unsigned = await fetch(`${server.url}${plainPath}`);
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { code: number }).code).toBe(401);
    url.searchParams.set('sign', `${'A'.repeat(44)}:0`);
    expect((await fetch(url)).status).toBe(401);
    // A signature is for its own path only.
    const other = new URL(`${server.url}/api/p/team/s3/other.txt`);
    other.searchParams.set('sign', new URL(signed.body.data.preview_url).searchParams.get('sign')!);
    expect((await fetch(other)).status).toBe(401);
    expect((await fetch(`${server.url}/api/p/team/s3/docs/%E0%A4%A`)).status).toBe(400);
    await call('PUT', `/admin/mounts/${team}`, { auth: admin, body: { enable_sign: false } });
    await call('POST', '/admin/proxy-sign-settings', { auth: admin, body: { signAll: true, expires: 0 } });
    expect((await fetch(`${server.url}${plainPath}`)).status).toBe(401); // signed by default again
    await call('PUT', `/admin/mounts/${team}`, { auth: admin, body: { web_proxy: false } });
  });
});
