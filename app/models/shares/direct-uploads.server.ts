import { randomUUID } from 'node:crypto';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { UploadOptions } from '~/lib/schemas/files';
import { planParts } from '~/lib/upload/part-size';
import { StorageError, type CompletedPart } from '~/storage/types';
import { isUniqueViolation, prepareShare, removeShare, shareFields } from './files.server';
import { forgetGone } from './gone.server';
import { assertFits, maxUploadBytes, tooLarge } from './upload-limits.server';
import type { ModelContext } from '~/models/context.server';
import { driverOfShare, findShareRow, toFileRecord, type FileShareRecord, type ShareRow } from './records.server';

/**
 * Browser uploads that go straight to storage (docs/architecture.md §5, docs/product/api.md s3/presign + s3/commit): the share
 * record is made first with status 'uploading' (which reserves its slug and its declared size in the
 * quota), the browser PUTs the bytes to a presigned URL (one PUT, or parts of a multipart upload),
 * and commit checks what actually arrived before the share goes live. A record that never commits
 * is removed by cancel/abort, or by the janitor (reapStaleUploads) once it is a day old.
 */

/** Browser uploads stay resumable for 24 h (docs/product/spec.md §9); part URLs live that long too. */
export const UPLOAD_LIFETIME_S = 24 * 3600;

export interface NewUpload {
  filename: string;
  /** Declared size in bytes (required for multipart). Checked again against the stored object. */
  size?: number;
  options: UploadOptions;
}

