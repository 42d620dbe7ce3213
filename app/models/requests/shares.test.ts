import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '~/lib/permissions';
import { createApiKeySchema } from '~/lib/schemas/api-keys';
import { createRequestSchema } from '~/lib/schemas/requests';
import { createApiKey, updateApiKey } from '~/models/accounts/api-keys.server';
import { principalOfCreator } from '~/models/accounts/principal.server';
import type { LocalDriver } from '~/storage/drivers/local.server';
import type { UploadedPart } from '~/storage/types';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, type FsModels } from '../../../tests/support/fs-models';
import type { RequestAccess } from './admit.server';
import { completeRequestUpload, resumeRequestUpload, startRequestUpload } from './parts.server';
import { receiveFile } from './receive.server';
import { createUploadRequest, getUploadRequest } from './requests.server';

const MiB = 1024 * 1024;

/**
 * Requests of shares (issue 30): no mount needed; each file becomes a file share of the request's
 * creator, in one request or in parts, within the request's limits and the creator's rights.
 */
describe('upload requests of file shares', () => {
  let m: FsModels;
  const open: RequestAccess = { address: '198.51.100.3' };
  beforeAll(async () => {
    m = await fsModels();
    await m.ctx.db.admin.create({ data: { id: 'admin-1', username: 'admin', passwordHash: 'x' } });
  });
  afterAll(() => m.close());

  const create = (input: Record<string, unknown>, who = ADMIN) =>
    createUploadRequest(m.ctx, who, createRequestSchema.parse({ target: 'shares', ...input }));
  const send = (slug: string, name: string, content: string, note?: string) =>
    receiveFile(m.ctx, slug, open, { name, body: Readable.from([Buffer.from(content)]), note });
  const shareOf = (slug: string | null) => m.ctx.db.fileShare.findUnique({ where: { slug: slug ?? '' } });

  it('needs no folder: each file becomes a share of its creator, noted with where it came from', async () => {
    const request = await create({ title: 'Receipts' });
    expect(request).toMatchObject({ target: 'shares', folderPath: null });
    expect(await send(request.slug, '../march.pdf', 'march', 'from Bo')).toEqual({ name: 'march.pdf', size: 5 });
    expect((await send(request.slug, 'march.pdf', 'again')).name).toBe('march (2).pdf');
    const { arrivals } = await getUploadRequest(m.ctx, ADMIN, request.id);
    const first = arrivals.find((a) => a.name === 'march.pdf')!;
    const share = await shareOf(first.shareSlug);
    expect(share).toMatchObject({
      filename: 'march.pdf',
      size: 5n,
      status: 'ready',
      createdBy: 'admin-1',
      remark: 'Receipts: from Bo',
      passwordHash: null,
      expiresAt: null,
    });
    expect(arrivals.every((a) => a.shareSlug)).toBe(true);
  });

  it('holds its file limit against 10 uploads at once: exactly 3 shares', async () => {
    const request = await create({ title: 'Three', maxFiles: 3 });
    const before = await m.ctx.db.fileShare.count();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => outcome(send(request.slug, `f${i}.txt`, `file ${i}`))),
    );
    expect(results.filter((r) => r === 'allowed')).toHaveLength(3);
    expect(results.filter((r) => r === 'conflict:requestFilesFull')).toHaveLength(7);
    expect((await m.ctx.db.fileShare.count()) - before).toBe(3);
  });

  it('takes a big file in parts into a pending share that goes live on complete', async () => {
    const request = await create({ title: 'Big' });
    const size = 10 * MiB + 10;
    const started = await startRequestUpload(m.ctx, request.slug, open, { name: 'film.mp4', size });
    const arrival = await m.ctx.db.uploadArrival.findUnique({ where: { uploadId: started.uploadId } });
    const pending = await m.ctx.db.fileShare.findUnique({
      where: { id: arrival!.fileId! },
      include: { storageConfig: true },
    });
    expect(pending).toMatchObject({ status: 'uploading', filename: 'film.mp4' });
    const disk = m.ctx.storage.driverFor(pending!.storageConfig) as LocalDriver;
    const parts: UploadedPart[] = [];
    for (const n of [1, 2, 3]) {
      const bytes = Buffer.alloc(n < 3 ? 5 * MiB : 10, n);
      parts.push(await disk.multipartWritePart(pending!.storagePath, started.uploadId, n, Readable.from([bytes])));
      if (n === 1) {
        const resumed = await resumeRequestUpload(m.ctx, request.slug, open, started.uploadId);
        expect(resumed.urls.map((u) => u.partNumber)).toEqual([2, 3]);
      }
    }
    const sent = parts.map(({ partNumber, etag }) => ({ partNumber, etag }));
    const done = await completeRequestUpload(m.ctx, request.slug, open, { uploadId: started.uploadId, parts: sent });
    expect(done).toEqual({ name: 'film.mp4', size });
    const { arrivals } = await getUploadRequest(m.ctx, ADMIN, request.id);
    expect(await shareOf(arrivals[0]!.shareSlug)).toMatchObject({ status: 'ready', size: BigInt(size) });
  });

  it("needs the creator's file-share right, when made and for every file", async () => {
    const key = await createApiKey(
      m.ctx,
      ADMIN,
      createApiKeySchema.parse({ name: 'sharer', permissions: Permission.MOUNT_UPLOAD | Permission.FILE_SHARE }),
    );
    const principal = await principalOfCreator(m.ctx, `apikey:${key.id}`);
    const request = await create({ title: 'Key shares' }, principal);
    expect(await outcome(send(request.slug, 'a.txt', 'a'))).toBe('allowed');
    await updateApiKey(m.ctx, ADMIN, key.id, { permissions: Permission.MOUNT_UPLOAD, is_guest: undefined });
    expect(await outcome(send(request.slug, 'b.txt', 'b'))).toBe('gone:requestUnavailable');
    const without = await principalOfCreator(m.ctx, `apikey:${key.id}`);
    expect(await outcome(create({ title: 'No shares' }, without))).toBe('forbidden:permissionRequired');
    expect(await outcome(create({ title: 'No folder', target: 'folder' }))).toBe('invalid:fsPathRequired');
  });
});
