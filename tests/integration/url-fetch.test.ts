import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Principal } from '~/auth/principal';
import { loadConfig } from '~/config.server';
import { apiRouter } from '~/http/api';
import '~/i18n/resources.server';
import { translate } from '~/i18n/translate';
import { AppError } from '~/lib/errors';
import { urlFetchAllowedHosts } from '~/models/settings/settings.server';
import { openUrlSource, probeUrl } from '~/models/shares/create/url-source.server';
import { uploadShareFromUrl } from '~/models/shares/create/url-upload.server';
import { authenticateApiKey, createApiKey } from '~/models/accounts/api-keys.server';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import type { LookupAll } from '~/net/safe-fetch.server';
import { closeServices, initServices, type Services } from '~/services.server';

/**
 * URL upload helpers against a real origin server on 127.0.0.1 and the real app (in-process, real
 * SQLite file): the SSRF filter refuses the loopback origin until the admin allow-lists it.
 */

const MB = 1024 * 1024;
const FILE_TEXT = 'hello world';
const LAST_MODIFIED = 'Wed, 21 Oct 2015 07:28:00 GMT';

interface Hit {
  method: string;
  path: string;
  host: string;
}

/** The remote "internet": every route a test needs, and a log of what reached it. */
function startOrigin(): Promise<{ server: http.Server; base: string; port: number; hits: Hit[] }> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    hits.push({ method: req.method ?? '', path: url.pathname, host: req.headers.host ?? '' });
    const send = (status: number, headers: Record<string, string | number>, body = '') => {
      res.writeHead(status, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    switch (url.pathname) {
      case '/file.txt':
        return send(
          200,
          {
            'Content-Type': 'text/plain; charset=utf-8',
            'Content-Length': FILE_TEXT.length,
            'Last-Modified': LAST_MODIFIED,
            'Access-Control-Allow-Origin': '*',
          },
          FILE_TEXT,
        );
      case '/export':
        // HEAD not allowed: the probe must fall back to GET; the name comes from Content-Disposition.
        if (req.method === 'HEAD') return send(405, { Allow: 'GET' });
        return send(
          200,
          {
            'Content-Type': 'application/pdf',
            'Content-Length': 7,
            'Content-Disposition': 'attachment; filename="report.pdf"',
          },
          '%PDF-1.',
        );
      case '/noname':
        return send(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': 3 }, 'abc');
      case '/cors-echo':
        return send(200, { 'Access-Control-Allow-Origin': req.headers.origin ?? 'none', 'Content-Length': 2 }, 'ok');
      case '/page.html':
        return send(200, { 'Content-Type': 'text/html' }, '<script>alert(document.cookie)</script>');
      case '/missing':
        return send(404, { 'Content-Type': 'text/plain' }, 'nope');
      case '/redirect':
        return send(302, { Location: '/file.txt' });
      case '/to-private':
        return send(302, { Location: 'http://10.0.0.1/secret' });
      case '/to-other-loopback':
        return send(301, { Location: `http://127.0.0.2:${url.searchParams.get('port')}/file.txt` });
      case '/to-metadata':
        return send(307, { Location: 'http://169.254.169.254/latest/meta-data/' });
      case '/loop':
        return send(302, { Location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` });
      case '/big-declared':
        res.writeHead(200, { 'Content-Length': 2 * MB });
        return res.end(Buffer.alloc(2 * MB, 1));
      case '/big-chunked': {
        // No Content-Length: only the byte counter can stop it.
        res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
        const chunk = Buffer.alloc(64 * 1024, 2);
        let sent = 0;
        const pump = () => {
          while (sent < 3 * MB) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', pump);
          }
          res.end();
        };
        res.on('error', () => undefined);
        return pump();
      }
      case '/hang':
        return; // never answers
      case '/truncated':
        // Promises 100 bytes, sends 5, hangs up.
        res.writeHead(200, { 'Content-Length': 100 });
        res.write('short');
        return setTimeout(() => res.socket?.destroy(), 50);
      case '/slow-body':
        res.writeHead(200, { 'Content-Length': 100 });
        return res.write('first bytes…'); // then stalls
      default:
        return send(404, {});
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, base: `http://127.0.0.1:${port}`, port, hits });
    }),
  );
}

const zh = (key: string, values?: Record<string, unknown>) => translate('zh', `errors.${key}`, values);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('URL upload helpers (docs/product/api.md §3.9)', () => {
  let dataDir: string;
  let services: Services;
  let app: http.Server;
  let appUrl: string;
  let origin: Awaited<ReturnType<typeof startOrigin>>;
  let admin: Principal;

  const setSetting = (key: string, value: string) => services.db.setting.update({ where: { key }, data: { value } });
  const allow = (value: string) => setSetting('url_fetch_allowed_hosts', value);

  /** The admin's token: the allow-list is for callers who may upload (anonymous calls are tested apart). */
  let adminAuth: Record<string, string> = {};
  async function info(url: string, headers: Record<string, string> = adminAuth) {
    const res = await fetch(`${appUrl}/api/url/info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ url }),
    });
    return { status: res.status, body: await res.json() };
  }
  const proxy = (url: string, init: RequestInit = {}) =>
    fetch(`${appUrl}/api/url/proxy?url=${encodeURIComponent(url)}`, {
      ...init,
      headers: { ...adminAuth, ...(init.headers as Record<string, string> | undefined) },
    });

  function expectRefused(status: number, body: { message: string; error?: { key: string } }) {
    expect(status).toBe(400);
    expect(body.message).toBe(zh('urlNotAllowed'));
    expect(body.error?.key).toBe('urlNotAllowed');
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-url-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'test-admin-password',
      // Many fetches from one address in a few seconds: the per-address rate is tested in tests/reliability.
      URL_FETCH_RATE_LIMIT: '10000/60',
      LOG_LEVEL: 'silent',
    });
    services = await initServices(config);
    const web = express();
    web.use('/api', apiRouter(services));
    app = web.listen(0, '127.0.0.1');
    await new Promise((resolve) => app.once('listening', resolve));
    appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    origin = await startOrigin();
    const row = await services.db.admin.findFirstOrThrow();
    admin = { kind: 'admin', adminId: row.id, username: row.username };
    const login = await fetch(`${appUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'test-admin-password' }),
    });
    adminAuth = { Authorization: `Bearer ${((await login.json()) as { data: { token: string } }).data.token}` };
  });
  afterAll(async () => {
    app?.closeAllConnections();
    await new Promise((resolve) => app?.close(resolve));
    origin?.server.closeAllConnections();
    await new Promise((resolve) => origin?.server.close(resolve));
    await closeServices();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await allow('');
    await setSetting('max_upload_size', '100');
  });

  it('seeds url_fetch_allowed_hosts empty (off) and reads it as a list', async () => {
    const row = await services.db.setting.findUniqueOrThrow({ where: { key: 'url_fetch_allowed_hosts' } });
    expect(row).toMatchObject({ value: '', groupId: 1, type: 'text' });
    expect(await urlFetchAllowedHosts(services)).toEqual([]);
    await allow(' 127.0.0.1, nas.lan\n10.0.0.0/8 ');
    expect(await urlFetchAllowedHosts(services)).toEqual(['127.0.0.1', 'nas.lan', '10.0.0.0/8']);
  });

  it('refuses the loopback origin by default, with the generic message, without contacting it', async () => {
    const before = origin.hits.length;
    for (const url of [`${origin.base}/file.txt`, `http://localhost:${origin.port}/file.txt`, 'http://10.0.0.1/']) {
      const { status, body } = await info(url);
      expectRefused(status, body);
      const res = await proxy(url);
      expectRefused(res.status, await res.json());
    }
    // A name that does not resolve answers exactly like a private address.
    const dnsFailure = await info('http://no-such-host.invalid/file.txt');
    expectRefused(dnsFailure.status, dnsFailure.body);
    expect(origin.hits.length).toBe(before);
  });

  it('answers 400 for a missing or non-http(s) URL', async () => {
    const missing = await fetch(`${appUrl}/api/url/info`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(zh('urlRequired'));
    expect((await proxy('')).status).toBe(400);
    const ftp = await info('ftp://example.com/file');
    expectRefused(ftp.status, ftp.body);
  });

  it('keeps the allow-list for callers who may upload: anonymous calls are refused, the proxy saying why', async () => {
    await allow('127.0.0.1');
    const hitsBefore = origin.hits.length;
    const anonymousInfo = await info(`${origin.base}/file.txt`, {});
    expectRefused(anonymousInfo.status, anonymousInfo.body);
    // The v0.7.3 client's no-CORS fallback fetches the proxy without credentials: refused, with why
    // and what works instead (issue 28 B14).
    const anonymousProxy = await proxy(`${origin.base}/file.txt`, { headers: { Authorization: '' } });
    expect(anonymousProxy.status).toBe(403);
    const body = await anonymousProxy.json();
    expect(body.error.key).toBe('urlProxyUploadersOnly');
    expect(body.message).toBe(zh('urlProxyUploadersOnly'));
    // A private host nobody allow-listed keeps the generic refusal: nothing learnt about it.
    await allow('');
    const unlisted = await proxy(`${origin.base}/file.txt`, { headers: { Authorization: '' } });
    expectRefused(unlisted.status, await unlisted.json());
    await allow('127.0.0.1');
    // Nothing was sent to the private address for them…
    expect(origin.hits.length).toBe(hitsBefore);
    // …while the admin, with the same setting, reads it.
    expect((await info(`${origin.base}/file.txt`)).status).toBe(200);
    expect(origin.hits.length).toBeGreaterThan(hitsBefore);
  });

  it('probes an allow-listed origin with HEAD: name, type, size, date, CORS', async () => {
    await allow('127.0.0.1');
    const { status, body } = await info(`${origin.base}/file.txt`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ code: 200, success: true, message: zh('urlInfoLoaded') });
    expect(body.data).toEqual({
      url: `${origin.base}/file.txt`,
      filename: 'file.txt',
      contentType: 'text/plain; charset=utf-8',
      size: FILE_TEXT.length,
      lastModified: LAST_MODIFIED,
      method: 'HEAD',
      corsSupported: true,
    });
    expect(origin.hits.at(-1)).toMatchObject({ method: 'HEAD', path: '/file.txt' });
  });

  it('falls back to GET when HEAD answers 405; name from Content-Disposition, else "download"', async () => {
    await allow('127.0.0.1');
    const before = origin.hits.length;
    const exported = await info(`${origin.base}/export`);
    expect(exported.status).toBe(200);
    expect(exported.body.data).toMatchObject({
      filename: 'report.pdf',
      contentType: 'application/pdf',
      size: 7,
      lastModified: null,
      method: 'GET',
      corsSupported: false,
    });
    expect(origin.hits.slice(before).map((h) => h.method)).toEqual(['HEAD', 'GET']);
    const noname = await info(`${origin.base}/noname`);
    expect(noname.body.data).toMatchObject({ filename: 'download', size: 3, method: 'HEAD' });
  });

  it('reports CORS support when the origin echoes our origin', async () => {
    await allow('127.0.0.1');
    const { body } = await info(`${origin.base}/cors-echo`);
    expect(body.data.corsSupported).toBe(true);
  });

  it('a remote error status is a 500 on url/info and a 400 on the proxy', async () => {
    await allow('127.0.0.1');
    const { status, body } = await info(`${origin.base}/missing`);
    expect(status).toBe(500);
    expect(body.message).toBe(zh('urlRemoteStatus', { status: 404 }));
    expect(body.error).toEqual({ key: 'urlRemoteStatus', params: { status: 404 } });
    const res = await proxy(`${origin.base}/missing`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.key).toBe('urlRemoteStatus');
  });

  it('an unreachable allowed target gets the separate "could not reach" message', async () => {
    await allow('127.0.0.1');
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const { status, body } = await info(`http://127.0.0.1:${port}/file.txt`);
    expect(status).toBe(400);
    expect(body.message).toBe(zh('urlUnreachable'));
    expect(body.message.startsWith('无法访问URL')).toBe(true);
  });

  it('follows redirects within allowed hosts, re-checking each hop', async () => {
    await allow('127.0.0.1');
    const res = await proxy(`${origin.base}/redirect`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(FILE_TEXT);

    for (const hop of ['/to-private', `/to-other-loopback?port=${origin.port}`, '/to-metadata']) {
      const { status, body } = await info(`${origin.base}${hop}`);
      expectRefused(status, body);
      const proxied = await proxy(`${origin.base}${hop}`);
      expectRefused(proxied.status, await proxied.json());
    }
    // Only the allow-listed address was contacted: 127.0.0.2 never saw a request.
    expect(origin.hits.some((h) => h.host.startsWith('127.0.0.2'))).toBe(false);
  });

  it('stops after 5 redirects', async () => {
    await allow('127.0.0.1');
    const before = origin.hits.length;
    const res = await proxy(`${origin.base}/loop`);
    expect(res.status).toBe(400);
    expect((await res.json()).error.key).toBe('urlUnreachable');
    expect(origin.hits.length - before).toBe(6);
  });

  it('serves proxied files as inert downloads: attachment, nosniff, sandbox CSP, CORS *', async () => {
    await allow('127.0.0.1');
    const res = await proxy(`${origin.base}/page.html`, { headers: { Origin: 'https://other.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="page\.html"/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toMatch(/\bsandbox\b/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(await res.text()).toBe('<script>alert(document.cookie)</script>');

    const file = await proxy(`${origin.base}/file.txt`);
    expect(file.headers.get('content-length')).toBe(String(FILE_TEXT.length));
    expect(file.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('caps the size at max_upload_size: declared sizes up front, undeclared ones mid-stream', async () => {
    await allow('127.0.0.1');
    await setSetting('max_upload_size', '1');
    const declared = await proxy(`${origin.base}/big-declared`);
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.key).toBe('fileTooLarge');

    // Headers are already out when the cap hits: the response is cut short.
    const chunked = await proxy(`${origin.base}/big-chunked`);
    expect(chunked.status).toBe(200);
    const received = await chunked.arrayBuffer().then(
      (b) => b.byteLength,
      () => -1,
    );
    expect(received).toBeLessThanOrEqual(MB);

    const source = await openUrlSource(services, admin, `${origin.base}/big-chunked`, { maxBytes: MB });
    const error = await rejection(readAll(source.stream));
    expect(error.messageKey).toBe('fileTooLarge');
  });

  it('times out on missing headers and on a stalled body', async () => {
    await allow('127.0.0.1');
    const started = Date.now();
    const hang = await rejection(
      probeUrl({ ...services, net: { headersTimeoutMs: 300 } }, admin, `${origin.base}/hang`, { origin: appUrl }),
    );
    expect(hang.messageKey).toBe('urlUnreachable');
    expect(Date.now() - started).toBeLessThan(5000);

    const slow = await openUrlSource({ ...services, net: { totalTimeoutMs: 500 } }, admin, `${origin.base}/slow-body`, {
      maxBytes: MB,
    });
    const stalled = await rejection(readAll(slow.stream));
    expect(stalled.messageKey).toBe('urlUnreachable');
  });

  it('a connection cut before the declared length is a failure, never a short file', async () => {
    await allow('127.0.0.1');
    const source = await openUrlSource(services, admin, `${origin.base}/truncated`, { maxBytes: MB });
    expect((await rejection(readAll(source.stream))).messageKey).toBe('urlUnreachable');
    const count = await services.db.fileShare.count();
    await rejection(uploadShareFromUrl(services, admin, `${origin.base}/truncated`, {}));
    expect(await services.db.fileShare.count()).toBe(count);
  });

  it('answers HEAD on the proxy with the headers only', async () => {
    await allow('127.0.0.1');
    const res = await proxy(`${origin.base}/file.txt`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="file\.txt"/);
    expect(res.headers.get('content-length')).toBe(String(FILE_TEXT.length));
    expect(await res.text()).toBe('');
  });

  it('resolves names once per hop and connects only to the vetted address (DNS rebinding)', async () => {
    await allow('127.0.0.1');
    // A hostile resolver: the first answer passes the check, every later one points into the LAN.
    let calls = 0;
    const rebinding: LookupAll = async () =>
      calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.7', family: 4 }];
    const source = await openUrlSource(
      { ...services, net: { lookup: rebinding } },
      admin,
      `http://rebind.test:${origin.port}/file.txt`,
      { maxBytes: MB },
    );
    expect((await readAll(source.stream)).toString()).toBe(FILE_TEXT);
    expect(calls).toBe(1);
    expect(origin.hits.at(-1)).toMatchObject({ host: `rebind.test:${origin.port}`, path: '/file.txt' });

    // The next hop is resolved again, gets the private answer, and is refused.
    calls = 0;
    const error = await rejection(
      openUrlSource({ ...services, net: { lookup: rebinding } }, admin, `http://rebind.test:${origin.port}/redirect`, {
        maxBytes: MB,
      }),
    );
    expect(error.messageKey).toBe('urlNotAllowed');

    // A public-looking name whose DNS points at loopback is refused when nothing is allow-listed.
    await allow('');
    const before = origin.hits.length;
    const toLoopback: LookupAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const refused = await rejection(
      probeUrl({ ...services, net: { lookup: toLoopback } }, admin, `http://cdn.example.com:${origin.port}/file.txt`, {
        origin: appUrl,
      }),
    );
    expect(refused.messageKey).toBe('urlNotAllowed');
    expect(origin.hits.length).toBe(before);
  });

  it('uploadShareFromUrl stores the remote file as a share', async () => {
    await allow('127.0.0.1');
    const deps = services;
    const file = await uploadShareFromUrl(deps, admin, `${origin.base}/file.txt`, { remark: 'from url' });
    expect(file).toMatchObject({ filename: 'file.txt', size: FILE_TEXT.length, remark: 'from url' });
    const stored = fs.readFileSync(path.join(dataDir, 'storage', file.storagePath), 'utf8');
    expect(stored).toBe(FILE_TEXT);

    const named = await uploadShareFromUrl(deps, admin, `${origin.base}/export`, { filename: 'renamed.pdf' });
    expect(named.filename).toBe('renamed.pdf');
  });

  it('uploadShareFromUrl checks the caller before fetching, and the caps and filter after', async () => {
    const deps = services;
    const before = origin.hits.length;
    const anonymous = await rejection(uploadShareFromUrl(deps, { kind: 'anonymous' }, `${origin.base}/file.txt`, {}));
    expect(anonymous.kind).toBe('unauthenticated');
    const refused = await rejection(uploadShareFromUrl(deps, admin, `${origin.base}/file.txt`, {}));
    expect(refused.messageKey).toBe('urlNotAllowed');
    expect(origin.hits.length).toBe(before);

    await allow('127.0.0.1');
    await setSetting('max_upload_size', '1');
    const count = await services.db.fileShare.count();
    const tooBig = await rejection(uploadShareFromUrl(deps, admin, `${origin.base}/big-chunked`, {}));
    expect(tooBig.messageKey).toBe('fileTooLarge');
    const declared = await rejection(uploadShareFromUrl(deps, admin, `${origin.base}/big-declared`, {}));
    expect(declared.messageKey).toBe('fileTooLarge');
    expect(await services.db.fileShare.count()).toBe(count);
  });

  it('uploadShareFromUrl holds a key to its quota: no room, no fetch; a file over it, no share', async () => {
    await allow('127.0.0.1');
    const key = async (quotas: Record<string, number>) => {
      const made = await createApiKey(
        services,
        admin,
        createApiKeySchema.parse({
          name: `url-${Object.keys(quotas)[0]}`,
          permissions: 2,
          expires_at: 'never',
          ...quotas,
        }),
      );
      return (await authenticateApiKey(services, made.key))!;
    };
    const daily = await key({ quota_day_shares: 1 });
    await uploadShareFromUrl(services, daily, `${origin.base}/file.txt`, {});
    const hits = origin.hits.length;
    expect((await rejection(uploadShareFromUrl(services, daily, `${origin.base}/file.txt`, {}))).messageKey).toBe(
      'quotaDayShares',
    );
    expect(origin.hits.length).toBe(hits);
    const small = await key({ quota_file_bytes: 5 });
    const count = await services.db.fileShare.count();
    expect((await rejection(uploadShareFromUrl(services, small, `${origin.base}/file.txt`, {}))).messageKey).toBe(
      'quotaFileBytes',
    );
    expect(await services.db.fileShare.count()).toBe(count);
  });
});
