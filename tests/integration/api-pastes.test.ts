import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client';
import { withServerDb } from '../support/server-db';
import { startServer, type RunningServer } from '../support/server';

/** Paste endpoints of docs/product/api.md §3.3 against the real build and a real SQLite file. */
describe('pastes API', () => {
  let server: RunningServer;
  let admin: string;
  let textKey: string;
  let otherKey: string;
  let fileKey: string;

  const call = apiClient(() => server.url);
  const create = (body: Record<string, unknown>, auth = admin) => call('POST', '/paste', { auth, body });
  let n = 0;
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${n++}`;

  beforeAll(async () => {
    server = await startServer({ env: { PASSWORD_RATE_LIMIT: '1000/60' } });
    const login = await call('POST', '/admin/login', { body: { username: 'admin', password: 'test-admin-password' } });
    admin = `Bearer ${login.body.data.token}`;
    const mkKey = async (name: string, permissions: number) =>
      `ApiKey ${(await call('POST', '/admin/api-keys', { auth: admin, body: { name, permissions, expires_at: 'never' } })).body.data.key}`;
    textKey = await mkKey('text-key', 1);
    otherKey = await mkKey('other-text-key', 1);
    fileKey = await mkKey('file-key', 2);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('POST /paste', () => {
    it('creates with a random 6-character slug and answers a bare object', async () => {
      const { status, body } = await create({ content: 'hello' });
      expect(status).toBe(200);
      expect(body).not.toHaveProperty('code');
      expect(body.slug).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(body).toMatchObject({ hasPassword: false, authorizedBy: 'admin' });
      expect(typeof body.id).toBe('string');
    });
    it('repeats remark, expiresAt and maxViews, and records a key as apikey', async () => {
      const expiresAt = new Date(Date.now() + 3600_000).toISOString();
      const { body } = await create(
        { content: 'x', slug: unique('opt'), remark: 'note', expiresAt, maxViews: 3, password: 'pw' },
        textKey,
      );
      expect(body).toMatchObject({ remark: 'note', expiresAt, maxViews: 3, hasPassword: true, authorizedBy: 'apikey' });
    });
    it('answers 409 with the spec message when the slug is taken', async () => {
      const slug = unique('dup');
      await create({ content: 'a', slug });
      const { status, body } = await create({ content: 'b', slug });
      expect(status).toBe(409);
      expect(body.message).toContain('链接后缀已被占用');
    });
    it.each([
      [{ content: '' }, '内容不能为空'],
      [{ content: '   \n ' }, '内容不能为空'],
      [{}, '内容不能为空'],
      [{ content: 'x', maxViews: -1 }, '不能为负数'],
      [{ content: 'x', maxViews: 1.5 }, '整数'],
      [{ content: 'x', slug: 'has space' }, '链接后缀'],
      [{ content: 'x', slug: 'a/b' }, '链接后缀'],
      [{ content: 'x', slug: 'x'.repeat(51) }, '50'],
      [{ content: 'x', slug: 'admin' }, '保留'],
      [{ content: 'x', slug: 'API' }, '保留'],
      [{ content: 'x', expiresAt: 'soon' }, '过期时间'],
      [{ content: 123 }, ''],
    ])('answers 400 for %j', async (input, message) => {
      const { status, body } = await create(input as Record<string, unknown>);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toContain(message);
    });
    it('needs an admin or a key with TEXT: 401 anonymous, 403 other keys', async () => {
      expect((await call('POST', '/paste', { body: { content: 'x' } })).status).toBe(401);
      expect((await create({ content: 'x' }, fileKey)).status).toBe(403);
      expect((await create({ content: 'x' }, 'ApiKey wrong')).status).toBe(401);
    });
  });

  describe('viewing', () => {
    it('GET /paste/{slug} counts a view and answers the content', async () => {
      const slug = unique('view');
      await create({ content: '# Title', slug, remark: 'r' });
      const first = await call('GET', `/paste/${slug}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        slug,
        content: '# Title',
        remark: 'r',
        views: 1,
        hasPassword: false,
        isLastView: false,
      });
      expect((await call('GET', `/paste/${slug}`)).body.views).toBe(2);
    });
    it('404 for an unknown slug, with the envelope', async () => {
      const { status, body } = await call('GET', '/paste/no-such-paste-here');
      expect(status).toBe(404);
      expect(body).toMatchObject({ code: 404, success: false, message: '文本分享不存在或已过期' });
    });
    it('the last allowed view returns the content with isLastView, then 410', async () => {
      const slug = unique('max');
      await create({ content: 'twice', slug, maxViews: 2 });
      expect((await call('GET', `/paste/${slug}`)).body).toMatchObject({ views: 1, isLastView: false });
      expect((await call('GET', `/paste/${slug}`)).body).toMatchObject({
        content: 'twice',
        views: 2,
        isLastView: true,
      });
      const gone = await call('GET', `/paste/${slug}`);
      expect(gone.status).toBe(410);
      expect(gone.body.message).toMatch(/已过期|最大查看次数/);
      expect((await call('GET', `/raw/${slug}`)).status).toBe(410);
    });
    it('410 after expiry, and the row is deleted', async () => {
      const slug = unique('exp');
      await create({ content: 'soon gone', slug, expiresAt: new Date(Date.now() + 1200).toISOString() });
      expect((await call('GET', `/paste/${slug}`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await call('GET', `/paste/${slug}`)).status).toBe(410);
      expect(await withServerDb(server, (db) => db.all('SELECT id FROM pastes WHERE slug = ?', slug))).toEqual([]);
    });
    it('50 concurrent views of a max-views-1 paste: exactly one sees the content', async () => {
      const slug = unique('race');
      await create({ content: 'only once', slug, maxViews: 1 });
      const results = await Promise.all(Array.from({ length: 50 }, () => call('GET', `/paste/${slug}`)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.body).toMatchObject({ content: 'only once', isLastView: true });
      expect(results.filter((r) => r.status === 410)).toHaveLength(49);
    });
  });

  describe('password pastes', () => {
    let slug: string;
    beforeAll(async () => {
      slug = unique('pw');
      await create({ content: 'secret body', slug, password: 'open sesame', maxViews: 10 });
    });
    it('GET answers metadata only, counting no view', async () => {
      const { status, body } = await call('GET', `/paste/${slug}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ slug, hasPassword: true, requiresPassword: true, views: 0 });
      expect(body).not.toHaveProperty('content');
    });
    it('POST with the right password returns the content and plain_password (the v0.7.3 bug was a 410)', async () => {
      const { status, body } = await call('POST', `/paste/${slug}`, { body: { password: 'open sesame' } });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        content: 'secret body',
        hasPassword: true,
        plain_password: 'open sesame',
        views: 1,
      });
    });
    it('401 for a wrong password, 400 without one or for a paste without password', async () => {
      const wrong = await call('POST', `/paste/${slug}`, { body: { password: 'nope' } });
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toBe('密码错误');
      expect((await call('POST', `/paste/${slug}`, { body: {} })).body).toMatchObject({
        code: 400,
        message: '请提供密码',
      });
      const open = unique('open');
      await create({ content: 'x', slug: open });
      expect((await call('POST', `/paste/${open}`, { body: { password: 'x' } })).body.message).toBe(
        '此文本分享无需密码',
      );
      expect((await call('POST', '/paste/unknown-slug-xyz', { body: { password: 'x' } })).status).toBe(404);
    });
    it('GET /raw needs the password: plain-text errors, text/plain content, nosniff', async () => {
      const missing = await call('GET', `/raw/${slug}`);
      expect(missing.status).toBe(401);
      expect(missing.text).toBe('需要密码才能访问此内容');
      expect((await call('GET', `/raw/${slug}?password=bad`)).text).toBe('密码错误');
      const ok = await call('GET', `/raw/${slug}?password=${encodeURIComponent('open sesame')}`);
      expect(ok.status).toBe(200);
      expect(ok.text).toBe('secret body');
      expect(ok.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
      expect(ok.headers.get('content-disposition')).toBe(`inline; filename="${slug}.txt"`);
    });
  });

  describe('management', () => {
    it('GET /pastes for an admin: page/limit paging, view_count, top-level pagination', async () => {
      const marker = unique('list');
      for (let i = 0; i < 12; i++) await create({ content: `${marker} item ${i}`, remark: marker });
      const page2 = await call('GET', `/pastes?page=2&limit=5&search=${marker}`, { auth: admin });
      expect(page2.body.success).toBe(true);
      expect(page2.body.pagination).toEqual({ total: 12, page: 2, limit: 5, totalPages: 3 });
      expect(page2.body.data).toHaveLength(5);
      const item = page2.body.data[0];
      expect(item).toHaveProperty('view_count');
      expect(item.content_preview).toContain(marker);
      expect(item).not.toHaveProperty('password');
      const fallback = await call('GET', `/pastes?page=abc&limit=xyz&search=${marker}`, { auth: admin });
      expect(fallback.body.pagination).toMatchObject({ page: 1, limit: 10 });
    });
    it('GET /pastes for a key: only its own, limit/offset with hasMore, key_info without the secret', async () => {
      const mine = unique('mine');
      await create({ content: 'mine 1', slug: mine }, textKey);
      await create({ content: 'theirs', slug: unique('theirs') }, otherKey);
      const { body } = await call('GET', '/pastes?limit=1&offset=0', { auth: textKey });
      expect(body.pagination).toMatchObject({ limit: 1, offset: 0 });
      expect(body.pagination.total).toBeGreaterThanOrEqual(2);
      expect(body.pagination.hasMore).toBe(true);
      const all = await call('GET', '/pastes?limit=100', { auth: textKey });
      expect(all.body.data.every((p: { created_by: string }) => p.created_by.startsWith('apikey:'))).toBe(true);
      expect(all.body.data.some((p: { content: string }) => p.content === 'theirs')).toBe(false);
      expect(all.body.key_info.name).toBe('text-key');
      expect(JSON.stringify(all.body.key_info)).not.toContain(textKey.slice(7));
      expect((await call('GET', '/pastes', { auth: fileKey })).status).toBe(403);
    });
    it('GET /pastes/{id}: owner or admin only, with plain_password; 404 for others', async () => {
      const created = (await create({ content: 'detail', slug: unique('det'), password: 'p1' }, textKey)).body;
      const own = await call('GET', `/pastes/${created.id}`, { auth: textKey });
      expect(own.body.data).toMatchObject({ content: 'detail', has_password: true, plain_password: 'p1' });
      expect(own.body.data).not.toHaveProperty('password');
      expect((await call('GET', `/pastes/${created.id}`, { auth: admin })).status).toBe(200);
      const other = await call('GET', `/pastes/${created.id}`, { auth: otherKey });
      expect(other.status).toBe(404);
      expect(other.body.message).toBe('文本不存在或无权访问');
      expect((await call('GET', '/pastes/no-such-id', { auth: admin })).status).toBe(404);
    });
    it('PUT /pastes/{slug} edits, resets views, changes the slug; 409/400/404', async () => {
      const slug = unique('edit');
      const taken = unique('taken');
      await create({ content: 'v1', slug }, textKey);
      await create({ content: 'other', slug: taken });
      await call('GET', `/paste/${slug}`);
      const newSlug = unique('renamed');
      const res = await call('PUT', `/pastes/${slug}`, {
        auth: textKey,
        body: { content: 'v2', remark: 'edited', newSlug, password: 'pw2' },
      });
      expect(res.body).toMatchObject({ code: 200, success: true, data: { slug: newSlug } });
      const after = await call('POST', `/paste/${newSlug}`, { body: { password: 'pw2' } });
      expect(after.body).toMatchObject({ content: 'v2', remark: 'edited', views: 1 });
      expect((await call('GET', `/paste/${slug}`)).status).toBe(404);
      expect(
        (await call('PUT', `/pastes/${newSlug}`, { auth: textKey, body: { content: 'v3', clearPassword: true } }))
          .status,
      ).toBe(200);
      expect((await call('GET', `/paste/${newSlug}`)).body).toMatchObject({ content: 'v3', views: 1 });
      expect(
        (await call('PUT', `/pastes/${newSlug}`, { auth: textKey, body: { content: 'x', newSlug: taken } })).status,
      ).toBe(409);
      expect((await call('PUT', `/pastes/${newSlug}`, { auth: textKey, body: { content: '' } })).status).toBe(400);
      expect(
        (await call('PUT', `/pastes/${newSlug}`, { auth: textKey, body: { content: 'x', maxViews: -2 } })).status,
      ).toBe(400);
      expect((await call('PUT', `/pastes/${newSlug}`, { auth: otherKey, body: { content: 'hijack' } })).status).toBe(
        404,
      );
      const random = await call('PUT', `/pastes/${newSlug}`, { auth: admin, body: { content: 'x', newSlug: '' } });
      expect(random.body.data.slug).toMatch(/^[A-Za-z0-9]{6}$/);
    });
    it('DELETE /pastes/batch-delete deletes only what the caller owns; 400 for empty ids', async () => {
      const a = (await create({ content: 'a', slug: unique('del') }, textKey)).body;
      const b = (await create({ content: 'b', slug: unique('del') }, otherKey)).body;
      const res = await call('DELETE', '/pastes/batch-delete', { auth: textKey, body: { ids: [a.id, b.id] } });
      expect(res.body).toMatchObject({ code: 200, success: true, message: '已删除 1 个分享' });
      expect((await call('GET', `/paste/${b.slug}`)).status).toBe(200);
      expect((await call('DELETE', '/pastes/batch-delete', { auth: admin, body: { ids: [] } })).status).toBe(400);
      expect((await call('DELETE', '/pastes/batch-delete', { auth: admin, body: {} })).status).toBe(400);
      expect((await call('DELETE', '/pastes/batch-delete', { auth: admin, body: { ids: [b.id] } })).body.message).toBe(
        '已删除 1 个分享',
      );
    });
    it('clear-expired (and its admin alias) is admin-only and deletes expired pastes', async () => {
      const slug = unique('clr');
      await create({ content: 'x', slug, expiresAt: new Date(Date.now() + 60_000).toISOString() });
      // Expired now, without waiting: a wait let the server's first sweep (5 s after its start)
      // delete it first, and clear-expired then found nothing to clear.
      await withServerDb(server, (db) => db.run('UPDATE pastes SET expires_at = created_at WHERE slug = ?', slug));
      expect(
        (await call('POST', '/pastes/clear-expired', { auth: textKey, body: { clearExpired: true } })).status,
      ).toBe(403);
      const res = await call('POST', '/pastes/clear-expired', { auth: admin, body: { clearExpired: true } });
      expect(res.body.success).toBe(true);
      expect(res.body.message).toMatch(/^已清理 [1-9]\d* 个过期分享$/);
      expect((await call('GET', `/paste/${slug}`)).status).toBe(410);
      const alias = await call('POST', '/admin/pastes/clear-expired', { auth: admin });
      expect(alias.body.message).toBe('已清理 0 个过期分享');
    });
  });
});
