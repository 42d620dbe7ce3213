import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server';
import { withServerDb } from '../support/server-db';

/** The JSON API base of docs/product/api.md §1–§2, against the real production build and a real database. */
describe('API base', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const api = (p: string, init?: RequestInit) => fetch(`${server.url}/api${p}`, { redirect: 'manual', ...init });

  it('GET /api/health answers a bare object', async () => {
    const res = await api('/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
    expect(body).not.toHaveProperty('code');
  });

  it('GET /api/version answers the envelope with version 0.7.3', async () => {
    const res = await api('/version');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({
      code: 200,
      success: true,
      data: { version: '0.7.3', storage: server.databaseUrl ? 'PostgreSQL' : 'SQLite' },
    });
    expect(typeof body.message).toBe('string');
    expect(body.data.uptime).toBeGreaterThanOrEqual(0);
  });

  it('GET /api/system/max-upload-size defaults to 100 (MB)', async () => {
    const body = await (await api('/system/max-upload-size')).json();
    expect(body).toMatchObject({ code: 200, success: true, data: { max_upload_size: 100 } });
  });

  it('an unknown /api path is a 404 envelope', async () => {
    const res = await api('/no/such/thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 404, message: '未找到请求的资源', data: null, success: false });
  });

  it('malformed JSON is a 400 envelope with a clear message, never a 500', async () => {
    const res = await api('/version', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":',
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body).toMatchObject({ code: 400, success: false, data: null });
    expect(body.message).toContain('JSON');
  });

  it('an oversized JSON body is a 413 envelope', async () => {
    const big = JSON.stringify({ content: 'x'.repeat(11 * 1024 * 1024) });
    const res = await api('/version', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe(413);
  });

  it('answers CORS preflights as docs/product/api.md §1.1 says', async () => {
    const res = await api('/paste', {
      method: 'OPTIONS',
      headers: { Origin: 'https://client.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://client.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('access-control-allow-methods')).toContain('PROPFIND');
    expect(res.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(res.headers.get('access-control-max-age')).toBe('86400');
  });

  it('echoes the Origin and exposes ETag on simple requests, and sends nosniff', async () => {
    const res = await api('/version', { headers: { Origin: 'http://other.test:3000' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('http://other.test:3000');
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const noOrigin = await api('/version');
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('/dav is the WebDAV door: a challenge without credentials, never a page', async () => {
    const res = await fetch(`${server.url}/dav/some/file`, { method: 'PROPFIND' });
    expect(res.status).toBe(401);
    expect(res.headers.get('WWW-Authenticate')).toContain('Basic realm="WebDAV"');
  });

  it('an unknown page redirects to /, and /not-found is a 404 page', async () => {
    const res = await fetch(`${server.url}/definitely/not/here`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!, server.url).pathname).toBe('/');
    const nf = await fetch(`${server.url}/not-found`, { headers: { 'Accept-Language': 'en' } });
    expect(nf.status).toBe(404);
    expect(await nf.text()).toContain('Page not found');
  });

  it('renders the home page in the browser language, and the lng cookie wins', async () => {
    const en = await (await fetch(server.url, { headers: { 'Accept-Language': 'en-US,en;q=0.9' } })).text();
    expect(en).toContain('<html lang="en"');
    expect(en).toContain('<title>Online clipboard · Cloudclip</title>');
    const zh = await (await fetch(server.url, { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } })).text();
    expect(zh).toContain('<html lang="zh-CN"');
    expect(zh).toContain('在线剪贴板');
    const chosen = await (
      await fetch(server.url, {
        headers: { 'Accept-Language': 'zh-CN', Cookie: `lng=${encodeURIComponent(btoa('"en"'))}` },
      })
    ).text();
    expect(chosen).toContain('<html lang="en"');
  });

  it('switches language and theme through plain form posts', async () => {
    const lang = await fetch(`${server.url}/prefs/language`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'lng=zh&redirectTo=%2Fupload',
    });
    expect(lang.status).toBe(302);
    expect(lang.headers.get('location')).toBe('/upload');
    const lngCookie = lang.headers.get('set-cookie')!.split(';')[0];
    const theme = await fetch(`${server.url}/prefs/theme`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'theme=dark&redirectTo=https%3A%2F%2Fevil.example',
    });
    expect(theme.headers.get('location')).toBe('/');
    const themeCookie = theme.headers.get('set-cookie')!.split(';')[0];
    const page = await (
      await fetch(`${server.url}/upload`, {
        headers: { 'Accept-Language': 'en', Cookie: `${lngCookie}; ${themeCookie}` },
      })
    ).text();
    expect(page).toContain('<html lang="zh-CN" data-theme="dark" class="dark"');
  });

  it('records the migrations it applied (and runs SQLite in WAL mode)', async () => {
    await withServerDb(server, async (db) => {
      const rows = await db.all<{ migration_name: string; finished_at: unknown }>(
        'SELECT migration_name, finished_at FROM _prisma_migrations',
      );
      expect(rows.length).toBeGreaterThan(3);
      expect(rows.every((r) => r.finished_at !== null)).toBe(true);
      if (db.dialect === 'sqlite') expect(await db.all('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
    });
  });
});

describe('first start', () => {
  it('without ADMIN_PASSWORD generates a random admin password, prints it once, stores only a hash', async () => {
    const first = await startServer({ env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, keepData: true });
    const dataDir = first.dataDir;
    try {
      const match = /"password":"([^"]+)"/.exec(first.output());
      expect(match).not.toBeNull();
      const password = match![1];
      expect(password).toMatch(/^\S{16,}$/);
      expect(password).not.toBe('admin123');
      const admins = await withServerDb(first, (db) =>
        db.all<{ username: string; password_hash: string }>('SELECT username, password_hash FROM admins'),
      );
      expect(admins).toHaveLength(1);
      expect(admins[0]!.username).toBe('admin');
      expect(admins[0]!.password_hash).toMatch(/^scrypt\$/);
      expect(admins[0]!.password_hash).not.toContain(password);
    } finally {
      await first.stop();
    }
    const second = await startServer({ env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '' }, dataDir });
    try {
      expect(second.output()).not.toMatch(/"password"/);
    } finally {
      await second.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("keeps Node's compile cache in the data folder, and empties it when the build changes", async () => {
    // NODE_COMPILE_CACHE empty: the app's own cache, as `npm start` runs it (the suite shares one).
    const env = { NODE_COMPILE_CACHE: '' };
    const first = await startServer({ env, keepData: true });
    const cache = path.join(first.dataDir, 'cache', 'compile');
    const files = () => fs.readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    try {
      expect(fs.readFileSync(path.join(cache, 'build'), 'utf8')).toMatch(/^v\d+\.\d+\.\d+ \d+ [\d.]+\n$/);
    } finally {
      await first.stop();
    }
    // Node writes the compiled modules as the process exits.
    expect(files().length).toBeGreaterThan(50);
    // Another build's cache: the next start empties it before it reads anything.
    fs.writeFileSync(path.join(cache, 'build'), 'v0.0.0 1 1\n');
    fs.writeFileSync(path.join(cache, 'stale-entry'), 'old');
    const second = await startServer({ env, dataDir: first.dataDir });
    try {
      expect(fs.existsSync(path.join(cache, 'stale-entry'))).toBe(false);
      expect(fs.readFileSync(path.join(cache, 'build'), 'utf8')).toMatch(/^v\d+/);
    } finally {
      await second.stop();
      fs.rmSync(first.dataDir, { recursive: true, force: true });
    }
  });

  it('shuts down gracefully on SIGTERM', async () => {
    const server = await startServer();
    await server.stop();
    expect(server.output()).toContain('SIGTERM received: finishing requests in flight');
  });
});
