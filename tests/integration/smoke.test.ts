import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';

/**
 * One real request of every API family and door, each checked for its answer, on one server: the
 * Node 24 pass of `npm test` runs this against the image's runtime (tests/passes.ts), where the
 * per-family files run only on the host's Node. The behaviour itself is the other files' to test.
 */
describe('smoke: every door answers', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex');

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  it('health, version and the OpenAPI document', async () => {
    expect((await call('GET', '/health')).status).toBe(200);
    expect((await call('GET', '/version')).body.data.version).toBe('0.7.3');
    expect((await call('GET', '/openapi.json')).body.openapi).toMatch(/^3\./);
  });

  it('a paste: created, viewed through the API and as a page', async () => {
    const made = await call('POST', '/paste', { auth: admin, body: { content: '# smoke\n\ntext' } });
    expect(made.status).toBe(200);
    const viewed = await call('GET', `/paste/${made.body.slug}`);
    expect(viewed.body.content).toBe('# smoke\n\ntext');
    const page = await fetch(`${server.url}/paste/${made.body.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<h1[^>]*>smoke<\/h1>/);
  });

  it('a file share: uploaded as a stream and downloaded byte for byte', async () => {
    const data = randomBytes(2 * 1024 * 1024);
    const put = await call('PUT', '/upload-direct/smoke.bin', { auth: admin, raw: data });
    expect(put.status).toBe(200);
    const download = await call('GET', `/file-download/${put.body.data.slug}`);
    expect(md5(download.body)).toBe(md5(data));
  });

  it('the explorer: a mount, a form upload, a listing, a search and a download', async () => {
    const configs = await call('GET', '/s3-configs', { auth: admin });
    const mount = await call('POST', '/admin/mounts', {
      auth: admin,
      body: { name: 'disk', mount_path: '/disk', storage_config_id: configs.body.data[0].id, storage_type: 'S3' },
    });
    expect(mount.status).toBe(200);
    const form = new FormData();
    form.append('path', '/disk/');
    form.append('file', new Blob([Buffer.from('explorer smoke')]), 'smoke-note.txt');
    const upload = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: admin },
      body: form,
    });
    expect(upload.status).toBe(200);
    const listing = await call('GET', '/fs/list?path=/disk/', { auth: admin });
    expect(listing.body.data.items.map((i: { name: string }) => i.name)).toContain('smoke-note.txt');
    const found = await call('GET', '/fs/search?q=smoke-note', { auth: admin });
    expect(found.body.data.results.map((r: { path: string }) => r.path)).toEqual(['/disk/smoke-note.txt']);
    const download = await call('GET', '/fs/download?path=/disk/smoke-note.txt', { auth: admin });
    expect(download.text).toBe('explorer smoke');
  });

  it('WebDAV: a PUT, a PROPFIND and a GET', async () => {
    const basic = `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
    const dav = (method: string, path: string, init: RequestInit = {}) =>
      fetch(`${server.url}/dav${path}`, { method, ...init, headers: { Authorization: basic, ...init.headers } });
    expect((await dav('PUT', '/disk/dav-smoke.txt', { body: 'over webdav' })).status).toBe(201);
    const listed = await dav('PROPFIND', '/disk/', { headers: { Depth: '1' } });
    expect(listed.status).toBe(207);
    expect(await listed.text()).toContain('dav-smoke.txt');
    expect(await (await dav('GET', '/disk/dav-smoke.txt')).text()).toBe('over webdav');
  });

  it('the admin side: keys, settings and the dashboard', async () => {
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'smoke', permissions: 1, expires_at: 'never' },
    });
    expect(key.status).toBe(200);
    const asKey = await call('POST', '/paste', { auth: `ApiKey ${key.body.data.key}`, body: { content: 'by key' } });
    expect(asKey.body.authorizedBy).toBe('apikey');
    expect((await call('GET', '/admin/settings?group=1', { auth: admin })).status).toBe(200);
    const stats = await call('GET', '/admin/dashboard/stats', { auth: admin });
    expect(stats.body.data.totalPastes).toBeGreaterThanOrEqual(2);
  });
});
