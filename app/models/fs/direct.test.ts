import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDriver } from '~/storage/drivers/local.server';
import type { UploadedPart } from '~/storage/types';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, type FsModels } from '../../../tests/support/fs-models';
import { abortFsMultipart, completeFsMultipart, initFsMultipart } from './direct.server';
import { storageOf } from './locate.server';

const MiB = 1024 * 1024;

/**
 * Multipart uploads into a mount that lie (issue 27 B5): complete holds an upload to what its init
 * declared — every planned part, the declared size — and init to the max upload size.
 */
describe('fs multipart uploads', () => {
  let m: FsModels;
  let disk: LocalDriver;
  beforeAll(async () => {
    m = await fsModels();
    disk = (await storageOf(m.ctx, m.mounts.disk)).driver as LocalDriver;
  });
  afterAll(() => m.close());

  /** Starts a 3-part upload (5 MiB, 5 MiB, 10 bytes) and stores the parts asked for. */
  async function started(fileName: string, partNumbers: number[]) {
    const fileSize = 10 * MiB + 10;
    const init = await initFsMultipart(m.ctx, ADMIN, { path: '/disk/', fileName, fileSize });
    expect(init.plan.partCount).toBe(3);
    const parts: UploadedPart[] = [];
    for (const n of partNumbers) {
      const size = n < 3 ? 5 * MiB : 10;
      parts.push(await disk.multipartWritePart(init.key, init.uploadId!, n, Readable.from([Buffer.alloc(size, n)])));
    }
    const complete = (override: { fileSize?: number } = {}) =>
      completeFsMultipart(m.ctx, ADMIN, {
        path: '/disk/',
        fileName,
        uploadId: init.uploadId!,
        parts: parts.map(({ partNumber, etag }) => ({ partNumber, etag })),
        fileSize: 'fileSize' in override ? override.fileSize : fileSize,
      });
    return { init, complete };
  }

  it('completes an upload with every part', async () => {
    const { complete } = await started('whole.bin', [1, 2, 3]);
    expect((await complete()).size).toBe(10 * MiB + 10);
    expect((await disk.stat('whole.bin'))?.size).toBe(10 * MiB + 10);
  });

  it('refuses parts 1–2 of a declared 3-part upload, whatever size the client claims, and stores nothing', async () => {
    const { init, complete } = await started('cut.bin', [1, 2]);
    expect(await outcome(complete())).toBe('invalid:uploadPartsInvalid');
    expect(await outcome(complete({ fileSize: 10 * MiB }))).toBe('invalid:uploadSizeMismatch');
    expect(await outcome(complete({ fileSize: undefined }))).toBe('invalid:uploadPartsInvalid');
    expect(await disk.stat('cut.bin')).toBeNull();
    await abortFsMultipart(m.ctx, ADMIN, { path: '/disk/', fileName: 'cut.bin', uploadId: init.uploadId! });
    expect(await m.ctx.db.fsUpload.count({ where: { uploadId: init.uploadId! } })).toBe(0);
  });

  it('refuses an upload declared over the max upload size at init, and an unknown upload at complete', async () => {
    await m.ctx.db.setting.update({ where: { key: 'max_upload_size' }, data: { value: '6' } });
    try {
      expect(
        await outcome(initFsMultipart(m.ctx, ADMIN, { path: '/disk/', fileName: 'big.bin', fileSize: 15 * MiB })),
      ).toBe('too_large:fileTooLarge');
      expect(
        await outcome(
          completeFsMultipart(m.ctx, ADMIN, {
            path: '/disk/',
            fileName: 'big.bin',
            uploadId: '00000000-0000-0000-0000-000000000000',
            parts: [{ partNumber: 1, etag: 'x' }],
          }),
        ),
      ).toBe('not_found:uploadNotFound');
    } finally {
      await m.ctx.db.setting.update({ where: { key: 'max_upload_size' }, data: { value: '100' } });
    }
  });
});
