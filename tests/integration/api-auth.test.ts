import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { withServerDb } from '../support/server-db';
import { startServer, type RunningServer } from '../support/server';

/** Admin login, probes, password change and API-key administration (docs/product/api.md §3.1–§3.2). */
describe('auth and access keys API', () => {
  let server: RunningServer;
  const bodies: string[] = [];
  const sha = (s: string) => createHash('sha256').update(s).digest('hex');

  const call = apiClient(
    () => server.url,
    (text) => bodies.push(text),
  );
  const login = async (username = 'admin', password = 'test-admin-password') =>
    (await call('POST', '/admin/login', { body: { username, password } })).body.data.token as string;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('POST /admin/login', () => {
    it('returns a 32-character token valid for 24 h, and no success field', async () => {
      const { status, body } = await call('POST', '/admin/login', {
        body: { username: 'admin', password: 'test-admin-password' },
      });
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect(body).not.toHaveProperty('success');
      expect(body.data.username).toBe('admin');
      expect(body.data.token).toMatch(/^[A-Za-z0-9]{32}$/);
      const hours = (new Date(body.data.expiresAt).getTime() - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(23.9);
      expect(hours).toBeLessThanOrEqual(24);
    });
    it('answers 401 for a wrong password or an unknown user, 400 for missing fields or bad JSON', async () => {
      expect(
        (await call('POST', '/admin/login', { body: { username: 'admin', password: 'nope' } })).body,
      ).toMatchObject({
        code: 401,
        message: '用户名或密码错误',
      });
      expect((await call('POST', '/admin/login', { body: { username: 'ghost', password: 'x' } })).status).toBe(401);
      expect((await call('POST', '/admin/login', { body: { username: 'admin' } })).status).toBe(400);
      expect((await call('POST', '/admin/login', { body: { username: 1, password: [] } })).status).toBe(400);
      expect(
        (await call('POST', '/admin/login', { raw: '{"username":', headers: { 'Content-Type': 'application/json' } }))
          .status,
      ).toBe(400);
    });
  });

  describe('probes and logout', () => {
    it('GET /test/admin-token: 200 admin, 401 missing or bad token, 403 for a key', async () => {
      const token = await login();
      expect((await call('GET', '/test/admin-token', { auth: `Bearer ${token}` })).body).toEqual({
        code: 200,
        message: '令牌有效',
        success: true,
      });
      expect((await call('GET', '/test/admin-token')).status).toBe(401);
      expect((await call('GET', '/test/admin-token', { auth: 'Bearer nope' })).status).toBe(401);
      const key = (
        await call('POST', '/admin/api-keys', { auth: `Bearer ${token}`, body: { name: 'probe-key', permissions: 1 } })
      ).body.data.key;
      expect((await call('GET', '/test/admin-token', { auth: `ApiKey ${key}` })).status).toBe(403);
    });
    it('GET /test/api-key answers the key or admin shape', async () => {
      const token = await login();
      const created = (
        await call('POST', '/admin/api-keys', {
          auth: `Bearer ${token}`,
          body: { name: 'shape-key', permissions: { text: true, mount_view: true }, basic_path: '/docs/' },
        })
      ).body.data;
      const asKey = (await call('GET', '/test/api-key', { auth: `ApiKey ${created.key}` })).body;
      expect(asKey.success).toBe(true);
      expect(asKey.data).toEqual({
        name: 'shape-key',
        basic_path: '/docs',
        permissions: {
          text: true,
          file: false,
          mount_view: true,
          mount_upload: false,
          mount_copy: false,
          mount_rename: false,
          mount_delete: false,
          webdav_read: false,
          webdav_manage: false,
        },
        key_info: { id: created.id, name: 'shape-key', basic_path: '/docs' },
      });
      const asAdmin = (await call('GET', '/test/api-key', { auth: `Bearer ${token}` })).body.data;
      expect(asAdmin.is_admin).toBe(true);
      expect(asAdmin.basic_path).toBe('/');
      expect(Object.values(asAdmin.permissions).every((v) => v === true)).toBe(true);
      expect((await call('GET', '/test/api-key')).status).toBe(401);
    });
    it('POST /admin/logout revokes the token', async () => {
      const token = await login();
      const { status, body } = await call('POST', '/admin/logout', { auth: `Bearer ${token}` });
      expect(status).toBe(200);
      expect(body.code).toBe(200);
      expect((await call('GET', '/test/admin-token', { auth: `Bearer ${token}` })).status).toBe(401);
      expect((await call('POST', '/admin/logout')).status).toBe(200);
    });
  });

  describe('API keys', () => {
    let token: string;
    beforeAll(async () => {
      token = await login();
    });
    const admin = () => `Bearer ${token}`;

    it('creates with defaults: HTTP 200 / code 201, role GENERAL, base path /, expiry in one day', async () => {
      const { status, body } = await call('POST', '/admin/api-keys', { auth: admin(), body: { name: '  defaults  ' } });
      expect(status).toBe(200);
      expect(body.code).toBe(201);
      const k = body.data;
      expect(k).toMatchObject({ name: 'defaults', permissions: 0, role: 'GENERAL', basic_path: '/', is_guest: 0 });
      expect(k.key).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(k.key_masked).toBe(`${k.key.slice(0, 6)}...`);
      expect(typeof k.created_at).toBe('string');
      const days = (new Date(k.expires_at).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(0.99);
      expect(days).toBeLessThan(1.01);
    });

    it('accepts a custom key, "never", object permissions; lists newest first with permission names', async () => {
      const { body } = await call('POST', '/admin/api-keys', {
        auth: admin(),
        body: {
          name: 'custom',
          custom_key: 'my_custom-KEY1',
          expires_at: 'never',
          permissions: { file_share: true, webdav_read: true },
          is_guest: 1,
        },
      });
      expect(body.data).toMatchObject({
        key: 'my_custom-KEY1',
        expires_at: '9999-12-31T23:59:59.000Z',
        permissions: 65538,
        is_guest: 1,
      });
      const list = (await call('GET', '/admin/api-keys', { auth: admin() })).body;
      expect(list.success).toBe(true);
      expect(list.data[0].name).toBe('custom');
      expect(list.data[0].permission_names).toEqual(['文件分享', 'WebDAV读取']);
      expect((await call('GET', '/test/api-key', { auth: 'ApiKey my_custom-KEY1' })).status).toBe(200);
    });

    it('rejects bad input with 400 and a duplicate name or key with 409', async () => {
      const bad = [
        { name: '' },
        { name: '   ' },
        { name: 'x', custom_key: 'has space' },
        { name: 'x', custom_key: '../../etc' },
        { name: 'x', permissions: -1 },
        { name: 'x', permissions: 1.5 },
        { name: 'x', permissions: 'all' },
        { name: 'x', permissions: 1 << 20 },
        { name: 'x', expires_at: 'tomorrow-ish' },
        { name: 'x', basic_path: 'relative' },
        { name: 'x', basic_path: '/../..' },
      ];
      for (const body of bad) {
        const res = await call('POST', '/admin/api-keys', { auth: admin(), body });
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(res.body.success).toBe(false);
      }
      expect((await call('POST', '/admin/api-keys', { auth: admin(), body: { name: 'custom' } })).body).toMatchObject({
        code: 409,
        message: '密钥名称已存在',
      });
      expect(
        (
          await call('POST', '/admin/api-keys', {
            auth: admin(),
            body: { name: 'other', custom_key: 'my_custom-KEY1' },
          })
        ).status,
      ).toBe(409);
    });

    it('updates only the six allowed fields and ignores anything else', async () => {
      const k = (await call('POST', '/admin/api-keys', { auth: admin(), body: { name: 'to-update', permissions: 1 } }))
        .body.data;
      const res = await call('PUT', `/admin/api-keys/${k.id}`, {
        auth: admin(),
        body: {
          name: 'updated',
          permissions: 3,
          basic_path: '/a/b',
          expires_at: null,
          key: 'stolen',
          id: 'x',
          created_at: 'y',
        },
      });
      expect(res.body).toMatchObject({ code: 200, success: true });
      const after = (await call('GET', '/admin/api-keys', { auth: admin() })).body.data.find(
        (x: { id: string }) => x.id === k.id,
      );
      expect(after).toMatchObject({
        name: 'updated',
        permissions: 3,
        basic_path: '/a/b',
        key: k.key,
        expires_at: '9999-12-31T23:59:59.000Z',
      });
      expect((await call('PUT', `/admin/api-keys/${k.id}`, { auth: admin(), body: {} })).status).toBe(400);
      expect((await call('PUT', `/admin/api-keys/${k.id}`, { auth: admin(), body: { name: 'custom' } })).status).toBe(
        409,
      );
      expect((await call('PUT', '/admin/api-keys/no-such-id', { auth: admin(), body: { name: 'z' } })).status).toBe(
        404,
      );
    });

    it('deletes, then 404', async () => {
      const k = (await call('POST', '/admin/api-keys', { auth: admin(), body: { name: 'to-delete', permissions: 1 } }))
        .body.data;
      expect((await call('DELETE', `/admin/api-keys/${k.id}`, { auth: admin() })).body).toMatchObject({
        code: 200,
        success: true,
      });
      expect((await call('GET', '/test/api-key', { auth: `ApiKey ${k.key}` })).status).toBe(401);
      expect((await call('DELETE', `/admin/api-keys/${k.id}`, { auth: admin() })).status).toBe(404);
    });

    it('refuses an expired key', async () => {
      const k = (
        await call('POST', '/admin/api-keys', {
          auth: admin(),
          body: { name: 'expired', permissions: 1, expires_at: new Date(Date.now() - 60_000).toISOString() },
        })
      ).body.data;
      expect(k.expired).toBe(true);
      expect((await call('GET', '/test/api-key', { auth: `ApiKey ${k.key}` })).status).toBe(401);
    });

    it('is admin only: 401 anonymous, 403 for any key', async () => {
      const full = (
        await call('POST', '/admin/api-keys', { auth: admin(), body: { name: 'full', permissions: 204547 } })
      ).body.data;
      expect((await call('GET', '/admin/api-keys')).status).toBe(401);
      for (const [method, p] of <[string, string][]>[
        ['GET', '/admin/api-keys'],
        ['POST', '/admin/api-keys'],
        ['PUT', `/admin/api-keys/${full.id}`],
        ['DELETE', `/admin/api-keys/${full.id}`],
      ]) {
        const res = await call(method, p, {
          auth: `ApiKey ${full.key}`,
          body: method === 'GET' ? undefined : { name: 'x' },
        });
        expect({ method, p, status: res.status }).toEqual({ method, p, status: 403 });
      }
    });
  });

  describe('POST /admin/change-password', () => {
    it('validates, then changes the credentials and revokes every token', async () => {
      const token = await login();
      const other = await login();
      const auth = `Bearer ${token}`;
      expect(
        (await call('POST', '/admin/change-password', { body: { currentPassword: 'x', newPassword: 'y' } })).status,
      ).toBe(401);
      const wrong = await call('POST', '/admin/change-password', {
        auth,
        body: { currentPassword: 'bad', newPassword: 'new-password-1' },
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('当前密码错误');
      expect(
        (await call('POST', '/admin/change-password', { auth, body: { currentPassword: 'test-admin-password' } }))
          .status,
      ).toBe(400);
      expect(
        (
          await call('POST', '/admin/change-password', {
            auth,
            body: { currentPassword: 'test-admin-password', newPassword: 'test-admin-password' },
          })
        ).status,
      ).toBe(400);
      // A second admin to collide with (there is no API to create one).
      await withServerDb(server, (db) =>
        db.run(
          "INSERT INTO admins (id, username, password_hash, updated_at) VALUES ('a2', 'taken', 'scrypt$x', ?)",
          db.time(new Date()),
        ),
      );
      expect(
        (
          await call('POST', '/admin/change-password', {
            auth,
            body: { currentPassword: 'test-admin-password', newUsername: 'taken' },
          })
        ).status,
      ).toBe(409);
      // Still logged in after the failures above.
      expect((await call('GET', '/test/admin-token', { auth })).status).toBe(200);

      const ok = await call('POST', '/admin/change-password', {
        auth,
        body: { currentPassword: 'test-admin-password', newPassword: 'brand-new-password', newUsername: 'chief' },
      });
      expect(ok.body).toMatchObject({ code: 200, success: true });
      expect((await call('GET', '/test/admin-token', { auth })).status).toBe(401);
      expect((await call('GET', '/test/admin-token', { auth: `Bearer ${other}` })).status).toBe(401);
      expect(
        (await call('POST', '/admin/login', { body: { username: 'admin', password: 'test-admin-password' } })).status,
      ).toBe(401);
      expect(
        (await call('POST', '/admin/login', { body: { username: 'chief', password: 'brand-new-password' } })).status,
      ).toBe(200);
    });
  });

  it('never sends a password hash, a token hash or a key digest', async () => {
    const secrets = await withServerDb(server, async (db) => [
      ...(await db.all<{ s: string }>('SELECT password_hash AS s FROM admins')).map((r) => r.s),
      ...(await db.all<{ s: string }>('SELECT token_hash AS s FROM sessions')).map((r) => r.s),
      ...(await db.all<{ s: string; e: string }>('SELECT key_digest AS s, key_enc AS e FROM api_keys')).flatMap((r) => [
        r.s,
        r.e,
      ]),
    ]);
    expect(secrets.length).toBeGreaterThan(5);
    const all = bodies.join('\n');
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).not.toContain('scrypt$');
    expect(all).not.toContain(sha('test-admin-password'));
  });
});

describe('login rate limit', () => {
  it('answers 429 with Retry-After after repeated wrong passwords, also for the right one', async () => {
    const server = await startServer({ env: { LOGIN_RATE_LIMIT: '3/600' } });
    try {
      const attempt = (password: string) =>
        fetch(`${server.url}/api/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong')).status).toBe(401);
      const limited = await attempt('test-admin-password');
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = await limited.json();
      expect(body).toMatchObject({ code: 429, success: false });
      expect(body.message).toContain('尝试次数过多');
    } finally {
      await server.stop();
    }
  });
});
