import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { releaseQuota, reserveQuota, settleShareQuota } from '~/models/quotas/quotas.server';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { UploadOptions } from '~/lib/schemas/files';
import { planParts } from '~/lib/upload/part-size';
import { StorageError, type CompletedPart, type PartSizes, type StorageDriver } from '~/storage/types';
import { checkParts, listStoredParts } from '~/models/storage/part-plan.server';
import { prepareShare } from './uploads.server';
import { shareFields } from './new-share.server';
import { removeShare } from '../remove.server';
import { assertWholeRecords, refuseSealedFileChanges, sealedUploadOptions } from '../visit/sealed-shares.server';
import { plainSizeOfRecords, sealedPartSize } from '~/lib/e2e/file';
import { isUniqueViolation } from '~/db/errors';
import { isDeadInstance, PROCESS_INSTANCE } from '~/process-instance.server';
import { forgetGone } from '~/models/gone.server';
import { PENDING_STATUSES, pendingKeyOf, removeOrphanPendingObjects } from '../pending-objects.server';
import { assertFits, maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';
import type { ModelContext } from '~/models/context.server';
import { stripStored } from '~/models/settings/strip-metadata.server';
import { driverOfShare, findShareRow, toFileRecord, type FileShareRecord, type ShareRow } from '../records.server';

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
  /** Each part URL takes exactly its part's bytes (an upload request's anonymous uploader). */
  exactParts?: boolean;
  /** An end-to-end encrypted upload's header and sealed metadata (sealed-shares.server.ts). */
  envelope?: string;
}

