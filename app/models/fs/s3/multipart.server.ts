import type { Readable } from 'node:stream';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { quotaLimit, withQuota } from '~/models/quotas/quotas.server';
import { maxUploadBytes } from '~/models/storage/upload-limits.server';
import { through, tooLarge } from '~/storage/byte-limit';
import { StorageError, type ByteRange, type CompletedPart, type UploadedPart } from '~/storage/types';
import { replacing } from '../bin/keep.server';
import { settleName } from '../conflicts.server';
import { afterJoin } from '../direct.server';
import { locate, storageOf } from '../locate.server';
import { pathOf } from './buckets.server';
import { s3Open } from './objects.server';

/**
 * The S3 door's multipart uploads (docs/s3.md §3): parts stream to the mount's storage as they
 * arrive (S3's own multipart on an S3 storage, part files on local disk), each cut off at the max
 * upload size and charged to the key's quota before it is accepted; the object appears only when
 * the upload completes, and what it replaces goes to the recycle bin. Only the upload's maker may add
 * to it; one left alone for a day is aborted by the sweeper, its parts with it.
 */

/** S3's part numbers. */
const MAX_PART_NUMBER = 10_000;
/** An upload nobody touched for this long is abandoned. */
export const S3_UPLOAD_LIFETIME_MS = 24 * 3600 * 1000;

const noSuchUpload = () => new AppError('not_found', 's3NoSuchUpload');

async function target(ctx: ModelContext, principal: Principal, bucket: string, key: string) {
  return locate(ctx, principal, pathOf(bucket, key), 'fs.upload', { writable: 'entry' });
}

/** CreateMultipartUpload: the name is checked now (replacing needs the delete bit), the upload recorded. */
export async function s3CreateUpload(
  ctx: ModelContext,
  principal: Principal,
  bucket: string,
  key: string,
  contentType?: string,
): Promise<string> {
  const at = await target(ctx, principal, bucket, key);
  await settleName(at, 'replace');
  const { uploadId } = await at.driver.multipartInit(at.key, { contentType: contentType || mimeFromFilename(key) });
  await ctx.db.s3Upload.create({
    data: { uploadId, mountId: at.mount.id, key: at.key, createdBy: creatorId(principal)!, contentType },
  });
  return uploadId;
}

/** The upload and where it goes, for its maker only (anyone else: NoSuchUpload). */
async function uploadOf(ctx: ModelContext, principal: Principal, bucket: string, key: string, uploadId: string) {
  const at = await target(ctx, principal, bucket, key);
  const row = await ctx.db.s3Upload.findUnique({ where: { uploadId } });
  if (!row || row.mountId !== at.mount.id || row.key !== at.key || row.createdBy !== creatorId(principal))
    throw noSuchUpload();
  return at;
}

/** UploadPart: one part, streamed, of exactly `size` bytes. */
export async function s3UploadPart(
  ctx: ModelContext,
  principal: Principal,
  upload: { bucket: string; key: string; uploadId: string; partNumber: number },
  body: Readable,
  size: number,
): Promise<UploadedPart> {
  if (!Number.isInteger(upload.partNumber) || upload.partNumber < 1 || upload.partNumber > MAX_PART_NUMBER)
    throw new AppError('invalid', 's3PartNumberInvalid');
  const at = await uploadOf(ctx, principal, upload.bucket, upload.key, upload.uploadId);
  const max = await maxUploadBytes(ctx);
  if (size > max) throw tooLarge(max);
  const part = await withQuota(
    ctx,
    principal,
    { bytes: size },
    (hold) =>
      at.driver
        .multipartWritePart(at.key, upload.uploadId, upload.partNumber, through(body, quotaLimit(max, hold)), size)
        .catch((error: unknown) => {
          if (error instanceof StorageError && error.kind === 'not_found') throw noSuchUpload();
          throw error;
        }),
    (written) => ({ bytes: written.size }),
  );
  await ctx.db.s3Upload.updateMany({ where: { uploadId: upload.uploadId }, data: { createdAt: new Date() } });
  return part;
}

/** UploadPartCopy: a part read from another object (a byte range of it, or all of it). */
export async function s3UploadPartCopy(
  ctx: ModelContext,
  principal: Principal,
  upload: { bucket: string; key: string; uploadId: string; partNumber: number },
  source: { bucket: string; key: string; range?: ByteRange },
): Promise<UploadedPart & { modified: Date | null }> {
  authorize(principal, 'fs.copy');
  const file = await s3Open(ctx, principal, source.bucket, source.key);
  const read = await file.read(source.range);
  const part = await s3UploadPart(ctx, principal, upload, read.stream, read.contentLength);
  return { ...part, modified: file.object.modified };
}

