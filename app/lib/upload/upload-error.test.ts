import { describe, expect, it } from 'vitest';
import en from '~/locales/en';
import { createUploadApi } from './api';
import { errorFromEnvelope, toUploadError, UploadError, uploadErrorText } from './upload-error';

/** A tiny i18next stand-in over the English strings. */
function lookup(key: string): string | undefined {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}
const translator = {
  t: (key: string, params: Record<string, unknown> = {}) =>
    (lookup(key) ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')),
  exists: (key: string) => lookup(key) !== undefined,
};
const text = (error: unknown) => uploadErrorText(error, translator);

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('upload errors', () => {
  it('turns an error envelope into an UploadError with its message key', async () => {
    const api = createUploadApi(async () =>
      jsonResponse(507, {
        code: 507,
        message: '存储空间不足',
        data: null,
        success: false,
        error: { key: 'insufficientStorage', params: { size: '2 MB', remaining: '1 MB', total: '10 MB' } },
      }),
    );
    const error = await api.presign({ filename: 'a', size: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: 'server', status: 507, key: 'insufficientStorage' });
    expect(text(error)).toBe('Insufficient storage: file size 2 MB, remaining space 1 MB, total capacity 10 MB');
  });

  it('returns the data of a success envelope and sends JSON with the session cookie', async () => {
    const seen: RequestInit[] = [];
    const api = createUploadApi(async (_url, init) => {
      seen.push(init!);
      return jsonResponse(200, { code: 200, message: 'ok', success: true, data: { url: 'u', filename: 'f' } });
    });
    expect(await api.urlInfo({ url: 'https://x/y' })).toEqual({ url: 'u', filename: 'f' });
    expect(seen[0]).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{"url":"https://x/y"}' });
  });

  it('maps transport failures by kind: network, server, cancelled, http', async () => {
    const offline = createUploadApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await offline.cancel({ file_id: 'x' }).catch(toUploadError)).toMatchObject({ kind: 'network' });
    expect(text(new TypeError('Failed to fetch'))).toBe(en.upload.errors.network);

    const aborted = new DOMException('The operation was aborted.', 'AbortError');
    expect(toUploadError(aborted)).toMatchObject({ kind: 'cancelled' });
    expect(text(aborted)).toBe(en.upload.errors.cancelled);

    const gateway = createUploadApi(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const e502 = await gateway.commit({ file_id: 'x' }).catch(toUploadError);
    expect(e502).toMatchObject({ kind: 'server', status: 502 });
    expect(text(e502)).toBe(en.upload.errors.server);

    expect(text(errorFromEnvelope(418, { message: '茶壶' }))).toBe('Upload failed (HTTP 418).');
  });

  it('translates our own codes and the server keys of docs/product/spec.md §8', () => {
    expect(text(new UploadError('http', 'x', { key: 'slugTaken' }))).toBe(en.errors.slugTaken);
    expect(text(new UploadError('http', 'x', { key: 'slugReserved' }))).toBe(en.errors.slugReserved);
    expect(text(new UploadError('http', 'x', { key: 'storageForbidden' }))).toBe(en.errors.storageForbidden);
    expect(text(new UploadError('http', 'x', { key: 'fileTooLarge', params: { max: '1 MB' } }))).toBe(
      'The file is too large (at most 1 MB)',
    );
    expect(text(new UploadError('client', 'x', { code: 'notPaused' }))).toBe(en.upload.errors.notPaused);
    expect(text(new UploadError('client', 'x', { code: 'incompleteInfo' }))).toBe(en.upload.errors.incompleteInfo);
    expect(text(new UploadError('client', 'x', { code: 'presignFailed' }))).toBe(en.upload.errors.presignFailed);
    const part = new UploadError('network', 'x', {
      code: 'partFailed',
      params: { part: 3, retries: 3 },
      cause: new UploadError('network', 'x', { code: 'timeout' }),
    });
    expect(text(part)).toBe(`Part 3 could not be uploaded after 3 retries. ${en.upload.errors.timeout}`);
    // An unknown server key falls back on the kind.
    expect(text(new UploadError('server', 'x', { key: 'somethingNew', status: 500 }))).toBe(en.upload.errors.server);
    // docs/product/spec.md §5: insufficient storage recognised in a bare message.
    expect(errorFromEnvelope(400, { message: 'Insufficient storage for this file' }).code).toBe('insufficientStorage');
  });
});
