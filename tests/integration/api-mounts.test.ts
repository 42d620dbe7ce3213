import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { createTestBucket, s3ConfigBody, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';

/** Mount management and the mounts a key may browse (docs/product/api.md §2.10 and docs/product/api.md §3.6), through the real app. */
describe('mounts API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  let localId: string;
  let privateS3Id: string;
  const call = apiClient(() => server.url);
  const mount = (body: Record<string, unknown>) =>
    call('POST', '/admin/mounts', { auth: admin, body: { storage_type: 'S3', storage_config_id: localId, ...body } });
  const key = async (permissions: number, basic_path = '/') =>
    `ApiKey ${(await call('POST', '/admin/api-keys', { auth: admin, body: { name: `k${Math.random()}`, permissions, basic_path, expires_at: 'never' } })).body.data.key}`;

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    bucket = await createTestBucket('mounts');
    localId = (await call('GET', '/s3-configs', { auth: admin })).body.data[0].id;
    privateS3Id = (
      await call('POST', '/s3-configs', {
        auth: admin,
        body: s3ConfigBody(bucket, { name: 'Private', is_public: false }),
      })
    ).body.data.id;
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  it('creates a mount on the embedded local storage with every field of the contract', async () => {
    const created = await mount({
      name: 'Team docs',
      mount_path: '/team/docs',
      remark: 'shared',
      cache_ttl: 60,
      sign_expires: null,
    });
    expect(created.status).toBe(200);
    expect(created.body.code).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Team docs',
      mount_path: '/team/docs',
      // The one type the v0.7.3 client knows, on local storage too (its config says what it is).
      storage_type: 'S3',
      storage_config_id: localId,
      remark: 'shared',
      is_active: 1,
      sort_order: 0,
      cache_ttl: 60,
      web_proxy: 0,
      // New mounts stream WebDAV GETs (docs/api-extensions.md §4).
      webdav_policy: 'native_proxy',
      enable_sign: 0,
      // null is "use the global setting", never 0 ("never expires").
      sign_expires: null,
      last_used: null,
    });
    const id = created.body.data.id;
    await call('PUT', `/admin/mounts/${id}`, { auth: admin, body: { sign_expires: 600 } });
    expect((await call('GET', `/admin/mounts/${id}`, { auth: admin })).body.data.sign_expires).toBe(600);
    await call('PUT', `/admin/mounts/${id}`, { auth: admin, body: { sign_expires: null } });
    expect((await call('GET', `/admin/mounts/${id}`, { auth: admin })).body.data.sign_expires).toBeNull();
    expect(created.body.data.created_at).toMatch(/Z$/);
  });

  it('refuses what docs/product/spec.md §5 refuses, with the reason', async () => {
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ name: 'x', mount_path: 'no-slash' }, 400, 'mountPathInvalid'],
      [{ name: 'x', mount_path: '/a b' }, 400, 'mountPathInvalid'],
      [{ name: 'x', mount_path: '/a/' }, 400, 'mountPathInvalid'],
      [{ name: 'x', mount_path: '/a/../b' }, 400, 'mountPathInvalid'],
      [{ name: 'x', mount_path: '/' }, 400, 'mountPathReserved'],
      [{ name: 'x', mount_path: '/api' }, 400, 'mountPathReserved'],
      [{ name: '', mount_path: '/ok' }, 400, 'mountNameRequired'],
      [{ name: 'n'.repeat(51), mount_path: '/ok' }, 400, 'mountNameTooLong'],
      [{ name: 'x', mount_path: '/ok', cache_ttl: 86_401 }, 400, 'cacheTtlInvalid'],
      [{ name: 'x', mount_path: '/ok', cache_ttl: -1 }, 400, 'cacheTtlInvalid'],
      [{ name: 'x', mount_path: '/ok', sort_order: 1.5 }, 400, 'sortOrderInvalid'],
      [{ name: 'x', mount_path: '/ok', storage_config_id: 'missing' }, 400, 'mountStorageMissing'],
      [{ name: 'x', mount_path: '/team/docs' }, 409, 'mountPathTaken'],
    ];
    for (const [body, status, messageKey] of refusals) {
      const res = await mount(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.key, JSON.stringify(body)).toBe(messageKey);
    }
    expect((await mount({ name: 'x', mount_path: '/team/docs' })).body.message).toBe('挂载路径已被使用');
    expect((await mount({ name: '中文', mount_path: '/团队-1/资料_2' })).status).toBe(200);
  });

  it('lists all mounts in order for admins, edits a subset of fields, deletes once', async () => {
    const b = (await mount({ name: 'B', mount_path: '/order-b', sort_order: 1 })).body.data;
    const a = (await mount({ name: 'A', mount_path: '/order-a', sort_order: 1, is_active: false })).body.data;
    const list = (await call('GET', '/admin/mounts', { auth: admin })).body.data as {
      id: string;
      sort_order: number;
    }[];
    const ids = list.map((m) => m.id);
    expect(ids.indexOf(a.id)).toBe(ids.indexOf(b.id) - 1); // same sort order: by name
    expect(list.filter((m) => m.sort_order === 0).length).toBeGreaterThan(0);

    const put = await call('PUT', `/admin/mounts/${b.id}`, {
      auth: admin,
      body: { remark: 'edited', web_proxy: true, unknown_column: 'ignored' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toBeUndefined();
    const after = (await call('GET', `/admin/mounts/${b.id}`, { auth: admin })).body.data;
    expect(after).toMatchObject({ remark: 'edited', web_proxy: 1, name: 'B', mount_path: '/order-b' });
    expect(
      (await call('PUT', `/admin/mounts/${b.id}`, { auth: admin, body: { mount_path: '/team/docs' } })).status,
    ).toBe(409);

    expect((await call('DELETE', `/admin/mounts/${b.id}`, { auth: admin })).status).toBe(200);
    const again = await call('DELETE', `/admin/mounts/${b.id}`, { auth: admin });
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('挂载点不存在');
    expect((await call('GET', `/admin/mounts/${b.id}`, { auth: admin })).status).toBe(404);
  });

  it('shows a key the active mounts on public storage inside or on the way to its base path', async () => {
    const inside = (await mount({ name: 'Inside', mount_path: '/team/docs/deep' })).body.data;
    const beside = (await mount({ name: 'Beside', mount_path: '/teammate' })).body.data;
    const hidden = (await mount({ name: 'Private S3', mount_path: '/team/private', storage_config_id: privateS3Id }))
      .body.data;
    const viewer = await key(256, '/team/docs');
    const visible = (await call('GET', '/user/mounts', { auth: viewer })).body.data as {
      id: string;
      mount_path: string;
      is_public: number;
    }[];
    const paths = visible.map((m) => m.mount_path);
    expect(paths).toContain('/team/docs');
    expect(paths).toContain('/team/docs/deep');
    expect(paths).not.toContain('/teammate');
    expect(paths).not.toContain('/team/private');
    expect(visible.every((m) => m.is_public === 1)).toBe(true);

    expect((await call('GET', `/user/mounts/${inside.id}`, { auth: viewer })).status).toBe(200);
    const outside = await call('GET', `/user/mounts/${beside.id}`, { auth: viewer });
    expect(outside.status).toBe(403);
    expect(outside.body.error.key).toBe('mountOutsideBasePath');
    expect((await call('GET', `/user/mounts/${hidden.id}`, { auth: viewer })).status).toBe(403);

    // Admins get every active mount; inactive ones are invisible to /user/mounts.
    const all = (await call('GET', '/user/mounts', { auth: admin })).body.data as { mount_path: string }[];
    expect(all.map((m) => m.mount_path)).toEqual(expect.arrayContaining(['/teammate', '/team/private']));
    expect(all.map((m) => m.mount_path)).not.toContain('/order-a');
  });

  it('keeps keys out of mount management, and needs MOUNT_VIEW to browse', async () => {
    const viewer = await key(256);
    const textOnly = await key(1);
    expect((await call('GET', '/admin/mounts', { auth: viewer })).status).toBe(403);
    expect((await call('POST', '/admin/mounts', { auth: viewer, body: { name: 'x', mount_path: '/x' } })).status).toBe(
      403,
    );
    expect((await call('GET', '/user/mounts', { auth: textOnly })).status).toBe(403);
    expect((await call('GET', '/user/mounts')).status).toBe(401);
  });

  it('a storage config with mounts cannot be deleted', async () => {
    const res = await call('DELETE', `/s3-configs/${privateS3Id}`, { auth: admin });
    expect(res.status).toBe(409);
    expect(res.body.error.key).toBe('storageMounted');
  });
});
