import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page, type Request } from '@playwright/test';
import Database from 'better-sqlite3';
import { ADMIN, loginAsAdmin } from './auth-helpers';
import { dataOf, expectDownloadIdentical, MiB, setThroughput, throttle } from './direct-upload-helpers';
import { en, expectFieldError, zh } from './helpers';
import { startServer, type RunningServer } from '../support/server';
import { uniqueFileSlug, uploadedLinks } from './upload-helpers';

/**
 * Uploads from a URL (issue 6). The "remote" site is a node:http server of this test on
 * 127.0.0.1: a private address, which the app fetches only when the admin allow-lists it
 * (setting url_fetch_allowed_hosts). /cors/<name> lets any origin read the file, /plain/<name>
 * sends no CORS headers (the browser then goes through the app's /api/url/proxy).
 */
interface FileSite {
  origin: string;
  /** "METHOD /path" of every request received. */
  hits: string[];
  url(mode: 'cors' | 'plain', name: string): string;
  close(): Promise<void>;
}

const SAMPLE_TYPE = 'application/x-e2e-sample';

async function serveFiles(files: Record<string, Buffer>): Promise<FileSite> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    hits.push(`${req.method} ${pathname}`);
    const [, mode, encoded] = pathname.split('/');
    const body = files[decodeURIComponent(encoded ?? '')];
    if (!body || (mode !== 'cors' && mode !== 'plain')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': SAMPLE_TYPE,
      'Content-Length': String(body.length),
      ...(mode === 'cors'
        ? { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Content-Length' }
        : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    url: (mode, name) => `${origin}/${mode}/${encodeURIComponent(name)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Logs in and opens the URL tab; with JavaScript, waits until "Fetch info" is there. */
async function openUrlTab(page: Page, base: string, javaScriptEnabled: boolean): Promise<void> {
  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}/upload?tab=url`);
  await expect(page.getByRole('heading', { name: en.upload.url.heading })).toBeVisible();
  if (javaScriptEnabled) await expect(page.getByRole('button', { name: en.upload.url.fetchInfo })).toBeVisible();
}

/** Requests of the page to the app's URL-upload endpoints, by path (e.g. "/api/url/proxy"). */
function watchUrlApi(page: Page) {
  const seen: { path: string; request: Request }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/url/')) seen.push({ path: pathname, request });
  });
  return (pathname: string) => seen.filter((s) => s.path === pathname).map((s) => s.request);
}

