import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestSchema } from '~/lib/schemas/requests';
import { storageOf } from '~/models/fs/locate.server';
import type { LocalDriver } from '~/storage/drivers/local.server';
import type { UploadedPart } from '~/storage/types';
import { ADMIN } from '../../../tests/support/principals';
import { fsModels, outcome, putOnDisk, type FsModels } from '../../../tests/support/fs-models';
import type { RequestAccess } from './admit.server';
import {
  abortRequestUpload,
  completeRequestUpload,
  reapStaleRequestUploads,
  resumeRequestUpload,
  startRequestUpload,
} from './parts.server';
import { closeUploadRequest, createUploadRequest, getUploadRequest } from './requests.server';

const MiB = 1024 * 1024;
const SIZE = 10 * MiB + 10;

/**
 * Files sent to a request in parts (issue 30): the place is reserved for the declared size at the
 * start, the parts resume from what storage holds, and complete holds them to the declared size.
 * On the embedded local storage (/disk): the memory driver has no multipart uploads.
 */
describe('upload requests: files in parts', () => {
  let m: FsModels;
  let disk: LocalDriver;
  const open: RequestAccess = { address: '198.51.100.2' };
  beforeAll(async () => {
    m = await fsModels();
    await m.ctx.db.admin.create({ data: { id: 'admin-1', username: 'admin', passwordHash: 'x' } });
    putOnDisk(m.diskRoot, 'inbox/.keep', '');
    disk = (await storageOf(m.ctx, m.mounts.disk)).driver as LocalDriver;
  });
  afterAll(() => m.close());

  const create = (input: Record<string, unknown>) =>
    createUploadRequest(m.ctx, ADMIN, createRequestSchema.parse({ folder: '/disk/inbox', ...input }));
  const start = (slug: string, name: string, size = SIZE) => startRequestUpload(m.ctx, slug, open, { name, size });
  /** Stores parts of a started upload the way a browser PUTs them (5 MiB, 5 MiB, 10 bytes). */
  async function sendParts(key: string, uploadId: string, numbers: number[]): Promise<UploadedPart[]> {
    const sent: UploadedPart[] = [];
    for (const n of numbers)
      sent.push(
        await disk.multipartWritePart(key, uploadId, n, Readable.from([Buffer.alloc(n < 3 ? 5 * MiB : 10, n)])),
      );
    return sent;
  }
  const keyOf = (folder: string, name: string) => `${folder.replace(/^\/disk\//, '')}${name}`;
  const asSent = (parts: UploadedPart[]) => parts.map(({ partNumber, etag }) => ({ partNumber, etag }));

  it('reserves the place at the start, resumes from the parts stored, and completes the file', async () => {
    const request = await create({ title: 'Big', maxTotalBytes: SIZE + 5 });
    const started = await start(request.slug, '../video.mp4');
    expect(started).toMatchObject({ name: 'video.mp4', partCount: 3, partSize: 5 * MiB });
    expect(started.urls).toHaveLength(3);
    // Each local part URL takes at most its own part's bytes.
    expect(started.urls[0]!.url).toContain(`max=${5 * MiB}`);
    expect(started.urls[2]!.url).toMatch(/[?&]max=10(&|$)/);
    // The bytes are taken from the start: a second file does not fit beside it.
    expect(await outcome(start(request.slug, 'more.bin', 10))).toBe('too_large:requestBytesFull');

    const key = keyOf(request.folderPath!, 'video.mp4');
    const first = await sendParts(key, started.uploadId, [1]);
    const resumed = await resumeRequestUpload(m.ctx, request.slug, open, started.uploadId);
    expect(resumed.parts.map((p) => p.partNumber)).toEqual([1]);
    expect(resumed.urls.map((u) => u.partNumber)).toEqual([2, 3]);
    const rest = await sendParts(key, started.uploadId, [2, 3]);

    // Not every part: refused, and the upload stays pending.
    const partial = { uploadId: started.uploadId, parts: asSent(first) };
    expect(await outcome(completeRequestUpload(m.ctx, request.slug, open, partial))).toBe('invalid:uploadPartsInvalid');
    const whole = { uploadId: started.uploadId, parts: asSent([...first, ...rest]) };
    expect(await completeRequestUpload(m.ctx, request.slug, open, whole)).toEqual({ name: 'video.mp4', size: SIZE });
    expect(fs.statSync(path.join(m.diskRoot, key)).size).toBe(SIZE);
    const seen = await getUploadRequest(m.ctx, ADMIN, request.id);
    expect(seen.arrivals.map((a) => [a.name, a.size])).toEqual([['video.mp4', SIZE]]);
    // Done: the id resumes nothing any more.
    expect(await outcome(resumeRequestUpload(m.ctx, request.slug, open, started.uploadId))).toBe(
      'not_found:uploadNotFound',
    );
  });

  it('refuses parts that do not add up to the declared size', async () => {
    const request = await create({ title: 'Liar' });
    const started = await start(request.slug, 'a.bin', SIZE - 1);
    const parts = await sendParts(keyOf(request.folderPath!, 'a.bin'), started.uploadId, [1, 2, 3]);
    const complete = { uploadId: started.uploadId, parts: asSent(parts) };
    expect(await outcome(completeRequestUpload(m.ctx, request.slug, open, complete))).toBe(
      'invalid:uploadSizeMismatch',
    );
    expect(fs.existsSync(path.join(m.diskRoot, keyOf(request.folderPath!, 'a.bin')))).toBe(false);
  });

  it('never overwrites a file that appeared meanwhile; abort and close free the place', async () => {
    const request = await create({ title: 'Taken', maxFiles: 1 });
    const started = await start(request.slug, 'same.txt');
    const key = keyOf(request.folderPath!, 'same.txt');
    const parts = await sendParts(key, started.uploadId, [1, 2, 3]);
    putOnDisk(m.diskRoot, key, 'someone else');
    const complete = { uploadId: started.uploadId, parts: asSent(parts) };
    expect(await outcome(completeRequestUpload(m.ctx, request.slug, open, complete))).toBe('conflict:requestNameTaken');
    expect(fs.readFileSync(path.join(m.diskRoot, key), 'utf8')).toBe('someone else');

    // The place came back (the limit is one file): a new upload may start, then be abandoned.
    const again = await start(request.slug, 'same.txt');
    expect(again.name).toBe('same (2).txt');
    await abortRequestUpload(m.ctx, request.slug, open, again.uploadId);
    const third = await start(request.slug, 'other.txt');
    await closeUploadRequest(m.ctx, ADMIN, request.id);
    expect(await m.ctx.db.uploadArrival.count({ where: { requestId: request.id } })).toBe(0);
    // Its parts went with it.
    const listed = disk.multipartListParts(keyOf(request.folderPath!, 'other.txt'), third.uploadId);
    expect(await outcome(listed)).toBe('not_found:undefined');
  });

  it('reaps uploads in parts left unfinished past their lifetime', async () => {
    const request = await create({ title: 'Stale' });
    const fresh = await start(request.slug, 'fresh.bin');
    const stale = await start(request.slug, 'stale.bin');
    await m.ctx.db.uploadArrival.update({
      where: { uploadId: stale.uploadId },
      data: { createdAt: new Date(Date.now() - 26 * 3600_000) },
    });
    expect(await reapStaleRequestUploads(m.ctx)).toBe(1);
    expect(await outcome(resumeRequestUpload(m.ctx, request.slug, open, stale.uploadId))).toBe(
      'not_found:uploadNotFound',
    );
    expect(await outcome(disk.multipartListParts(keyOf(request.folderPath!, 'stale.bin'), stale.uploadId))).toBe(
      'not_found:undefined',
    );
    expect((await resumeRequestUpload(m.ctx, request.slug, open, fresh.uploadId)).urls).toHaveLength(3);
  });
});