async function createPending(ctx: ModelContext, principal: Principal, upload: NewUpload, multipart: boolean) {
  const prepared = await prepareShare(ctx, principal, upload.filename, upload.options, upload.size);
  const { config, driver, key } = prepared;
  if (!driver.capabilities.presign || (multipart && !driver.capabilities.multipart))
    throw new AppError('invalid', 'storageNoDirectUpload');
  const uploadId = multipart ? (await driver.multipartInit(key, { contentType: prepared.mimetype })).uploadId : null;
  try {
    const file = await ctx.db.fileShare.create({
      data: {
        id: randomUUID(),
        slug: prepared.slug,
        filename: upload.filename,
        storageConfigId: config.id,
        storageType: prepared.storageType,
        storagePath: key,
        mimetype: prepared.mimetype,
        size: BigInt(upload.size ?? 0),
        status: 'uploading',
        uploadId,
        createdBy: creatorId(principal),
        ...prepared.fields,
      },
      include: { storageConfig: true },
    });
    return { file, driver };
  } catch (error) {
    if (uploadId) await driver.multipartAbort(key, uploadId).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

/** Step 1 of a single-PUT upload: the pending record and a URL to PUT the bytes to. */
export async function presignUpload(ctx: ModelContext, principal: Principal, upload: NewUpload) {
  const { file, driver } = await createPending(ctx, principal, upload, false);
  const expiresIn = Math.max(file.storageConfig.signatureExpiresIn || 0, 3600);
  const uploadUrl = await driver.presignPut(file.storagePath, { expiresIn, contentType: file.mimetype });
  return { file: toFileRecord(file), uploadUrl };
}

/** Step 1 of a multipart upload: the pending record, the part plan and a URL for every part. */
export async function initMultipartUpload(
  ctx: ModelContext,
  principal: Principal,
  upload: NewUpload & { size: number; partSize?: number },
) {
  const { file, driver } = await createPending(ctx, principal, upload, true);
  const plan = planParts(upload.size, upload.partSize);
  const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const urls = await driver.multipartSignParts(file.storagePath, file.uploadId!, numbers, UPLOAD_LIFETIME_S);
  return { file: toFileRecord(file), uploadId: file.uploadId!, ...plan, urls };
}

/** The caller's pending upload; 404 when it is gone (cancelled, reaped, committed). */
async function pendingUpload(ctx: ModelContext, principal: Principal, fileId: string, uploadId?: string) {
  const file = await findShareRow(ctx, fileId);
  if (!file || file.status !== 'uploading' || (uploadId !== undefined && file.uploadId !== uploadId))
    throw new AppError('not_found', 'uploadNotFound');
  if (!isCreator(principal, file.createdBy)) throw new AppError('forbidden', 'uploadNotYours');
  return file;
}

/** After a pause or a page reload: the parts storage already has, and fresh URLs for the rest. */
export async function resumeMultipartUpload(ctx: ModelContext, principal: Principal, fileId: string, uploadId: string) {
  const file = await pendingUpload(ctx, principal, fileId, uploadId);
  const driver = driverOfShare(ctx, file);
  const stored = await driver.multipartListParts(file.storagePath, uploadId).catch((error: unknown) => {
    if (error instanceof StorageError && error.kind === 'not_found') throw new AppError('not_found', 'uploadNotFound');
    throw error;
  });
  const size = Number(file.size);
  const plan = planParts(size, stored.find((p) => p.partNumber === 1)?.size);
  const done = new Set(stored.map((p) => p.partNumber));
  const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
  const urls = await driver.multipartSignParts(file.storagePath, uploadId, missing, UPLOAD_LIFETIME_S);
  return { file: toFileRecord(file), parts: stored, urls, ...plan };
}

/** Only the options a client actually sent at commit replace the ones given at presign (docs/product/api.md §5 #1). */
async function optionsPatch(ctx: ModelContext, options: UploadOptions | undefined) {
  if (!options) return {};
  const fields = await shareFields(options, ctx.masterKey);
  return {
    ...(options.remark !== undefined ? { remark: fields.remark } : {}),
    ...(options.password ? { passwordHash: fields.passwordHash, passwordEnc: fields.passwordEnc } : {}),
    ...(options.expires_in !== undefined ? { expiresAt: fields.expiresAt } : {}),
    ...(options.max_views !== undefined ? { maxViews: fields.maxViews } : {}),
    ...(options.use_proxy !== undefined ? { useProxy: fields.useProxy } : {}),
  };
}

/**
 * Makes a pending share live once its object is complete. What counts is what storage holds, not
 * what the browser claimed: an object over the size limit or the quota is removed with its record.
 */
async function goLive(ctx: ModelContext, file: ShareRow, options: UploadOptions | undefined) {
  const driver = driverOfShare(ctx, file);
  const stored = await driver.stat(file.storagePath);
  if (!stored) throw new AppError('invalid', 'uploadIncomplete');
  try {
    const max = await maxUploadBytes(ctx);
    if (stored.size > max) throw tooLarge(max);
    // The declared size is already counted in the quota; only growth beyond it needs room.
    await assertFits(ctx, file.storageConfig, ctx.config.dataDir, stored.size - Number(file.size));
  } catch (error) {
    await discard(ctx, file);
    throw error;
  }
  const live = await ctx.db.fileShare.update({
    where: { id: file.id },
    data: {
      status: 'ready',
      uploadId: null,
      size: BigInt(stored.size),
      etag: stored.etag,
      ...(await optionsPatch(ctx, options)),
    },
    include: { storageConfig: true },
  });
  await forgetGone(ctx, 'file', live.slug);
  return toFileRecord(live);
}

/** Step 3 of a single-PUT upload. */
export async function commitUpload(
  ctx: ModelContext,
  principal: Principal,
  fileId: string,
  options?: UploadOptions,
): Promise<FileShareRecord> {
  const file = await pendingUpload(ctx, principal, fileId);
  if (file.uploadId) throw new AppError('invalid', 'uploadIsMultipart');
  return goLive(ctx, file, options);
}

/** Joins the parts into the object and makes the share live; on failure nothing is left behind. */
export async function completeMultipartUpload(
  ctx: ModelContext,
  principal: Principal,
  input: { fileId: string; uploadId: string; parts: CompletedPart[]; options?: UploadOptions },
): Promise<FileShareRecord> {
  const file = await pendingUpload(ctx, principal, input.fileId, input.uploadId);
  const driver = driverOfShare(ctx, file);
  try {
    await driver.multipartComplete(file.storagePath, input.uploadId, input.parts);
  } catch (error) {
    await discard(ctx, file);
    if (error instanceof StorageError) throw new AppError('invalid', 'uploadPartsInvalid');
    throw error;
  }
  return goLive(ctx, file, input.options);
}

/** Removes a pending upload: its multipart upload, any object written so far, and the record. */
const discard = (ctx: ModelContext, file: ShareRow) => removeShare(ctx, file, true);

/** Cancel or abort by the uploader (docs/product/api.md url/cancel, url/multipart/abort, s3/multipart/abort). */
export async function cancelUpload(ctx: ModelContext, principal: Principal, fileId: string, uploadId?: string) {
  const file = await pendingUpload(ctx, principal, fileId, uploadId);
  await discard(ctx, file);
  return toFileRecord(file);
}

/**
 * The janitor: pending uploads older than the resumable lifetime lose their record, object and
 * multipart upload; unfinished multipart uploads storage still holds without a live record (e.g.
 * the server was killed in the middle of a streamed upload) are aborted too.
 */
export async function reapStaleUploads(ctx: ModelContext, maxAgeMs = (UPLOAD_LIFETIME_S + 3600) * 1000) {
  const before = new Date(Date.now() - maxAgeMs);
  const stale = await ctx.db.fileShare.findMany({
    where: { status: 'uploading', createdAt: { lt: before } },
    include: { storageConfig: true },
    take: 500,
  });
  let reaped = 0;
  for (const file of stale) {
    await discard(ctx, file).then(
      () => reaped++,
      (error) => console.error(`Could not remove stale upload ${file.id}:`, error),
    );
  }
  const pending = new Set(
    (await ctx.db.fileShare.findMany({ where: { status: 'uploading' }, select: { uploadId: true } })).map(
      (f) => f.uploadId,
    ),
  );
  for (const config of await ctx.db.storageConfig.findMany()) {
    try {
      const driver = ctx.storage.driverFor(config);
      for (const upload of await driver.staleUploads(before, config.defaultFolder)) {
        if (pending.has(upload.uploadId)) continue;
        await driver.multipartAbort(upload.key, upload.uploadId);
        reaped++;
      }
    } catch (error) {
      console.error(`Could not list unfinished uploads of storage ${config.id}:`, error);
    }
  }
  return reaped;
}
