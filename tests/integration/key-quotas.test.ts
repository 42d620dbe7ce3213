import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * Per-key quotas through the real doors (issue 32, decision 0034), on SQLite and PostgreSQL: twenty
 * uploads at once that together pass a key's quota store only what fits, WebDAV and the explorer
 * are held to the same limits, refusals name the limit and what is left (in the caller's language),
 * and the key list shows the use. Each rule's detail is app/models/quotas/quotas.test.ts.
 */
const PASSWORD = 'key-quotas-password';
const KB = 1024;
const FILE = 1 | 2 | 256 | 512 | 65536 | 131072; // text, files, mount view and upload, WebDAV
const basic = (key: string) => `Basic ${Buffer.from(`${key}:${key}`).toString('base64')}`;

describe('key quotas through the doors', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const makeKey = async (name: string, quotas: Record<string, number>) => {
    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name, permissions: FILE, expires_at: 'never', basic_path: '/', ...quotas },
    });
    expect(made.status, made.text).toBe(200);
    expect(made.body.data).toMatchObject(quotas);
    return made.body.data.key as string;
  };
  const usageOf = async (name: string) =>
    (await call('GET', '/admin/api-keys', { auth: admin })).body.data.find((k: { name: string }) => k.name === name)
      .usage;

  beforeAll(async () => {
    server = await startServer({ adminPassword: PASSWORD });
    admin = await adminAuth(call, 'admin', PASSWORD);
    await mountLocal(call, admin);
  });
  afterAll(() => server.stop());

  it('lets twenty uploads at once store only the five that fit, and says why to the others', async () => {
    const key = await makeKey('racer', { quota_bytes: 5 * 16 * KB });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('PUT', `/upload-direct/race-${i}.bin`, {
          auth: `ApiKey ${key}`,
          raw: Buffer.alloc(16 * KB, i),
          headers: { 'Content-Type': 'application/octet-stream' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 507)).toHaveLength(15);
    const refused = answers.find((a) => a.status === 507)!;
    expect(refused.body.error).toEqual({ key: 'quotaBytes', params: { max: '80 KB', left: '0 B' } });
    expect(refused.headers.get('retry-after')).toBeNull();
    expect(await usageOf('racer')).toEqual({ stored_bytes: 80 * KB, day_bytes: 80 * KB, day_shares: 5 });
    const files = await call('GET', '/files', { auth: `ApiKey ${key}` });
    expect(files.body.data.files ?? files.body.data).toHaveLength(5);
  });

  it('holds WebDAV and the explorer to the key’s bytes per day, in the caller’s language', async () => {
    const key = await makeKey('syncer', { quota_day_bytes: 24 * KB });
    const put = (name: string, size: number, lang = 'en') =>
      fetch(`${server.url}/dav/local/${name}`, {
        method: 'PUT',
        headers: { Authorization: basic(key), 'Accept-Language': lang },
        body: Buffer.alloc(size, 7),
      });
    expect((await put('a.bin', 16 * KB)).status).toBe(201);
    const refused = await put('b.bin', 16 * KB);
    expect(refused.status).toBe(507);
    expect(await refused.text()).toContain('8 KB left of 24 KB today');
    expect((await fetch(`${server.url}/dav/local/b.bin`, { headers: { Authorization: basic(key) } })).status).toBe(404);

    const form = new FormData();
    form.set('path', '/local/');
    form.set('file', new Blob([Buffer.alloc(9 * KB)]), 'c.bin');
    const upload = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${key}`, 'Accept-Language': 'zh-CN' },
      body: form,
    });
    expect(upload.status).toBe(507);
    const body = await upload.json();
    expect(body.error.key).toBe('quotaDayBytes');
    expect(body.message).toContain('今天剩余');
    expect(await usageOf('syncer')).toMatchObject({ day_bytes: 16 * KB, stored_bytes: 0 });
  });

  it('clears a quota with null, and keeps the others', async () => {
    await makeKey('changer', { quota_bytes: 100, quota_day_shares: 3 });
    const id = (await call('GET', '/admin/api-keys', { auth: admin })).body.data.find(
      (k: { name: string }) => k.name === 'changer',
    ).id;
    const changed = await call('PUT', `/admin/api-keys/${id}`, { auth: admin, body: { quota_bytes: null } });
    expect(changed.status, changed.text).toBe(200);
    const after = (await call('GET', '/admin/api-keys', { auth: admin })).body.data.find(
      (k: { name: string }) => k.name === 'changer',
    );
    expect(after).toMatchObject({ quota_bytes: null, quota_day_shares: 3, quota_day_bytes: null });
    const bad = await call('PUT', `/admin/api-keys/${id}`, { auth: admin, body: { quota_bytes: -1 } });
    expect(bad.status).toBe(400);
  });
});