/**
 * CompleteMultipartUpload: the parts named, in ascending order, each as stored (its ETag), together
 * within the max upload size; then joined in one step (the object appears whole or not at all).
 */
export async function s3CompleteUpload(
  ctx: ModelContext,
  principal: Principal,
  upload: { bucket: string; key: string; uploadId: string },
  parts: CompletedPart[],
): Promise<{ etag: string | null }> {
  const at = await uploadOf(ctx, principal, upload.bucket, upload.key, upload.uploadId);
  if (parts.length === 0) throw new AppError('invalid', 's3PartsMissing');
  const stored = new Map(
    (await at.driver.multipartListParts(at.key, upload.uploadId)).map((part) => [part.partNumber, part]),
  );
  let total = 0;
  parts.forEach((part, i) => {
    if (i > 0 && part.partNumber <= parts[i - 1]!.partNumber) throw new AppError('invalid', 's3PartOrderInvalid');
    const there = stored.get(part.partNumber);
    if (!there || there.etag.replace(/"/g, '') !== part.etag.replace(/"/g, ''))
      throw new AppError('invalid', 's3PartInvalid');
    if (i < parts.length - 1 && there.size < at.driver.capabilities.minPartSize)
      throw new AppError('invalid', 's3PartTooSmall');
    total += there.size;
  });
  const max = await maxUploadBytes(ctx);
  if (total > max) throw tooLarge(max);
  const { etag } = await replacing(ctx, at, at.key, () =>
    at.driver.multipartComplete(
      at.key,
      upload.uploadId,
      parts.map((p) => ({ partNumber: p.partNumber, etag: stored.get(p.partNumber)!.etag })),
    ),
  );
  await ctx.db.s3Upload.deleteMany({ where: { uploadId: upload.uploadId } });
  await afterJoin(ctx, at, at.key, etag);
  return { etag };
}

/** AbortMultipartUpload: its parts go. */
export async function s3AbortUpload(
  ctx: ModelContext,
  principal: Principal,
  upload: { bucket: string; key: string; uploadId: string },
): Promise<void> {
  const at = await uploadOf(ctx, principal, upload.bucket, upload.key, upload.uploadId);
  await at.driver.multipartAbort(at.key, upload.uploadId);
  await ctx.db.s3Upload.deleteMany({ where: { uploadId: upload.uploadId } });
}

/** ListParts. */
export async function s3ListParts(
  ctx: ModelContext,
  principal: Principal,
  upload: { bucket: string; key: string; uploadId: string },
): Promise<UploadedPart[]> {
  const at = await uploadOf(ctx, principal, upload.bucket, upload.key, upload.uploadId);
  return (await at.driver.multipartListParts(at.key, upload.uploadId)).sort((a, b) => a.partNumber - b.partNumber);
}

/** ListMultipartUploads: the caller's unfinished uploads in the bucket whose keys start with `prefix`. */
export async function s3ListUploads(ctx: ModelContext, principal: Principal, bucket: string, prefix: string) {
  authorize(principal, 'fs.upload');
  const rows = await ctx.db.s3Upload.findMany({
    where: { createdBy: creatorId(principal)! },
    orderBy: { createdAt: 'asc' },
    take: 1000,
  });
  const mounts = new Map(
    (await ctx.db.mount.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.mountId))] } } })).map((m) => [
      m.id,
      m.mountPath.replace(/\/+$/, ''),
    ]),
  );
  const top = pathOf(bucket);
  return rows
    .map((row) => ({ row, path: `${mounts.get(row.mountId) ?? ''}/${row.key}` }))
    .filter(({ path }) => path.startsWith(`${top}/${prefix}`))
    .map(({ row, path }) => ({ key: path.slice(top.length + 1), uploadId: row.uploadId, initiated: row.createdAt }));
}

/** The sweeper's: uploads left alone for a day are aborted, their parts removed. */
export async function pruneS3Uploads(ctx: ModelContext, now = Date.now()): Promise<number> {
  const stale = await ctx.db.s3Upload.findMany({
    where: { createdAt: { lt: new Date(now - S3_UPLOAD_LIFETIME_MS) } },
    take: 500,
  });
  for (const row of stale) {
    const mount = await ctx.db.mount.findUnique({ where: { id: row.mountId } });
    if (mount)
      await (
        await storageOf(ctx, mount)
      ).driver
        .multipartAbort(row.key, row.uploadId)
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'Could not abort an abandoned S3 upload'));
    await ctx.db.s3Upload.deleteMany({ where: { uploadId: row.uploadId } });
  }
  return stale.length;
}
