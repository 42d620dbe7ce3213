import { describe, expect, it, vi } from 'vitest';
import type { DirectTransport } from './direct-upload';
import { directUpload } from './direct-upload';
import { UploadError } from './upload-error';

function transport(overrides: Partial<DirectTransport> = {}) {
  const calls: string[] = [];
  const t: DirectTransport = {
    presign: vi.fn(async () => {
      calls.push('presign');
      return { file_id: 'f1', upload_url: 'https://s3/put', slug: 's', contentType: 'text/plain' };
    }),
    put: vi.fn(async (_url, body, options) => {
      calls.push('put');
      options?.onProgress?.(body.size, body.size);
      return { status: 200, etag: '"e"' };
    }),
    commit: vi.fn(async () => {
      calls.push('commit');
      return { id: 'f1', slug: 's', filename: 'a.txt', size: 5, url: '/file/s' };
    }),
    cancel: vi.fn(async () => {
      calls.push('cancel');
    }),
    ...overrides,
  };
  return { t, calls };
}

describe('directUpload', () => {
  it('presigns, PUTs with the content type and progress, then commits the ETag and size', async () => {
    const { t, calls } = transport();
    const stages: string[] = [];
    const progress: number[] = [];
    const record = await directUpload(new Blob(['hello']), t, {
      onStage: (s) => stages.push(s),
      onProgress: (p) => progress.push(p.percent),
    });
    expect(record.url).toBe('/file/s');
    expect(calls).toEqual(['presign', 'put', 'commit']);
    expect(vi.mocked(t.put).mock.calls[0]![2]?.headers).toEqual({ 'Content-Type': 'text/plain' });
    expect(t.commit).toHaveBeenCalledWith({ file_id: 'f1', etag: '"e"', size: 5 }, undefined);
    expect(stages).toEqual(['initializing', 'uploading', 'processing', 'completing', 'completed']);
    expect(progress.at(-1)).toBe(100);
  });

  it('cancels the record when the PUT fails', async () => {
    const { t, calls } = transport({
      put: async () => {
        throw new UploadError('http', 'denied', { status: 403, code: 'http' });
      },
    });
    await expect(directUpload(new Blob(['x']), t)).rejects.toMatchObject({ kind: 'http', status: 403 });
    expect(calls).toEqual(['presign', 'cancel']);
    expect(t.cancel).toHaveBeenCalledWith('f1');
  });

  it('cancels the record when the commit fails', async () => {
    const { t, calls } = transport({
      commit: async () => {
        throw new UploadError('http', 'too big', { status: 413, key: 'fileTooLarge', params: { max: '1 MB' } });
      },
    });
    await expect(directUpload(new Blob(['x']), t)).rejects.toMatchObject({ key: 'fileTooLarge' });
    expect(calls).toEqual(['presign', 'put', 'cancel']);
  });

  it('cancels the record when the user aborts the PUT', async () => {
    const controller = new AbortController();
    const { t, calls } = transport({
      put: (_url, _body, options) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => reject(new UploadError('cancelled', 'cancelled')));
          controller.abort();
        }),
    });
    await expect(directUpload(new Blob(['x']), t, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(calls).toEqual(['presign', 'cancel']);
  });

  it('keeps the server message of a refused presign and names other presign failures', async () => {
    const taken = transport({
      presign: async () => {
        throw new UploadError('http', '链接后缀已被占用', { status: 409, key: 'slugTaken' });
      },
    });
    await expect(directUpload(new Blob(['x']), taken.t)).rejects.toMatchObject({ key: 'slugTaken', status: 409 });
    expect(taken.calls).toEqual([]);

    const broken = transport({ presign: async () => ({ slug: 's' }) as never });
    await expect(directUpload(new Blob(['x']), broken.t)).rejects.toMatchObject({ code: 'presignFailed' });

    const down = transport({
      presign: async () => {
        throw new UploadError('server', 'bad gateway', { status: 502 });
      },
    });
    await expect(directUpload(new Blob(['x']), down.t)).rejects.toMatchObject({ code: 'presignFailed', status: 502 });
  });
});
