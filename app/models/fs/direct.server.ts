import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { planParts } from '~/lib/upload/part-size';
import type { ModelContext } from '~/models/context.server';
import { checkParts } from '~/models/storage/part-plan.server';
import { StorageError, type CompletedPart } from '~/storage/types';
import { parseVirtualPath } from '~/storage/vfs/path';
import { afterWrite } from './after-write.server';
import { chargeQuota, checkQuota } from '~/models/quotas/quotas.server';
import { locate } from './locate.server';
import type { InMount } from './types';
import { maxUploadBytes, tooLarge } from '~/models/storage/upload-limits.server';

/**
 * Browser uploads straight to mounted storage (docs/product/api.md §3.10 fs/presign and
 * fs/multipart): the explorer PUTs to presigned URLs (S3's, or the app's signed URLs of a local
 * storage, docs/decisions/0010-mounted-local-uploads.md), and commit or complete tells the app,
 * which then drops the mount's cached listings.
 */

/** Presigned upload URLs of the explorer live an hour (as in v0.7.3). */
const PUT_URL_SECONDS = 3600;

/** The file `fileName` in the folder `dir`, located for an upload by this principal. */
async function target(ctx: ModelContext, principal: Principal, dir: string | undefined, fileName: string | undefined) {
  if (!dir) throw new AppError('invalid', 'fsPathRequired');
  if (!fileName || /[\\/]/.test(fileName)) throw new AppError('invalid', 'filenameInvalid');
  const path = `${dir.replace(/\/+$/, '')}/${fileName}`;
  if (!parseVirtualPath(path)) throw new AppError('invalid', 'fsPathInvalid');
  const at = await locate(ctx, principal, path, 'fs.upload');
  if (at.kind === 'virtual') throw new AppError('forbidden', 'fsRootReadOnly');
  return at;
}

export async function presignFsUpload(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; contentType?: string },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  const contentType = input.contentType || mimeFromFilename(input.fileName!);
  const url = await at.driver.presignPut(at.key, { expiresIn: PUT_URL_SECONDS, contentType, mounted: true });
  return { url, key: at.key, targetPath: at.path.path, mount: at.mount, contentType };
}

/** A file stored straight into storage and then refused (too large, past the key's quota) is removed. */
async function removeRefused(ctx: ModelContext, at: InMount, error: unknown): Promise<never> {
  await at.driver.remove([at.key]);
  await afterWrite(ctx, at, { kind: 'removed', key: at.key });
  throw error;
}

/**
 * After a presigned PUT: the file is there (or the caller is told it is not). A presigned PUT to S3
 * cannot be held to the max upload size while it runs: one over it is removed here (413).
 */
export async function commitFsUpload(ctx: ModelContext, principal: Principal, targetPath: string | undefined) {
  const at = await locate(ctx, principal, targetPath, 'fs.upload');
  if (at.kind === 'virtual' || at.key === '') throw new AppError('forbidden', 'fsRootReadOnly');
  const info = await at.driver.stat(at.key);
  if (!info) throw new AppError('invalid', 'uploadIncomplete');
  const max = await maxUploadBytes(ctx);
  if (info.size > max) await removeRefused(ctx, at, tooLarge(max));
  await chargeQuota(ctx, principal, { bytes: info.size }).catch((error: unknown) => removeRefused(ctx, at, error));
  await afterWrite(ctx, at, {
    kind: 'written',
    key: at.key,
    file: { size: info.size, etag: info.etag, modified: info.lastModified },
  });
  return { fileName: at.path.segments.at(-1)!, targetPath: at.path.path, size: info.size };
}