async function createPending(ctx: ModelContext, principal: Principal, upload: NewUpload, multipart: boolean) {
  const envelope = upload.envelope ?? null;
  if (envelope !== null) upload = { ...upload, ...sealedUploadOptions(envelope, upload.size, upload.options) };
  const prepared = await prepareShare(ctx, principal, upload.filename, upload.options, upload.size);
  const { config, driver, key } = prepared;
  if (!driver.capabilities.presign || (multipart && !driver.capabilities.multipart))
    throw new AppError('invalid', 'storageNoDirectUpload');
  // The declared size is reserved against the key's quotas until the commit settles it (decision 0034).
  const id = randomUUID();
  const hold = await reserveQuota(ctx, principal, { bytes: upload.size, share: true, held: true, fileId: id });
  const uploadId = multipart
    ? await driver
        .multipartInit(key, { contentType: prepared.mimetype })
        .then((init) => init.uploadId)
        .catch(async (error: unknown) => {
          await releaseQuota(ctx, hold);
          throw error;
        })
    : null;
  try {
    const file = await ctx.db.fileShare.create({
      data: {
        id,
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
        // An encrypted share's password is a verifier: nothing worth showing its owner again.
        ...(envelope === null ? {} : { envelope, passwordEnc: null }),
      },
      include: { storageConfig: true },
    });
    return { file, driver };
  } catch (error) {
    if (uploadId) await driver.multipartAbort(key, uploadId).catch(() => undefined);
    await releaseQuota(ctx, hold);
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

/** Step 1 of a single-PUT upload: the pending record and a URL to PUT the bytes to. */
export async function presignUpload(ctx: ModelContext, principal: Principal, upload: NewUpload) {
  const { file, driver } = await createPending(ctx, principal, upload, false);
  const expiresIn = Math.max(file.storageConfig.signatureExpiresIn || 0, 3600);
  const uploadUrl = await driver.presignPut(pendingKeyOf(file.id), { expiresIn, contentType: file.mimetype });
  return { file: toFileRecord(file), uploadUrl };
}

/** Step 1 of a multipart upload: the pending record, the part plan and a URL for every part. */
export async function initMultipartUpload(
  ctx: ModelContext,
  principal: Principal,
  upload: NewUpload & { size: number; partSize?: number },
) {
  const { file, driver } = await createPending(ctx, principal, upload, true);
  // An encrypted upload's parts are whole records (docs/encryption.md "Files"), whatever was asked.
  const plain = file.envelope === null ? null : plainSizeOfRecords(upload.size)!;
  const plan = planParts(upload.size, plain === null ? upload.partSize : sealedPartSize(plain));
  const numbers = Array.from({ length: plan.partCount }, (_, i) => i + 1);
  const urls = await driver.multipartSignParts(file.storagePath, file.uploadId!, numbers, UPLOAD_LIFETIME_S, {
    sizes: upload.exactParts ? plan : undefined,
  });
  return { file: toFileRecord(file), uploadId: file.uploadId!, ...plan, urls };
}

/** A commit claim older than this belongs to a process that died mid-commit: it may be taken over. */
const COMMIT_CLAIM_MS = 15 * 60_000;

/** The caller's pending upload (uploading, or being committed); 404 when it is gone. */
async function pendingUpload(ctx: ModelContext, principal: Principal, fileId: string, uploadId?: string) {
  const file = await findShareRow(ctx, fileId);
  if (!file || !PENDING_STATUSES.includes(file.status) || (uploadId !== undefined && file.uploadId !== uploadId))
    throw new AppError('not_found', 'uploadNotFound');
  if (!isCreator(principal, file.createdBy)) throw new AppError('forbidden', 'uploadNotYours');
  return file;
}

/** Why a conditional statement on a pending upload changed nothing: another request got there first. */
async function lostRace(ctx: ModelContext, fileId: string): Promise<AppError> {
  const now = await ctx.db.fileShare.findUnique({ where: { id: fileId }, select: { status: true } });
  return now?.status === 'committing'
    ? new AppError('conflict', 'uploadCommitting')
    : new AppError('not_found', 'uploadNotFound');
}

/**
 * Claims a pending upload for its commit in one conditional statement (docs/architecture.md §4):
 * of a commit and a cancel, or two commits, racing, exactly one wins and the other gets 409/404.
 */
async function claimForCommit(ctx: ModelContext, principal: Principal, fileId: string, uploadId?: string) {
  const file = await pendingUpload(ctx, principal, fileId, uploadId);
  // A commit a killed process left is taken over at once when its holder is known to be gone
  // (issue 27 B9), else after COMMIT_CLAIM_MS.
  const deadHolder = file.status === 'committing' && file.commitHolder && isDeadInstance(file.commitHolder);
  const { count } = await ctx.db.fileShare.updateMany({
    where: {
      id: file.id,
      OR: [
        { status: 'uploading' },
        { status: 'committing', updatedAt: { lt: new Date(Date.now() - COMMIT_CLAIM_MS) } },
        ...(deadHolder ? [{ status: 'committing', commitHolder: file.commitHolder }] : []),
      ],
    },
    data: { status: 'committing', commitHolder: PROCESS_INSTANCE },
  });
  if (count === 0) throw await lostRace(ctx, file.id);
  return file;
}

/** Gives a claimed upload back (a commit that failed on something the uploader can fix or retry). */
async function releaseClaim(ctx: ModelContext, file: ShareRow) {
  await ctx.db.fileShare
    .updateMany({ where: { id: file.id, status: 'committing' }, data: { status: 'uploading', commitHolder: null } })
    .catch((error) => ctx.log.error({ err: error }, `Could not release the commit of upload ${file.id}`));
}

/** After a pause or a page reload: the parts storage already has, and fresh URLs for the rest. */
export async function resumeMultipartUpload(
  ctx: ModelContext,
  principal: Principal,
  fileId: string,
  uploadId: string,
  /** The plan, when the caller keeps it (an upload request): the URLs then take exactly their parts. */
  sizes?: PartSizes,
) {
  const file = await pendingUpload(ctx, principal, fileId, uploadId);
  const driver = driverOfShare(ctx, file);
  const stored = await storedParts(driver, file);
  const size = Number(file.size);
  const plan = planParts(size, sizes?.partSize ?? stored.find((p) => p.partNumber === 1)?.size);
  const done = new Set(stored.map((p) => p.partNumber));
  const missing = Array.from({ length: plan.partCount }, (_, i) => i + 1).filter((n) => !done.has(n));
  const urls = await driver.multipartSignParts(file.storagePath, uploadId, missing, UPLOAD_LIFETIME_S, { sizes });
  return { file: toFileRecord(file), parts: stored, urls, ...plan };
}

const storedParts = (driver: StorageDriver, file: ShareRow) =>
  listStoredParts(driver, file.storagePath, file.uploadId!);

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
 * Makes a claimed upload live once its object is complete. What counts is what storage holds, not
 * what the browser claimed: an object over the size limit or the quota is removed with its record.
 * A single-PUT object moves from its pending key into place first; if the record then cannot be
 * written, it moves back, so the commit can simply be retried.
 */
async function goLive(ctx: ModelContext, file: ShareRow, options: UploadOptions | undefined) {
  const driver = driverOfShare(ctx, file);
  // A commit cut off after its move (and taken over) finds the object in place already.
  let pending = file.uploadId ? null : pendingKeyOf(file.id);
  let stored = await driver.stat(pending ?? file.storagePath);
  if (!stored && pending) {
    stored = await driver.stat(file.storagePath);
    if (stored) pending = null;
  }
  if (!stored) {
    await releaseClaim(ctx, file);
    throw new AppError('invalid', 'uploadIncomplete');
  }
  // A photo put straight into storage loses its location and camera before it is shown, when the
  // setting says so (never an encrypted one: the server holds only its ciphertext).
  if (file.envelope === null)
    stored = (await stripStored(ctx, driver, pending ?? file.storagePath, file.filename)) ?? stored;
  if (file.envelope !== null && options) {
    try {
      refuseSealedFileChanges(options);
    } catch (error) {
      await releaseClaim(ctx, file);
      throw error;
    }
  }
  try {
    if (file.envelope !== null) assertWholeRecords(stored.size);
    const max = await maxUploadBytes(ctx);
    if (stored.size > max) throw tooLarge(max);
    // The declared size is already counted in the quota; only growth beyond it needs room.
    await assertFits(ctx, file.storageConfig, ctx.config.dataDir, stored.size - Number(file.size));
    await settleShareQuota(ctx, file.id, stored.size);
  } catch (error) {
    await discard(ctx, file);
    throw error;
  }
  if (pending) await driver.move(pending, file.storagePath);
  try {
    await ctx.db.fileShare.updateMany({
      where: { id: file.id, status: 'committing' },
      data: {
        status: 'ready',
        uploadId: null,
        commitHolder: null,
        size: BigInt(stored.size),
        etag: stored.etag,
        ...(await optionsPatch(ctx, options)),
      },
    });
  } catch (error) {
    if (pending) await driver.move(file.storagePath, pending).catch(() => undefined);
    await releaseClaim(ctx, file);
    throw error;
  }
  await forgetGone(ctx, 'file', file.slug);
  return toFileRecord((await findShareRow(ctx, file.id))!);
}

/** A share live at last is a share created (its name and type are sealed when it is encrypted). */
function created(ctx: ModelContext, principal: Principal, record: FileShareRecord) {
  audit(ctx, principal, {
    action: 'file.create',
    target: record.slug,
    detail: record.envelope ? null : record.filename,
  });
  return record;
}

/** Step 3 of a single-PUT upload. */
export async function commitUpload(
  ctx: ModelContext,
  principal: Principal,
  fileId: string,
  options?: UploadOptions,
): Promise<FileShareRecord> {
  const file = await claimForCommit(ctx, principal, fileId);
  if (file.uploadId) {
    await releaseClaim(ctx, file);
    throw new AppError('invalid', 'uploadIsMultipart');
  }
  return created(ctx, principal, await goLive(ctx, file, options));
}

/** Joins the parts into the object and makes the share live; a part problem keeps it resumable. */
export async function completeMultipartUpload(
  ctx: ModelContext,
  principal: Principal,
  input: { fileId: string; uploadId: string; parts: CompletedPart[]; options?: UploadOptions },
): Promise<FileShareRecord> {
  const file = await claimForCommit(ctx, principal, input.fileId, input.uploadId);
  const driver = driverOfShare(ctx, file);
  try {
    const parts = checkParts(input.parts, await storedParts(driver, file), Number(file.size));
    await driver.multipartComplete(file.storagePath, input.uploadId, parts);
  } catch (error) {
    await releaseClaim(ctx, file);
    if (error instanceof StorageError && error.kind !== 'unavailable')
      throw new AppError('conflict', 'uploadPartsRejected');
    throw error;
  }
  return created(ctx, principal, await goLive(ctx, file, input.options));
}

/** Removes a claimed upload: its multipart upload, any object written so far, and the record. */
const discard = (ctx: ModelContext, file: ShareRow) => removeShare(ctx, file, true);

/**
 * Cancel or abort by the uploader (docs/product/api.md url/cancel, url/multipart/abort,
 * s3/multipart/abort). The record goes first, in one conditional statement, so a cancel racing a
 * commit either wins (the commit then answers 404) or loses with 409; objects a failed removal
 * leaves are the janitor's.
 */
export async function cancelUpload(ctx: ModelContext, principal: Principal, fileId: string, uploadId?: string) {
  const file = await pendingUpload(ctx, principal, fileId, uploadId);
  const { count } = await ctx.db.fileShare.deleteMany({ where: { id: file.id, status: 'uploading' } });
  if (count === 0) throw await lostRace(ctx, file.id);
  await removeShare(ctx, file, true);
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
    where: { status: { in: PENDING_STATUSES }, createdAt: { lt: before } },
    include: { storageConfig: true },
    take: 500,
  });
  let reaped = 0;
  for (const file of stale) {
    await discard(ctx, file).then(
      () => reaped++,
      (error) => ctx.log.error({ err: error }, `Could not remove stale upload ${file.id}`),
    );
  }
  const pending = new Set(
    (await ctx.db.fileShare.findMany({ where: { status: { in: PENDING_STATUSES } }, select: { uploadId: true } })).map(
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
      ctx.log.error({ err: error }, `Could not list unfinished uploads of storage ${config.id}`);
    }
  }
  return reaped + (await removeOrphanPendingObjects(ctx));
}