test.describe('URL uploads from an allow-listed private host', () => {
  // One private server per worker, its tests in order.
  test.describe.configure({ mode: 'default' });
  test.use({ locale: 'en-US' });

  const small = { name: 'remote report.bin', bytes: randomBytes(300_000) };
  // Over one part: the browser sends it as a multipart upload.
  const large = { name: 'remote archive.bin', bytes: randomBytes(6 * MiB) };
  let site: FileSite;
  let server: RunningServer;

  test.beforeAll(async () => {
    site = await serveFiles({ [small.name]: small.bytes, [large.name]: large.bytes });
    server = await startServer({ adminPassword: ADMIN.password });
    // No settings API yet: the admin's allow-list goes straight into this private server's database.
    const db = new Database(path.join(server.dataDir, 'cloudclip.db'), { timeout: 5000 });
    const changed = db
      .prepare("UPDATE system_settings SET value = '127.0.0.1' WHERE key = 'url_fetch_allowed_hosts'")
      .run().changes;
    db.close();
    expect(changed).toBe(1);
  });

  test.afterAll(async () => {
    await server?.stop();
    await site?.close();
  });

  test('with JavaScript: fetch the info, upload from a URL that allows CORS, download byte-identical @js', async ({
    page,
  }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'url-cors');
    const url = site.url('cors', small.name);
    const api = watchUrlApi(page);
    await openUrlTab(page, server.url, true);
    await page.getByLabel(en.upload.url.field, { exact: true }).fill(url);
    await page.getByRole('button', { name: en.upload.url.fetchInfo }).click();
    const info = page.getByRole('region', { name: en.upload.url.infoHeading });
    await expect(info.getByRole('definition')).toHaveText([small.name, '293 KB', SAMPLE_TYPE]);
    await expect(info.getByRole('term')).toHaveText([
      en.upload.url.infoName,
      en.upload.url.infoSize,
      en.upload.url.infoType,
    ]);

    await page.getByLabel(en.upload.form.slug, { exact: true }).fill(slug);
    await page.getByRole('button', { name: en.upload.url.submit }).click();
    const { link } = await uploadedLinks(page);
    expect(new URL(link).pathname).toBe(`/file/${slug}`);
    // The browser read the file itself (CORS) and sent it straight to storage.
    expect(api('/api/url/proxy')).toHaveLength(0);
    expect(api('/api/url/presign')).toHaveLength(1);
    expect(api('/api/url/commit')).toHaveLength(1);
    expect(site.hits).toContain(`GET /cors/${encodeURIComponent(small.name)}`);

    await expectDownloadIdentical(page, link, small.name, small.bytes);
  });

  test('with JavaScript: a URL without CORS is read through the proxy; a 6 MiB file goes multipart @js', async ({
    page,
  }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'url-proxy');
    const url = site.url('plain', large.name);
    const api = watchUrlApi(page);
    await openUrlTab(page, server.url, true);
    await page.getByLabel(en.upload.url.field, { exact: true }).fill(url);
    await page.getByRole('button', { name: en.upload.url.fetchInfo }).click();
    const info = page.getByRole('region', { name: en.upload.url.infoHeading });
    await expect(info.getByRole('definition')).toHaveText([large.name, '6 MB', SAMPLE_TYPE]);
    const probe = api('/api/url/info');
    expect(probe).toHaveLength(1);
    expect(await dataOf<{ corsSupported: boolean; size: number }>(probe[0]!)).toMatchObject({
      corsSupported: false,
      size: large.bytes.length,
    });

    await page.getByLabel(en.upload.form.slug, { exact: true }).fill(slug);
    // A slow download (about 2 s) shows the progress of its first half.
    const cdp = await throttle(page, { download: 3_000_000 });
    await page.getByRole('button', { name: en.upload.url.submit }).click();
    await expect(page.getByRole('progressbar', { name: en.upload.url.progress })).toHaveAttribute(
      'aria-valuetext',
      /^Downloading \d+%$/,
    );
    await expect(page.getByRole('button', { name: en.upload.url.cancel, exact: true })).toBeVisible();
    await setThroughput(cdp);

    const { link } = await uploadedLinks(page);
    expect(new URL(link).pathname).toBe(`/file/${slug}`);
    expect(api('/api/url/proxy')).toHaveLength(1);
    expect(new URL(api('/api/url/proxy')[0]!.url()).searchParams.get('url')).toBe(url);
    expect(api('/api/url/multipart/init')).toHaveLength(1);
    expect(api('/api/url/multipart/complete')).toHaveLength(1);
    expect(api('/api/url/presign')).toHaveLength(0);

    await expectDownloadIdentical(page, link, large.name, large.bytes);
  });

  test('without JavaScript: the server fetches the URL and stores it; download byte-identical @no-js-only', async ({
    page,
  }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'url-form');
    await openUrlTab(page, server.url, false);
    await page.getByLabel(en.upload.url.field, { exact: true }).fill(site.url('plain', small.name));
    await page.getByLabel(en.upload.form.slug, { exact: true }).fill(slug);
    await page.getByLabel(en.upload.form.remark, { exact: true }).fill('fetched by the server');
    await page.getByRole('button', { name: en.upload.url.submit }).click();
    const { link } = await uploadedLinks(page);
    expect(new URL(link).pathname).toBe(`/file/${slug}`);
    await page.goto(link);
    await expect(page.getByText('fetched by the server')).toBeVisible();
    await expectDownloadIdentical(page, link, small.name, small.bytes);
  });
});

test.describe('without the allow-list, a private URL is refused', () => {
  // The shared server keeps the default settings: no private host may be fetched.
  test.use({ locale: 'en-US' });
  let site: FileSite;
  const bytes = randomBytes(1000);

  test.beforeAll(async () => {
    site = await serveFiles({ 'inside.bin': bytes });
  });

  test.afterAll(async () => {
    await site?.close();
  });

  test('the API answers 400 with the generic message, and nothing is sent to the address', async ({ request }) => {
    for (const url of [
      site.url('cors', 'inside.bin'),
      site.url('plain', 'inside.bin').replace('127.0.0.1', 'localhost'),
    ]) {
      const info = await request.post('/api/url/info', { data: { url } });
      expect(info.status()).toBe(400);
      const body = (await info.json()) as { success: boolean; message: string; error: { key: string } };
      expect(body.success).toBe(false);
      expect(body.error.key).toBe('urlNotAllowed');
      // docs/product/api.md §1.12: the message is the Chinese one, the same whatever lies behind the URL.
      expect(body.message).toBe(zh.errors.urlNotAllowed);
      const proxy = await request.get(`/api/url/proxy?url=${encodeURIComponent(url)}`);
      expect(proxy.status()).toBe(400);
      expect(((await proxy.json()) as { message: string }).message).toBe(zh.errors.urlNotAllowed);
    }
    expect(site.hits).toEqual([]);
  });

  test('the URL form shows the generic message and keeps the URL', async ({ page, javaScriptEnabled }) => {
    const url = site.url('cors', 'inside.bin');
    await openUrlTab(page, '', javaScriptEnabled);
    await page.getByLabel(en.upload.url.field, { exact: true }).fill(url);
    await page.getByRole('button', { name: en.upload.url.submit }).click();
    await expectFieldError(page, page.getByLabel(en.upload.url.field, { exact: true }), en.errors.urlNotAllowed);
    await expect(page.getByLabel(en.upload.url.field, { exact: true })).toHaveValue(url);
    await expect(page.getByRole('heading', { name: en.upload.result.heading })).toHaveCount(0);
    expect(site.hits).toEqual([]);
  });
});
