import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import { planParts } from '~/lib/upload/part-size';
import type { ModelContext } from '~/models/context.server';
import { checkParts } from '~/models/storage/part-plan.server';
import { StorageError, type CompletedPart } from '~/storage/types';
import { parseVirtualPath } from '~/storage/vfs/path';
import { afterWrite } from './after-write.server';
import { locate } from './locate.server';

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

/** After a presigned PUT: the file is there (or the caller is told it is not). */
export async function commitFsUpload(ctx: ModelContext, principal: Principal, targetPath: string | undefined) {
  const at = await locate(ctx, principal, targetPath, 'fs.upload');
  if (at.kind === 'virtual' || at.key === '') throw new AppError('forbidden', 'fsRootReadOnly');
  const info = await at.driver.stat(at.key);
  if (!info) throw new AppError('invalid', 'uploadIncomplete');
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
  const contentType = mimeFromFilename(input.fileName!);
  const { uploadId } = await at.driver.multipartInit(at.key, { contentType });
  const plan = planParts(input.fileSize, input.partSize);
  const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const urls = await at.driver.multipartSignParts(at.key, uploadId, numbers, at.expiresIn, { mounted: true });
  return { uploadId, key: at.key, mount: at.mount, plan, urls, path: at.path.path };
}

export async function completeFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string; parts: CompletedPart[]; fileSize?: number },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  try {
    const stored = await at.driver.multipartListParts(at.key, input.uploadId);
    const parts = checkParts(input.parts, stored, input.fileSize);
    const { etag } = await at.driver.multipartComplete(at.key, input.uploadId, parts);
    const info = await at.driver.stat(at.key);
    await afterWrite(
      ctx,
      at,
      info
        ? { kind: 'written', key: at.key, file: { size: info.size, etag, modified: info.lastModified } }
        : { kind: 'unsettled' },
    );
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

export async function abortFsMultipart(
  ctx: ModelContext,
  principal: Principal,
  input: { path?: string; fileName?: string; uploadId: string },
) {
  const at = await target(ctx, principal, input.path, input.fileName);
  await at.driver.multipartAbort(at.key, input.uploadId);
}
