import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

/**
 * Faults, races and hostile input against the real build (docs/product/spec.md §8): every case
 * reproduces a failure an adversarial run found, and must hold. The run prints every case and a
 * final "reliability: N/M hold" line (tests/reliability/cases.ts).
 */
afterEach(recordCase);

/** A request with headers of our choosing and a body that may not match them (a lying client). */
function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: Buffer | string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: options.method,
        path: options.path,
        headers: options.headers,
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // Headers go now; a body shorter than Content-Length keeps the request open, as a slow client would.
    if (options.body !== undefined) req.write(options.body);
    req.flushHeaders();
  });
}

describe('reliability: hostile input and racing guesses', () => {
  let server: RunningServer;
  let auth: string;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer({ env: { LOGIN_RATE_LIMIT: '10/900', PASSWORD_RATE_LIMIT: '20/600' } });
    // Logged in before the guessing cases use up the admin's login limit.
    auth = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  it('a garbage gzip body on a JSON endpoint is a 400, not a 500', async () => {
    const res = await call('POST', '/admin/login', {
      raw: 'certainly not gzip',
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.key).toBe('bodyUnreadable');
  });

  it('a JSON body declared as 10 GiB is refused with 413 at once, without reading it', async () => {
    const started = Date.now();
    const res = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/admin/login',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(10 * 1024 ** 3) },
      body: '{',
    });
    expect(res.status).toBe(413);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a page action posted without a form body is a 415, and PUT or DELETE on a page a 405', async () => {
    const headers = { Origin: server.url };
    const noBody = await fetch(`${server.url}/admin/login`, { method: 'POST', headers });
    expect(noBody.status).toBe(415);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${server.url}/paste/anything`, { method, headers });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
    }
  });

  it('an explorer form post with an intent it does not know is a 400, never another intent', async () => {
    const form = formClient(() => server.url);
    await form.login();
    await call('POST', '/admin/mounts', {
      auth,
      body: {
        name: 'hostile',
        mount_path: '/hostile',
        storage_config_id: (await call('GET', '/s3-configs', { auth })).body.data[0].id,
      },
    });
    // The same form with a known intent makes the folder: the check below can fail.
    const made = await form.post('/mount-explorer/hostile', { intent: 'mkdir', folder: 'made' });
    expect(made.status).toBe(302);
    for (const intent of ['drop-everything', '']) {
      const res = await form.post('/mount-explorer/hostile', { intent, folder: `unknown${intent}` });
      expect(res.status, intent).toBe(400);
    }
    const names = (await call('GET', '/fs/list?path=/hostile', { auth })).body.data.items.map(
      (i: { name: string }) => i.name,
    );
    expect(names).toEqual(['made']);
  });

  it('a NUL in a search, a 300-byte name and an offset past any list are 4xx or an empty page, never a 500', async () => {
    const configs = await call('GET', '/s3-configs', { auth });
    await call('POST', '/admin/mounts', {
      auth,
      body: { name: 'names', mount_path: '/names', storage_config_id: configs.body.data[0].id },
    });
    const search = await call('GET', '/fs/search?q=ab%00cd', { auth });
    expect(search.status).toBe(400);
    expect(search.body.error.key).toBe('searchQueryInvalid');
    const long = 'n'.repeat(300);
    const mkdir = await call('POST', '/fs/mkdir', { auth, body: { path: `/names/${long}/` } });
    expect(mkdir.status).toBe(400);
    expect(mkdir.body.error.key).toBe('fsNameTooLong');
    const update = await call('POST', '/fs/update', { auth, body: { path: `/names/${long}.txt`, content: 'x' } });
    expect(update.status).toBe(400);
    // The same write with a name the disk takes works: the refusal was the name's.
    expect((await call('POST', '/fs/update', { auth, body: { path: '/names/short.txt', content: 'x' } })).status).toBe(
      200,
    );
    for (const list of ['/files', '/pastes']) {
      const far = await call('GET', `${list}?offset=99999999999999999999&limit=5`, { auth });
      expect(far.status, list).toBe(200);
    }
  });

  it('a form post whose multipart body does not parse is a 400 with the reason, not a 500', async () => {
    for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=abc']) {
      const answer = await fetch(`${server.url}/admin/login`, {
        method: 'POST',
        headers: { Origin: server.url, 'Content-Type': contentType, 'Accept-Language': 'en' },
        body: 'garbage',
      });
      expect(answer.status, contentType).toBe(400);
      expect(await answer.text()).toContain('The form could not be read');
    }
    // A well-formed multipart login is read: the refusal was the body's.
    const form = new FormData();
    // An empty password is refused before any check: no guess counts against the login limit.
    form.append('username', 'admin');
    form.append('password', '');
    const read = await fetch(`${server.url}/admin/login`, {
      method: 'POST',
      headers: { Origin: server.url },
      body: form,
    });
    expect(read.status).toBe(400);
    expect(await read.text()).not.toContain('could not be read');
  });

  it('a malformed percent-escape in an address is a 400 at every door, and no error is logged', async () => {
    const before = server.output().length;
    for (const path of [
      '/paste/%E4%B',
      '/file/%E4%B',
      '/mount-explorer/%E4%B',
      '/api/file-download/%E4%B',
      '/api/p/%E4%B',
    ])
      expect((await fetch(`${server.url}${path}`, { headers: { Authorization: auth } })).status, path).toBe(400);
    const last = await fetch(`${server.url}/dav/%E4%B`, { method: 'PROPFIND', headers: { Authorization: auth } });
    expect(last.status).toBe(400);
    const logged = (await server.logThrough(last.headers.get('x-request-id'))).slice(before);
    expect(logged).toContain('"status":400'); // the requests were logged
    expect(logged).not.toMatch(/URIError|Unhandled|could not be decoded/);
  });

  it('a non-ASCII redirectTo is percent-encoded in the redirect, not a 500', async () => {
    const res = await fetch(`${server.url}/prefs/theme`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ theme: 'dark', redirectTo: '/paste/你好' }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/paste/%E4%BD%A0%E5%A5%BD');
  });

  it('200 concurrent wrong admin passwords: only the limit (10) are ever checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        call('POST', '/admin/login', { body: { username: 'admin', password: 'wrong' } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(190);
    expect(answers.find((a) => a.status === 429)?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('60 concurrent wrong share passwords: only the limit (20) are ever checked', async () => {
    // A fresh server: the login limit above must not stand in the way of the admin's own login.
    const other = await startServer({ env: { PASSWORD_RATE_LIMIT: '20/600' } });
    try {
      const api = apiClient(() => other.url);
      const auth = await adminAuth(api);
      const paste = await api('POST', '/paste', { auth, body: { content: 'guarded', password: 'right' } });
      const slug = paste.body.slug as string;
      const answers = await Promise.all(
        Array.from({ length: 60 }, () => api('POST', `/paste/${slug}`, { body: { password: 'wrong' } })),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 401 || s === 403)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    } finally {
      await other.stop();
    }
  });

  it('guesses at the current password of an account change count against the login limit', async () => {
    const other = await startServer({ env: { LOGIN_RATE_LIMIT: '3/900' } });
    try {
      const api = apiClient(() => other.url);
      const auth = await adminAuth(api);
      const guess = () =>
        api('POST', '/admin/change-password', {
          auth,
          body: { currentPassword: 'guess', newPassword: 'whatever-1234' },
        });
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await guess()).status);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await other.stop();
    }
  });

  it("strangers' guesses at other names cannot lock the admin out; guesses at the admin's name still can", async () => {
    const other = await startServer({ env: { LOGIN_RATE_LIMIT: '3/900' } });
    try {
      const api = apiClient(() => other.url);
      const login = async (username: string, password: string) =>
        (await api('POST', '/admin/login', { body: { username, password } })).status;
      const statuses = async (username: string, password: string, times: number) => {
        const out = [];
        for (let i = 0; i < times; i++) out.push(await login(username, password));
        return out;
      };
      expect(await statuses('root', 'guess', 4)).toEqual([401, 401, 401, 429]);
      expect(await login('admin', 'test-admin-password')).toBe(200);
      expect(await statuses('admin', 'guess', 3)).toEqual([401, 401, 401]);
      expect(await login('admin', 'test-admin-password')).toBe(429);
    } finally {
      await other.stop();
    }
  });

  it('a Host header alone never makes the links we answer with', async () => {
    const put = await call('PUT', '/upload-direct/links.txt', { auth, raw: 'linked' });
    const slug = put.body.data.slug as string;
    const lookedUp = (headers: Record<string, string>) =>
      rawRequest(server.url, { method: 'GET', path: `/api/public/files/${slug}`, headers });
    const control = await lookedUp({ Host: new URL(server.url).host });
    expect(control.text).toContain(`${server.url}/api/file-download/${slug}`);
    const forged = await lookedUp({ Host: 'evil.example' });
    expect(forged.status).toBe(200);
    expect(forged.text).not.toContain('evil.example');
    expect(forged.text).toContain(`${server.url}/api/file-download/${slug}`);
  });
});