export async function initFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; fileSize: number; partSize?: number },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  const max = await maxUploadBytes(ctx);
  if (input.fileSize > max) throw tooLarge(max);
  // Refused now rather than after every part is sent; the completion is what counts (decision 0034).
  await checkQuota(ctx, principal, { bytes: input.fileSize });
  const contentType = mimeFromFilename(input.fileName!);
  const plan = planParts(input.fileSize, input.partSize);
  const { uploadId } = await at.driver.multipartInit(at.key, { contentType });
  // What complete holds the upload to: the parts of this plan, this size (issue 27 B5).
  await ctx.db.fsUpload
    .create({
      data: {
        uploadId,
        mountId: at.mount.id,
        key: at.key,
        declaredSize: BigInt(input.fileSize),
        partCount: plan.partCount,
      },
    })
    .catch(async (error: unknown) => {
      await at.driver.multipartAbort(at.key, uploadId).catch(() => undefined);
      throw error;
    });
  const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const urls = await at.driver.multipartSignParts(at.key, uploadId, numbers, at.expiresIn, { mounted: true });
  return { uploadId, key: at.key, mount: at.mount, plan, urls, path: at.path.path };
}

/**
 * The upload as its init declared it; none for an unknown id or another file's (404). Uploads
 * started before the declaration was kept have none either: they are refused and start again.
 */
async function declaredUpload(ctx: ModelContext, at: InMount, uploadId: string) {
  const declared = await ctx.db.fsUpload.findUnique({ where: { uploadId } });
  if (!declared || declared.mountId !== at.mount.id || declared.key !== at.key)
    throw new AppError('not_found', 'uploadNotFound');
  return { size: Number(declared.declaredSize), partCount: declared.partCount };
}

export async function completeFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string; parts: CompletedPart[]; fileSize?: number },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  const declared = await declaredUpload(ctx, at, input.uploadId);
  if (input.fileSize !== undefined && input.fileSize !== declared.size)
    throw new AppError('invalid', 'uploadSizeMismatch', { stored: input.fileSize, declared: declared.size });
  // Every part the plan made, each once: an upload completed with parts left out is refused, not cut short.
  if (input.parts.length !== declared.partCount)
    throw new AppError('invalid', 'uploadPartsInvalid', { count: declared.partCount });
  try {
    const stored = await at.driver.multipartListParts(at.key, input.uploadId);
    const parts = checkParts(input.parts, stored, declared.size);
    const { etag } = await at.driver.multipartComplete(at.key, input.uploadId, parts);
    await ctx.db.fsUpload.deleteMany({ where: { uploadId: input.uploadId } });
    await chargeQuota(ctx, principal, { bytes: declared.size }).catch((error: unknown) =>
      removeRefused(ctx, at, error),
    );
    const info = await afterJoin(ctx, at, at.key, etag);
    return {
      key: at.key,
      name: input.fileName!,
      size: info?.size ?? 0,
      etag,
      contentType: mimeFromFilename(input.fileName!),
    };
  } catch (error) {
    if (error instanceof StorageError && error.kind === 'not_found') throw new AppError('not_found', 'uploadNotFound');
    if (error instanceof StorageError && error.kind === 'conflict')
      throw new AppError('conflict', 'uploadPartsRejected');
    throw error;
  }
}

/**
 * After a multipart upload into a mount is joined at `key`: what storage says of the file (the join
 * does not) goes to the listings and the index. Answers it, or null when it is not there to see.
 */
export async function afterJoin(ctx: ModelContext, at: InMount, key: string, etag: string | null) {
  const info = await at.driver.stat(key);
  await afterWrite(
    ctx,
    at,
    info
      ? { kind: 'written', key, file: { size: info.size, etag, modified: info.lastModified } }
      : { kind: 'unsettled' },
  );
  return info;
}

export async function abortFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  await at.driver.multipartAbort(at.key, input.uploadId);
  await ctx.db.fsUpload.deleteMany({ where: { uploadId: input.uploadId, mountId: at.mount.id, key: at.key } });
}

/** Declarations of uploads nobody finished live as long as their parts may (a week), then go. */
const DECLARATION_DAYS = 7;

/** The sweeper's: forgets declarations of uploads abandoned long ago. */
export async function pruneFsUploads(ctx: ModelContext, now = Date.now()): Promise<number> {
  const before = new Date(now - DECLARATION_DAYS * 86_400_000);
  return (await ctx.db.fsUpload.deleteMany({ where: { createdAt: { lt: before } } })).count;
}
