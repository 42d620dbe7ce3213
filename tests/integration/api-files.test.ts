import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, type TestBucket } from '../support/s3';
import { apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';

/** File shares end to end (docs/product/api.md §3.4–§3.5): local default storage and a real S3 config. */
describe('files API', () => {
  let server: RunningServer;
  let admin: string;
  let fileKey: string;
  let textKey: string;
  let bucket: TestBucket;
  let s3ConfigId: string;
  let n = 0;
  const unique = (p: string) => `${p}-${Date.now().toString(36)}-${n++}`;
  const md5 = (b: Buffer | Uint8Array) => createHash('md5').update(b).digest('hex');

  const call = apiClient(() => server.url);
  const put = (name: string, data: Buffer | string, query = '', auth = admin) =>
    call('PUT', `/upload-direct/${encodeURIComponent(name)}${query}`, {
      auth,
      raw: typeof data === 'string' ? data : new Uint8Array(data),
    });
  const dbRows = (sql: string, ...params: unknown[]) => withServerDb(server, (db) => db.all(sql, ...params));
  const setSetting = (key: string, value: string) =>
    withServerDb(server, (db) => db.run('UPDATE system_settings SET value = ? WHERE key = ?', value, key));
  /**
   * The share objects in the local storage: in their reserved prefix (issue 27 A1), or, `kept`,
   * the files outside it (where a share deleted "record only" leaves its object: issue 42, item 9).
   */
  const storedObjects = (kept = false) => {
    const root = path.join(server.dataDir, 'storage', kept ? '' : '.cloudclip-shares');
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : []) {
        if (e.name.startsWith('.cloudclip')) continue;
        if (e.isDirectory()) walk(path.join(dir, e.name));
        else out.push(path.relative(root, path.join(dir, e.name)));
      }
    };
    walk(root);
    return out.sort();
  };

  beforeAll(async () => {
    server = await startServer({ env: { PASSWORD_RATE_LIMIT: '1000/60' } });
    bucket = await createTestBucket('files');
    admin = `Bearer ${(await call('POST', '/admin/login', { body: { username: 'admin', password: 'test-admin-password' } })).body.data.token}`;
    const mk = async (name: string, permissions: number) =>
      `ApiKey ${(await call('POST', '/admin/api-keys', { auth: admin, body: { name, permissions, expires_at: 'never' } })).body.data.key}`;
    fileKey = await mk('file-key', 2);
    textKey = await mk('text-only', 1);
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
  });

  it('has the embedded local storage as the default config, with no secrets in the answer', async () => {
    const { body } = await call('GET', '/s3-configs', { auth: admin });
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({ storage_type: 'local', is_default: 1, is_public: 1 });
    expect(JSON.stringify(body.data)).not.toMatch(/secret_access_key|access_key_id/);
  });

  it('upload-direct stores a file and shares it with a password and a view limit', async () => {
    // The storage's "Last used" moves with uploads (issue 28), not only with a storage test.
    expect((await call('GET', '/s3-configs', { auth: admin })).body.data[0].last_used).toBeNull();
    const data = randomBytes(300_000);
    const { status, body } = await put(
      '报告 final.bin',
      data,
      '?password=s3cret&max_views=2&remark=hi&slug=' + unique('up'),
    );
    expect(status).toBe(200);
    await expect
      .poll(async () => (await call('GET', '/s3-configs', { auth: admin })).body.data[0].last_used)
      .not.toBeNull();
    const f = body.data;
    expect(f).toMatchObject({
      filename: '报告 final.bin',
      size: data.length,
      requires_password: true,
      max_views: 2,
      remark: 'hi',
      use_proxy: 1,
    });
    expect(f.proxy_download_url).toMatch(/\/api\/file-download\/.+\?password=s3cret$/);

    const locked = await call('GET', `/public/files/${f.slug}`);
    expect(locked.body.data).toMatchObject({ requires_password: true, views: 0 });
    expect(locked.body.data).not.toHaveProperty('downloadUrl');
    const wrong = await call('POST', `/public/files/${f.slug}/verify`, { body: { password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('密码不正确');
    const open = await call('POST', `/public/files/${f.slug}/verify`, { body: { password: 's3cret' } });
    expect(open.body.data).toMatchObject({ views: 1 });
    // The view counted hands out a grant its content URLs carry (issue 42, item 7).
    const grant = new URL(open.body.data.downloadUrl).searchParams.get('grant');
    expect(open.body.data.downloadUrl).toBe(
      `${server.url}/api/file-download/${f.slug}?grant=${encodeURIComponent(grant!)}`,
    );

    expect((await call('GET', `/file-download/${f.slug}`)).status).toBe(401);
    expect((await call('GET', `/file-download/${f.slug}?password=bad`)).status).toBe(403);
    // Within the visit, the grant opens the bytes as often as a browser asks, without counting.
    const dl = await call('GET', `/file-download/${f.slug}?grant=${encodeURIComponent(grant!)}`);
    expect(dl.status).toBe(200);
    expect(md5(dl.body)).toBe(md5(data));
    expect(dl.headers.get('content-disposition')).toBe(
      `attachment; filename="__ final.bin"; filename*=UTF-8''${encodeURIComponent('报告 final.bin')}`,
    );
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');

    const ranged = await call('GET', `/file-download/${f.slug}?grant=${encodeURIComponent(grant!)}`, {
      headers: { Range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${data.length}`);
    expect(Buffer.compare(ranged.body, data.subarray(100, 200))).toBe(0);
    expect(
      (
        await call('GET', `/file-download/${f.slug}?grant=${encodeURIComponent(grant!)}`, {
          headers: { Range: 'bytes=999999999-' },
        })
      ).status,
    ).toBe(416);
    expect((await call('GET', `/public/files/${f.slug}`)).body.data.views).toBe(1);

    // The upload's own link (with the password) is a bare link: it counts the second and last view,
    // and hands its browser the grant in the share's cookie.
    const bare = await call('GET', `/file-download/${f.slug}?password=s3cret`);
    expect(bare.status).toBe(200);
    expect(bare.headers.get('set-cookie')).toMatch(/^cc_grant=\d+\.[\w-]+; Path=\/file\//);
    expect((await call('GET', `/file-download/${f.slug}?password=s3cret`)).status).toBe(410);
    expect((await call('POST', `/public/files/${f.slug}/verify`, { body: { password: 's3cret' } })).status).toBe(410);
    expect((await call('GET', `/public/files/${f.slug}`)).status).toBe(410);
    expect(await dbRows('SELECT id FROM files WHERE slug = ?', f.slug)).toEqual([]);
  });

  it('never serves HTML, SVG or XML inline, and serves text inline with a charset', async () => {
    const html = (await put('page.html', '<script>alert(1)</script>')).body.data;
    const view = await call('GET', `/file-view/${html.slug}`);
    expect(view.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(view.headers.get('content-type')).toBe('application/octet-stream');
    const svg = (await put('x.svg', '<svg onload="alert(1)"/>')).body.data;
    expect((await call('GET', `/file-view/${svg.slug}`)).headers.get('content-disposition')).toMatch(/^attachment;/);
    const txt = (await put('notes.txt', 'plain text')).body.data;
    const inline = await call('GET', `/file-view/${txt.slug}`);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(inline.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(inline.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each([['../etc/passwd'], ['a\u0000b.txt'], ['line\r\nbreak.txt'], ['say "hi".txt'], ['back\\slash.txt']])(
    'refuses the file name %j and leaves no row or object',
    async (name) => {
      const before = { rows: (await dbRows('SELECT id FROM files')).length, objects: storedObjects().length };
      const res = await call('PUT', `/upload-direct/${encodeURIComponent(name)}`, { auth: admin, raw: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/文件名/);
      expect({ rows: (await dbRows('SELECT id FROM files')).length, objects: storedObjects().length }).toEqual(before);
    },
  );

  it('enforces the max upload size with 413 and leaves nothing behind, for raw and form uploads', async () => {
    await setSetting('max_upload_size', '1');
    try {
      expect((await call('GET', '/system/max-upload-size')).body.data.max_upload_size).toBe(1);
      const before = { rows: (await dbRows('SELECT id FROM files')).length, objects: storedObjects().length };
      const big = Buffer.alloc(1024 * 1024 + 10, 7);
      const raw = await put('big.bin', big);
      expect(raw.status).toBe(413);
      const form = new FormData();
      form.append('file', new Blob([big]), 'big.bin');
      const multipart = await call('POST', '/upload', { auth: admin, raw: form });
      expect(multipart.status).toBe(413);
      expect({ rows: (await dbRows('SELECT id FROM files')).length, objects: storedObjects().length }).toEqual(before);
    } finally {
      await setSetting('max_upload_size', '100');
    }
  });

  it('POST /upload takes the v0.7.3 form order (file first) and the options after it', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('form body')]), 'form.txt');
    form.append('remark', 'from form');
    form.append('expires_in', '1');
    const { status, body } = await call('POST', '/upload', { auth: fileKey, raw: form });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ filename: 'form.txt', remark: 'from form', size: 9 });
    const hours = (new Date(body.data.expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(0.9);
    expect((await call('GET', `/file-download/${body.data.slug}`)).body.toString()).toBe('form body');
    expect(fs.readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('refuses uploads without the file permission (403) or credentials (401), and a taken slug (409)', async () => {
    expect((await put('a.txt', 'x', '', textKey)).status).toBe(403);
    expect((await call('PUT', '/upload-direct/a.txt', { raw: 'x' })).status).toBe(401);
    const slug = unique('taken');
    expect((await put('a.txt', 'x', `?slug=${slug}`)).status).toBe(200);
    const again = await put('b.txt', 'y', `?slug=${slug}`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('已被占用');
    expect((await put('c.txt', 'z', '?slug=bad%20slug')).status).toBe(400);
  });

  it('answers 410 for an expired share and removes its object', async () => {
    const f = (await put('soon.txt', 'soon gone', '?slug=' + unique('exp'))).body.data;
    await withServerDb(server, (db) =>
      db.run('UPDATE files SET expires_at = ? WHERE id = ?', db.time(new Date(Date.now() - 1000)), f.id),
    );
    const objectsBefore = storedObjects().length;
    expect((await call('GET', `/file-download/${f.slug}`)).status).toBe(410);
    expect(storedObjects().length).toBe(objectsBefore - 1);
    expect((await call('GET', `/public/files/${f.slug}`)).status).toBe(410);
  });

  describe('with an S3 storage config', () => {
    beforeAll(async () => {
      const { body } = await call('POST', '/s3-configs', {
        auth: admin,
        body: {
          name: 'Test S3',
          provider_type: 'Other',
          endpoint_url: bucket.env.endpoint,
          bucket_name: bucket.bucket,
          region: bucket.env.region,
          access_key_id: bucket.env.accessKeyId,
          secret_access_key: bucket.env.secretAccessKey,
          path_style: true,
          default_folder: 'shares',
        },
      });
      expect(body.code).toBe(201);
      s3ConfigId = body.data.id;
      expect(JSON.stringify(body)).not.toContain(bucket.env.secretAccessKey);
    });

    it('tests the config with real calls', async () => {
      const { body } = await call('POST', `/s3-configs/${s3ConfigId}/test`, {
        auth: admin,
        headers: { Origin: 'http://127.0.0.1:9' },
      });
      expect(body.data.result.read.success).toBe(true);
      expect(body.data.result.write.success).toBe(true);
      expect(body.data.result.frontendSim.success).toBe(true);
      expect(typeof body.data.result.cors.note).toBe('string');
    });

    it('tests the local config whatever Origin the caller sends, or none (never fetching that host)', async () => {
      const configs = (await call('GET', '/s3-configs', { auth: admin })).body.data as {
        id: string;
        storage_type: string;
      }[];
      const local = configs.find((c) => c.storage_type === 'local');
      expect(local).toBeDefined();
      const origins: Record<string, string>[] = [{ Origin: 'http://evil.example:9' }, { Origin: 'null' }, {}];
      for (const headers of origins) {
        const res = await call('POST', `/s3-configs/${local!.id}/test`, { auth: admin, headers });
        expect(res.status, JSON.stringify(headers)).toBe(200);
        const result = res.body.data.result;
        expect(result.read.success).toBe(true);
        expect(result.write.success).toBe(true);
        // The browser's round trip through the app's own signed URLs, made against the app itself.
        expect(result.frontendSim.success, JSON.stringify(result.frontendSim)).toBe(true);
      }
    });

    it('uploads to S3 and downloads byte-identical through the proxy and through a presigned redirect', async () => {
      const data = randomBytes(2_000_000);
      const proxied = (await put('s3.bin', data, `?s3_config_id=${s3ConfigId}`)).body.data;
      expect(md5((await call('GET', `/file-download/${proxied.slug}`)).body)).toBe(md5(data));
      const direct = (await put('s3-direct.bin', data, `?s3_config_id=${s3ConfigId}&use_proxy=0`)).body.data;
      const redirect = await call('GET', `/file-download/${direct.slug}`);
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get('location')!;
      expect(location).toContain(bucket.bucket);
      expect(md5(Buffer.from(await (await fetch(location)).arrayBuffer()))).toBe(md5(data));
    });

    it('lets keys use only public configs', async () => {
      const res = await put('k.txt', 'x', `?s3_config_id=${s3ConfigId}`, fileKey);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('没有权限使用此存储配置');
      const visible = (await call('GET', '/s3-configs', { auth: fileKey })).body.data.map((c: { id: string }) => c.id);
      expect(visible).not.toContain(s3ConfigId);
    });

    it('refuses to delete a config that files use (409, with the message the client matches)', async () => {
      const res = await call('DELETE', `/s3-configs/${s3ConfigId}`, { auth: admin });
      expect(res.status).toBe(409);
      expect(res.body.message).toContain('有文件正在使用');
    });
  });

  it('manages records: list, detail without secrets, edit, batch delete with modes', async () => {
    const a = (await put('m1.txt', 'one', '?password=pp', fileKey)).body.data;
    const b = (await put('m2.txt', 'two', '', fileKey)).body.data;
    const list = await call('GET', '/files?limit=50', { auth: fileKey });
    expect(list.body.data.pagination).toMatchObject({ limit: 50, offset: 0, hasMore: false });
    const mine = list.body.data.files.map((f: { id: string }) => f.id);
    expect(mine).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(list.body.data.files.every((f: { created_by: string }) => f.created_by.startsWith('apikey:'))).toBe(true);
    expect(JSON.stringify(list.body)).not.toMatch(/password_hash|scrypt/);
    const detail = await call('GET', `/files/${a.id}`, { auth: fileKey });
    expect(detail.body.data).toMatchObject({
      has_password: true,
      plain_password: 'pp',
      storage_provider_type: 'Local',
    });
    expect(detail.body.data.urls.proxyDownloadUrl).toContain(`/api/file-download/${a.slug}`);
    expect(
      (await call('PUT', `/files/${a.id}`, { auth: fileKey, body: { remark: 'changed', max_views: 5, password: '' } }))
        .body.success,
    ).toBe(true);
    const edited = (await call('GET', `/public/files/${a.slug}`)).body.data;
    expect(edited).toMatchObject({ remark: 'changed', max_views: 5, requires_password: false, views: 1 });
    expect((await call('GET', `/files/${a.id}`, { auth: textKey })).status).toBe(403);

    const objectsBefore = storedObjects().length;
    const keptBefore = storedObjects(true).length;
    const del = await call('DELETE', '/files/batch-delete', {
      auth: fileKey,
      body: { ids: [a.id, 'nope'], delete_mode: 'record_only' },
    });
    expect(del.body.data.success).toBe(1);
    expect(del.body.data.failed).toHaveLength(1);
    // Kept, out of the reserved prefix, where a mount of the storage reaches it.
    expect([storedObjects().length, storedObjects(true).length]).toEqual([objectsBefore - 1, keptBefore + 1]);
    await call('DELETE', '/files/batch-delete', { auth: fileKey, body: { ids: [b.id] } });
    expect([storedObjects().length, storedObjects(true).length]).toEqual([objectsBefore - 2, keptBefore + 1]);
    expect(
      (await call('DELETE', '/files/batch-delete', { auth: fileKey, body: { ids: [b.id], delete_mode: 'all' } }))
        .status,
    ).toBe(400);
  });

  it('office preview gives a URL for Office documents only', async () => {
    const doc = (await put('report.docx', 'PK fake docx')).body.data;
    const ok = await call('GET', `/office-preview/${doc.slug}`);
    expect(ok.body).toMatchObject({ filename: 'report.docx', is_temporary: true });
    expect(ok.body.url).toMatch(/^http/);
    const txt = (await put('n.txt', 'x')).body.data;
    const refused = await call('GET', `/office-preview/${txt.slug}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: '不是Office文件类型' });
  });
});
