import { describe, expect, it, vi } from 'vitest';
import { createUploadApi, type FetchFunction } from './api';
import { urlOverallPercent } from './progress';
import type { PutFunction } from './put';
import { downloadUrl, isHttpUrl, uploadFromUrl, type UrlUploadProgress } from './url-upload';

function ok(data: unknown) {
  return new Response(JSON.stringify({ code: 200, message: 'ok', success: true, data }), { status: 200 });
}

/** A body delivered in two chunks, so progress has a middle. */
function body(bytes: number, headers: Record<string, string> = {}) {
  const half = Math.floor(bytes / 2);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(half));
      controller.enqueue(new Uint8Array(bytes - half));
      controller.close();
    },
  });
  return new Response(stream, { status: 200, headers: { 'Content-Length': String(bytes), ...headers } });
}

describe('URL upload', () => {
  it('accepts only http and https URLs', () => {
    expect(isHttpUrl('https://example.com/a.zip')).toBe(true);
    expect(isHttpUrl(' http://example.com ')).toBe(true);
    expect(isHttpUrl('ftp://example.com/a')).toBe(false);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('example.com/a.zip')).toBe(false);
    expect(isHttpUrl('')).toBe(false);
  });

  it('splits progress: 0–49 download, 50–99 upload, 100 done', () => {
    expect(urlOverallPercent('download', 0)).toBe(0);
    expect(urlOverallPercent('download', 100)).toBe(49);
    expect(urlOverallPercent('upload', 0)).toBe(50);
    expect(urlOverallPercent('upload', 100)).toBe(99);
    expect(urlOverallPercent('done', 0)).toBe(100);
  });

  it('downloads directly when the origin allows it, with progress', async () => {
    const seen: number[] = [];
    const fetchImpl: FetchFunction = vi.fn(async () => body(10));
    const result = await downloadUrl('https://cdn.example/a.bin', {
      fetch: fetchImpl,
      contentType: 'application/zip',
      onProgress: (loaded) => seen.push(loaded),
    });
    expect(result.via).toBe('direct');
    expect(result.blob.size).toBe(10);
    expect(result.blob.type).toBe('application/zip');
    expect(seen).toEqual([0, 5, 10]);
    expect(vi.mocked(fetchImpl).mock.calls[0]![1]).toMatchObject({ mode: 'cors', credentials: 'omit' });
  });

  it('falls back to /api/url/proxy on a network or CORS error (TypeError)', async () => {
    const urls: string[] = [];
    const fetchImpl: FetchFunction = async (url) => {
      urls.push(url);
      if (url.startsWith('https://')) throw new TypeError('Failed to fetch');
      return body(4);
    };
    const result = await downloadUrl('https://no-cors.example/a b.bin', { fetch: fetchImpl });
    expect(result.via).toBe('proxy');
    expect(urls).toEqual([
      'https://no-cors.example/a b.bin',
      '/api/url/proxy?url=https%3A%2F%2Fno-cors.example%2Fa%20b.bin',
    ]);
  });

  it('reports a refused proxy fetch with its message key, and a direct HTTP error as a download failure', async () => {
    const refused: FetchFunction = async (url) => {
      if (url.startsWith('https://')) throw new TypeError('Failed to fetch');
      return new Response(
        JSON.stringify({ code: 400, message: 'x', success: false, error: { key: 'urlNotAllowed' } }),
        { status: 400 },
      );
    };
    await expect(downloadUrl('https://10.0.0.1/a', { fetch: refused })).rejects.toMatchObject({
      key: 'urlNotAllowed',
      status: 400,
    });
    const missing: FetchFunction = async () => new Response('nope', { status: 404 });
    await expect(downloadUrl('https://example.com/a', { fetch: missing })).rejects.toMatchObject({
      code: 'downloadFailed',
      status: 404,
    });
  });

  it('info → download → url/presign → PUT → url/commit, progress 0–49 then 50–99 then 100', async () => {
    const posts: Array<{ url: string; body: unknown }> = [];
    const fetchImpl: FetchFunction = async (url, init) => {
      if (url.startsWith('/api/')) {
        posts.push({ url, body: JSON.parse(String(init?.body)) });
        if (url === '/api/url/info')
          return ok({ url: 'https://example.com/r.txt', filename: 'r.txt', contentType: 'text/plain', size: 8 });
        if (url === '/api/url/presign')
          return ok({ file_id: 'f1', upload_url: 'https://s3/put', slug: 'abc', contentType: 'text/plain' });
        if (url === '/api/url/commit')
          return ok({ id: 'f1', slug: 'abc', filename: 'r.txt', size: 8, url: '/file/abc' });
      }
      return body(8);
    };
    const put: PutFunction = async (_url, blob, options) => {
      options?.onProgress?.(blob.size / 2, blob.size);
      options?.onProgress?.(blob.size, blob.size);
      return { status: 200, etag: '"e"' };
    };
    const progress: UrlUploadProgress[] = [];
    const record = await uploadFromUrl({
      api: createUploadApi(fetchImpl),
      put,
      fetch: fetchImpl,
      url: 'https://example.com/r.txt',
      options: { password: 'pw', expires_in: 24 },
      onProgress: (p) => progress.push(p),
    });
    expect(record.slug).toBe('abc');
    expect(posts.map((p) => p.url)).toEqual(['/api/url/info', '/api/url/presign', '/api/url/commit']);
    expect(posts[1]!.body).toMatchObject({
      url: 'https://example.com/r.txt',
      password: 'pw',
      metadata: { filename: 'r.txt', contentType: 'text/plain', size: 8 },
    });
    expect(posts[2]!.body).toEqual({ file_id: 'f1', etag: '"e"', size: 8 });
    const percents = progress.map((p) => p.percent);
    expect(percents).toEqual([0, 24, 49, 50, 50, 74, 99, 100]);
    expect(progress.map((p) => p.phase)).toEqual([
      'download',
      'download',
      'download',
      'upload',
      'upload',
      'upload',
      'upload',
      'done',
    ]);
  });

  it('cancels the pending record (url/cancel) when the upload fails', async () => {
    const posts: string[] = [];
    const fetchImpl: FetchFunction = async (url) => {
      if (url.startsWith('/api/')) {
        posts.push(url);
        if (url === '/api/url/presign') return ok({ file_id: 'f1', upload_url: 'https://s3/put', slug: 'abc' });
        return ok({});
      }
      return body(3);
    };
    const put: PutFunction = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(
      uploadFromUrl({
        api: createUploadApi(fetchImpl),
        put,
        fetch: fetchImpl,
        url: 'https://example.com/r.txt',
        info: {
          url: 'https://example.com/r.txt',
          filename: 'r.txt',
          contentType: 'text/plain',
          size: 3,
          lastModified: null,
        },
        options: {},
      }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect(posts).toEqual(['/api/url/presign', '/api/url/cancel']);
  });
});
