import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { decode, rawGet } from '../support/raw-http';
import { startServer, type RunningServer } from '../support/server';

/**
 * Compression (docs/architecture.md §13) against the real app process: the build's assets come
 * precompressed, pages and JSON are compressed per request, a file's bytes never are. Raw
 * node:http requests, as fetch would decompress and hide what was sent.
 */
describe('compression', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const clientDir = path.resolve(import.meta.dirname, '../..', process.env.E2E_BUILD_DIR ?? 'build', 'client');

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
  });
  afterAll(() => server?.stop());

  it('serves the build’s assets precompressed, by what the browser accepts, cached for good', async () => {
    const script = fs.readdirSync(path.join(clientDir, 'assets')).find((name) => /^entry\.client-.*\.js$/.test(name))!;
    const original = fs.readFileSync(path.join(clientDir, 'assets', script));
    const url = `${server.url}/assets/${script}`;

    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await rawGet(url, { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers['cache-control']).toContain('immutable');
      expect(answer.body.length).toBeLessThan(original.length / 2);
      expect(decode(answer).equals(original)).toBe(true);
    }
    // The worker keeps its no-cache, compressed or not.
    const worker = await rawGet(`${server.url}/sw.js`, { 'Accept-Encoding': 'br' });
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it('compresses pages and JSON answers per request', async () => {
    const content = 'A line of a text share that is long enough to be worth compressing.\n'.repeat(40);
    const created = await call('POST', '/paste', { auth: admin, body: { content } });
    expect(created.status, created.text).toBe(200);
    const slug = created.body.slug as string;

    const page = await rawGet(`${server.url}/paste/${slug}`, { 'Accept-Encoding': 'br, gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(decode(page).toString()).toContain('A line of a text share');

    const json = await rawGet(`${server.url}/api/paste/${slug}`, { 'Accept-Encoding': 'gzip' });
    expect(json.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(json).toString()).content).toBe(content);
    expect(json.body.length).toBeLessThan(content.length / 4);

    // Nothing accepted, nothing compressed.
    const identity = await rawGet(`${server.url}/api/paste/${slug}`);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString()).content).toBe(content);
  });

  it('never compresses a file’s bytes, even HTML or JSON: length and ranges stay the file’s', async () => {
    const html = `<!doctype html><p>${'stored page '.repeat(300)}</p>`;
    const put = await call('PUT', '/upload-direct/stored.html', { auth: admin, raw: html });
    expect(put.status, put.text).toBe(200);
    const slug = put.body.data.slug as string;

    const download = await rawGet(`${server.url}/api/file-download/${slug}`, { 'Accept-Encoding': 'br, gzip' });
    expect(download.status).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(Buffer.byteLength(html)));
    expect(download.body.toString()).toBe(html);

    const range = await rawGet(`${server.url}/api/file-download/${slug}`, {
      'Accept-Encoding': 'br, gzip',
      Range: 'bytes=0-14',
    });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.toString()).toBe('<!doctype html>');
  });
});
