import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiCallOptions } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';

/**
 * System settings over the JSON API (docs/product/api.md §3.7): the v0.7.3 endpoints and the v0.7.4
 * `/admin/settings…` family, both over the same rows, against the real app process.
 */
const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('settings API', () => {
  let server: RunningServer;
  let admin: string;
  let key: string;
  let origin: http.Server;
  let originUrl: string;

  const call = apiClient(() => server.url);
  const settingValue = async (k: string) =>
    (await call('GET', `/admin/settings/metadata?key=${k}`, { auth: admin })).body.data.value as string;

  /** Every endpoint: anonymous → 401 需要认证访问 style; an API key (even with every bit) → 403. */
  async function expectAdminOnly(method: string, p: string, body?: unknown) {
    const anonymous = await call(method, p, { body });
    expect(anonymous.status, `${method} ${p} anonymous`).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 401, success: false });
    const keyed = await call(method, p, { auth: key, body });
    expect(keyed.status, `${method} ${p} key`).toBe(403);
    expect(keyed.body).toMatchObject({ code: 403, success: false });
  }

  beforeAll(async () => {
    server = await startServer();
    const login = await call('POST', '/admin/login', { body: { username: 'admin', password: 'test-admin-password' } });
    admin = `Bearer ${login.body.data.token}`;
    const created = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'all-bits', permissions: 204547, expires_at: 'never' },
    });
    key = `ApiKey ${created.body.data.key}`;
    // A private "intranet" server on 127.0.0.1, reachable by URL uploads only once allow-listed.
    origin = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 2 });
      res.end('ok');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/intranet.txt`;
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => origin?.close(resolve));
  });

  describe('v0.7.3 GET|PUT /admin/system-settings', () => {
    it('lists every row ordered by key, with ISO dates', async () => {
      const { status, body } = await call('GET', '/admin/system-settings', { auth: admin });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 200, success: true, message: '获取系统设置成功' });
      const keys = body.data.map((r: { key: string }) => r.key);
      expect(keys).toEqual([...keys].sort());
      expect(keys).toEqual(expect.arrayContaining(['max_upload_size', 'webdav_upload_mode', 'db_initialized']));
      const size = body.data.find((r: { key: string }) => r.key === 'max_upload_size');
      expect(size).toEqual({
        key: 'max_upload_size',
        value: '100',
        description: expect.any(String),
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
    });

    it('updates the size and the WebDAV mode; the public max-upload-size follows', async () => {
      const { status, body } = await call('PUT', '/admin/system-settings', {
        auth: admin,
        body: { max_upload_size: 250, webdav_upload_mode: 'multipart', proxy_sign_all: 'ignored' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ code: 200, message: '系统设置更新成功', success: true });
      expect((await call('GET', '/system/max-upload-size')).body.data.max_upload_size).toBe(250);
      expect(await settingValue('webdav_upload_mode')).toBe('multipart');
      expect(await settingValue('proxy_sign_all')).toBe('true');
    });

    it('refuses bad values with 400 and stores nothing', async () => {
      for (const body of [
        { max_upload_size: 0 },
        { max_upload_size: 1.5 },
        { max_upload_size: 'big' },
        { webdav_upload_mode: 'chunked' },
        { max_upload_size: 300, webdav_upload_mode: 'chunked' },
        {},
        [],
      ]) {
        const res = await call('PUT', '/admin/system-settings', { auth: admin, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body).toMatchObject({ code: 400, success: false });
      }
      expect(await settingValue('max_upload_size')).toBe('250');
      expect(await settingValue('webdav_upload_mode')).toBe('multipart');
      expect(
        (await call('PUT', '/admin/system-settings', { auth: admin, raw: '{"max', headers: JSON_TYPE })).status,
      ).toBe(400);
    });

    it('is admin only', async () => {
      await expectAdminOnly('GET', '/admin/system-settings');
      await expectAdminOnly('PUT', '/admin/system-settings', { max_upload_size: 1 });
      expect(await settingValue('max_upload_size')).toBe('250');
    });
  });

  describe('v0.7.3 GET|POST /admin/proxy-sign-settings', () => {
    it('reads and writes signAll and expires', async () => {
      expect((await call('GET', '/admin/proxy-sign-settings', { auth: admin })).body).toEqual({
        code: 200,
        message: '获取代理签名配置成功',
        data: { signAll: true, expires: 0 },
        success: true,
      });
      const res = await call('POST', '/admin/proxy-sign-settings', {
        auth: admin,
        body: { signAll: false, expires: 3600 },
      });
      expect({ status: res.status, body: res.body }).toEqual({
        status: 200,
        body: { code: 200, message: '代理签名配置更新成功', success: true },
      });
      expect((await call('GET', '/admin/proxy-sign-settings', { auth: admin })).body.data).toEqual({
        signAll: false,
        expires: 3600,
      });
      expect(await settingValue('proxy_sign_all')).toBe('false');
    });

    it('insists on JSON types, with the v0.7.3 messages', async () => {
      const post = (body: unknown) => call('POST', '/admin/proxy-sign-settings', { auth: admin, body });
      expect((await post({ signAll: 'true', expires: 0 })).body).toMatchObject({
        code: 400,
        message: 'signAll 必须是布尔值',
      });
      expect((await post({ signAll: true, expires: -1 })).body).toMatchObject({
        code: 400,
        message: 'expires 必须是非负数',
      });
      expect((await post({ signAll: true, expires: '60' })).status).toBe(400);
      expect((await post({ signAll: true })).status).toBe(400);
      expect((await post({ signAll: true, expires: 1.5 })).status).toBe(400);
      expect((await call('GET', '/admin/proxy-sign-settings', { auth: admin })).body.data).toEqual({
        signAll: false,
        expires: 3600,
      });
    });

    it('is admin only', async () => {
      await expectAdminOnly('GET', '/admin/proxy-sign-settings');
      await expectAdminOnly('POST', '/admin/proxy-sign-settings', { signAll: true, expires: 0 });
    });
  });

  describe('v0.7.4 GET /admin/settings', () => {
    it('returns one group ordered by sort order, with metadata or as key/value pairs', async () => {
      const { status, body } = await call('GET', '/admin/settings?group=1', { auth: admin });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 200, success: true, message: '获取分组设置成功' });
      expect(body.data.map((r: { key: string }) => r.key)).toEqual([
        'max_upload_size',
        'proxy_sign_all',
        'proxy_sign_expires',
        'url_fetch_allowed_hosts',
        'audit_retention_days',
        'bin_retention_days',
        'require_second_factor',
        'strip_image_metadata',
      ]);
      expect(body.data[0]).toEqual({
        key: 'max_upload_size',
        value: '250',
        description: expect.any(String),
        type: 'number',
        group_id: 1,
        options: null,
        sort_order: 1,
        flags: 0,
        created_at: expect.stringMatching(/Z$/),
        updated_at: expect.stringMatching(/Z$/),
      });
      const webdav = await call('GET', '/admin/settings?group=3', { auth: admin });
      expect(JSON.parse(webdav.body.data[0].options)).toEqual([
        { value: 'direct', label: '直接上传' },
        { value: 'multipart', label: '分片上传' },
      ]);
      const bare = await call('GET', '/admin/settings?group=3&metadata=false', { auth: admin });
      expect(bare.body.data).toEqual([{ key: 'webdav_upload_mode', value: 'multipart' }]);
      expect((await call('GET', '/admin/settings?group=42', { auth: admin })).body.data).toEqual([]);
    });

    it('without a group returns every group keyed by id; 99 only with includeSystem=true', async () => {
      const all = await call('GET', '/admin/settings', { auth: admin });
      expect(all.status).toBe(200);
      expect(all.body.message).toBe('获取所有分组设置成功');
      expect(Object.keys(all.body.data)).toEqual(['1', '3']);
      expect(all.body.data['1']).toHaveLength(8);
      const withSystem = await call('GET', '/admin/settings?includeSystem=true', { auth: admin });
      expect(Object.keys(withSystem.body.data)).toEqual(['1', '3', '99']);
      expect(withSystem.body.data['99'][0]).toMatchObject({ key: 'db_initialized', flags: 2 });
      // An empty group counts as absent.
      expect(Object.keys((await call('GET', '/admin/settings?group=', { auth: admin })).body.data)).toEqual(['1', '3']);
    });

    it('answers 400 for a group that is not a number', async () => {
      for (const group of ['abc', '1abc', '-1']) {
        expect((await call('GET', `/admin/settings?group=${group}`, { auth: admin })).body).toMatchObject({
          code: 400,
          message: '分组ID必须是数字',
          success: false,
        });
      }
    });

    it('is admin only', async () => {
      await expectAdminOnly('GET', '/admin/settings?group=1');
      await expectAdminOnly('GET', '/admin/settings?includeSystem=true');
    });
  });

  describe('v0.7.4 GET /admin/settings/groups and /admin/settings/metadata', () => {
    it('lists the editable groups with counts (not 99)', async () => {
      const { status, body } = await call('GET', '/admin/settings/groups', { auth: admin });
      expect(status).toBe(200);
      expect(body).toMatchObject({ code: 200, success: true, message: '获取分组信息成功' });
      expect(body.data).toEqual({
        groups: [
          { id: 1, name: '全局设置', settingCount: 8, readonlyCount: 0 },
          { id: 3, name: 'WebDAV设置', settingCount: 1, readonlyCount: 0 },
        ],
      });
    });

    it('returns one row by key; 400 without a key, 404 for an unknown one', async () => {
      const { status, body } = await call('GET', '/admin/settings/metadata?key=proxy_sign_expires', { auth: admin });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ key: 'proxy_sign_expires', value: '3600', type: 'number', group_id: 1 });
      expect((await call('GET', '/admin/settings/metadata', { auth: admin })).body).toMatchObject({
        code: 400,
        message: '缺少设置键名参数',
      });
      expect((await call('GET', '/admin/settings/metadata?key=nope', { auth: admin })).body).toMatchObject({
        code: 404,
        message: '设置项不存在',
      });
    });

    it('are admin only', async () => {
      await expectAdminOnly('GET', '/admin/settings/groups');
      await expectAdminOnly('GET', '/admin/settings/metadata?key=max_upload_size');
    });
  });

  describe('v0.7.4 PUT /admin/settings/group/{groupId}', () => {
    it('stores every value as a string and answers 200 when all were stored', async () => {
      const { status, body } = await call('PUT', '/admin/settings/group/1?validate=false', {
        auth: admin,
        body: { max_upload_size: '100', proxy_sign_all: true, proxy_sign_expires: '0' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        code: 200,
        message: '成功更新分组1的3个设置',
        data: {
          groupId: 1,
          updatedCount: 3,
          totalCount: 3,
          errors: [],
          success: true,
          message: '成功更新分组1的3个设置',
        },
        success: true,
      });
      expect((await call('GET', '/admin/proxy-sign-settings', { auth: admin })).body.data).toEqual({
        signAll: true,
        expires: 0,
      });
      expect((await call('GET', '/system/max-upload-size')).body.data.max_upload_size).toBe(100);
    });

    it('stores the good values and reports the rest with 202 and success:false', async () => {
      const { status, body } = await call('PUT', '/admin/settings/group/1', {
        auth: admin,
        body: {
          proxy_sign_expires: 600,
          max_upload_size: -5,
          proxy_sign_all: 'maybe',
          webdav_upload_mode: 'direct',
          nonexistent: 'x',
        },
      });
      expect(status).toBe(202);
      expect(body).toMatchObject({ code: 202, success: false, message: '更新了1个设置，4个失败' });
      expect(body.data).toMatchObject({ groupId: 1, updatedCount: 1, totalCount: 5, success: false });
      expect(body.data.errors).toEqual([
        { key: 'max_upload_size', error: expect.stringContaining('最大上传大小') },
        { key: 'proxy_sign_all', error: 'proxy_sign_all 必须是 true 或 false' },
        { key: 'webdav_upload_mode', error: '设置项 webdav_upload_mode 不属于分组 1' },
        { key: 'nonexistent', error: '设置项不存在: nonexistent' },
      ]);
      expect(await settingValue('proxy_sign_expires')).toBe('600');
      expect(await settingValue('max_upload_size')).toBe('100');
      expect(await settingValue('webdav_upload_mode')).toBe('multipart');
    });

    it('checks WebDAV select options and refuses read-only rows', async () => {
      const mode = await call('PUT', '/admin/settings/group/3', {
        auth: admin,
        body: { webdav_upload_mode: 'chunked' },
      });
      expect(mode.status).toBe(202);
      expect(mode.body.data.errors).toEqual([
        { key: 'webdav_upload_mode', error: 'webdav_upload_mode 必须是以下之一: direct, multipart' },
      ]);
      const ok = await call('PUT', '/admin/settings/group/3', { auth: admin, body: { webdav_upload_mode: 'direct' } });
      expect(ok.status).toBe(200);
      const readOnly = await call('PUT', '/admin/settings/group/99', {
        auth: admin,
        body: { db_initialized: 'false' },
      });
      expect(readOnly.status).toBe(202);
      expect(readOnly.body.data.errors).toEqual([
        { key: 'db_initialized', error: '设置项 db_initialized 为只读，不能修改' },
      ]);
      expect(await settingValue('db_initialized')).toBe('true');
    });

    it('answers 400 for a non-numeric group id, a body that is not an object, or nothing to update', async () => {
      const put = (p: string, opts: ApiCallOptions) => call('PUT', p, { auth: admin, ...opts });
      expect((await put('/admin/settings/group/global', { body: { max_upload_size: 1 } })).body).toMatchObject({
        code: 400,
        message: '分组ID必须是数字',
      });
      expect((await put('/admin/settings/group/1', { body: ['max_upload_size'] })).status).toBe(400);
      expect((await put('/admin/settings/group/1', { body: 'text' })).status).toBe(400);
      expect((await put('/admin/settings/group/1', { raw: '{"a":', headers: JSON_TYPE })).status).toBe(400);
      expect((await put('/admin/settings/group/1', { body: {} })).status).toBe(400);
    });

    it('is admin only', async () => {
      await expectAdminOnly('PUT', '/admin/settings/group/1', { max_upload_size: 1 });
      expect(await settingValue('max_upload_size')).toBe('100');
    });
  });

  describe('the URL-upload allow-list (url_fetch_allowed_hosts)', () => {
    it('refuses a malformed entry, naming it', async () => {
      const { status, body } = await call('PUT', '/admin/settings/group/1', {
        auth: admin,
        body: { url_fetch_allowed_hosts: 'nas.lan, http://127.0.0.1:8080/' },
      });
      expect(status).toBe(202);
      expect(body.data.errors).toEqual([
        {
          key: 'url_fetch_allowed_hosts',
          error: '“http://127.0.0.1:8080/”：只填写主机名或 IP 地址，不要包含 http://、端口或路径',
        },
      ]);
      expect(await settingValue('url_fetch_allowed_hosts')).toBe('');
    });

    it('takes effect at once: a private host becomes reachable for URL uploads, and blocked again', async () => {
      const probe = () => call('POST', '/url/info', { auth: admin, body: { url: originUrl } });
      expect((await probe()).status).toBe(400);

      const set = await call('PUT', '/admin/settings/group/1', {
        auth: admin,
        body: { url_fetch_allowed_hosts: 'NAS.lan\n127.0.0.1' },
      });
      expect(set.status).toBe(200);
      expect(await settingValue('url_fetch_allowed_hosts')).toBe('nas.lan, 127.0.0.1');
      const allowed = await probe();
      expect(allowed.status).toBe(200);
      expect(allowed.body.data).toMatchObject({ filename: 'intranet.txt', size: 2 });

      await call('PUT', '/admin/settings/group/1', { auth: admin, body: { url_fetch_allowed_hosts: '' } });
      expect((await probe()).status).toBe(400);
    });
  });
});
