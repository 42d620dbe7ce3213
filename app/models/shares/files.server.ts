import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { quotaLimit, releaseQuota, releaseShareQuota, reserveQuota, settleQuota } from '~/models/quotas/quotas.server';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { StorageConfig } from '~/generated/prisma/client';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { hashPassword } from '~/auth/password.server';
import { encrypt } from '~/auth/secrets.server';
import { randomString } from '~/auth/tokens.server';
import { AppError } from '~/lib/errors';
import { cleanSubPath, filenameProblem, safeKeyName } from '~/lib/filename';
import { mimeFromFilename } from '~/lib/mime';
import type { UploadOptions } from '~/lib/schemas/files';
import { StorageError } from '~/storage/types';
import { forgetGone, markGone } from '~/models/gone.server';
import { PENDING_STATUSES, pendingKeyOf } from './pending-objects.server';
import { SHARE_OBJECTS_PREFIX } from './share-objects.server';
import { storageForUpload, touchStorageConfig } from '~/models/storage/configs.server';
import { driverOfShare, toFileRecord, type FileShareRecord, type ShareRow } from './records.server';
import { removeThumbnails } from './thumbnail-cache.server';
import { bundleMembers } from './records.server';
import { keepShareObject } from './kept-objects.server';
import { assertFits, maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';
import type { ModelContext } from '~/models/context.server';
import { isUniqueViolation } from '~/db/errors';

const RANDOM_SLUG_LENGTH = 6;
const HOUR_MS = 3600 * 1000;

export function assertFilename(name: string): void {
  const problem = filenameProblem(name);
  if (problem) throw new AppError('invalid', problem);
}

/** Share settings shared by every upload door, validated the same way. */
export async function shareFields(options: UploadOptions, masterKey: Buffer) {
  const password = options.password || null;
  return {
    remark: options.remark || null,
    passwordHash: password ? await hashPassword(password) : null,
    passwordEnc: password ? encrypt(masterKey, password) : null,
    expiresAt: options.expires_in ? new Date(Date.now() + options.expires_in * HOUR_MS) : null,
    maxViews: options.max_views || null,
    useProxy: options.use_proxy ?? true,
  };
}

/** A free slug: the requested one (409 when taken, unless the caller may override its own), or a random one. */
export async function claimSlug(
  ctx: ModelContext,
  principal: Principal,
  requested: string | undefined,
  override: boolean,
): Promise<string> {
  if (!requested) {
    for (let i = 0; i < 10; i++) {
      const slug = randomString(RANDOM_SLUG_LENGTH);
      if (!(await ctx.db.fileShare.findUnique({ where: { slug } }))) return slug;
    }
    throw new AppError('unavailable', 'tryAgain');
  }
  const existing = await ctx.db.fileShare.findUnique({ where: { slug: requested }, include: { storageConfig: true } });
  if (!existing) return requested;
  if (!override) throw new AppError('conflict', 'slugTaken');
  if (!isCreator(principal, existing.createdBy)) throw new AppError('forbidden', 'overrideForbidden');
  await removeShare(ctx, existing, true);
  return requested;
}

/**
 * Object key of a share upload: <default folder><path>/<6-char id>-<safe name> (docs/product/api.md
 * §3.4) inside the reserved prefix no mount reaches (share-objects.server.ts).
 */
function storageKey(config: StorageConfig, subPath: string, filename: string, original: boolean): string {
  const name = safeKeyName(filename);
  return `${SHARE_OBJECTS_PREFIX}${config.defaultFolder}${subPath}${original ? name : `${randomString(6)}-${name}`}`;
}

/** Everything a new share needs before its bytes arrive, checked in the order users expect. */
export async function prepareShare(
  ctx: ModelContext,
  principal: Principal,
  filename: string,
  options: UploadOptions,
  /** The exact size when known up front: checked against the limit and the free space now. */
  size: number | undefined,
) {
  authorize(principal, 'file.upload');
  assertFilename(filename);
  const subPath = cleanSubPath(options.path);
  if (subPath === null) throw new AppError('invalid', 'pathInvalid');
  const config = await storageForUpload(ctx, principal, options.s3_config_id || options.storage_config_id);
  const max = await maxUploadBytes(ctx);
  if (size !== undefined && size > max) throw tooLarge(max);
  await assertFits(ctx, config, ctx.config.dataDir, size ?? 0);
  const slug = await claimSlug(ctx, principal, options.slug, options.override ?? false);
  return {
    config,
    slug,
    max,
    fields: await shareFields(options, ctx.masterKey),
    key: storageKey(config, subPath, filename, options.original_filename ?? false),
    driver: ctx.storage.driverFor(config),
    mimetype: mimeFromFilename(filename),
    storageType: config.storageType === 'local' ? 'LOCAL' : 'S3',
  };
}

export interface StreamUpload {
  filename: string;
  body: Readable;
  /** Known size (raw PUT with Content-Length), or an upper bound (a form's Content-Length). */
  size?: number;
  sizeIsExact?: boolean;
  options: UploadOptions;
}

/**
 * A share from a streamed upload (form, /api/upload, upload-direct): checks come first (permission,
 * name, storage, slug, size, space), the bytes stream straight to storage, and the record is
 * written only once the object is complete. If anything fails after the object exists, the object
 * is removed: no orphan row, no orphan object.
 */
export async function uploadFileShare(
  ctx: ModelContext,
  principal: Principal,
  upload: StreamUpload,
): Promise<FileShareRecord> {
  const exactSize = upload.sizeIsExact ? upload.size : undefined;
  const { config, slug, fields, key, driver, mimetype, max, storageType } = await prepareShare(
    ctx,
    principal,
    upload.filename,
    upload.options,
    exactSize,
  );

  // The key's quotas (decision 0034): a form's Content-Length bounds the file, else it takes what is left.
  const hold = await reserveQuota(ctx, principal, { bytes: upload.size, share: true, held: true });
  const counted = new PassThrough();
  const limited = pipeline(upload.body, quotaLimit(max, hold), counted);
  let written: { etag: string | null; size: number };
  try {
    [written] = await Promise.all([
      driver.write(key, counted, { size: upload.sizeIsExact ? upload.size : undefined, contentType: mimetype }),
      limited,
    ]);
  } catch (error) {
    await driver.remove([key]).catch(() => undefined);
    await releaseQuota(ctx, hold);
    // The limit error is the real cause when the stream was cut for being too large.
    const cause = await limited.then(
      () => error,
      (e) => e,
    );
    throw cause instanceof AppError ? cause : error;
  }
  const rowId = randomUUID();
  try {
    if (upload.sizeIsExact && upload.size !== undefined && written.size !== upload.size)
      throw new AppError('invalid', 'uploadIncomplete');
    await assertFits(ctx, config, ctx.config.dataDir, written.size);
    const row = await ctx.db.fileShare.create({
      data: {
        id: rowId,
        slug,
        filename: upload.filename,
        storageConfigId: config.id,
        storageType,
        storagePath: key,
        mimetype,
        size: BigInt(written.size),
        etag: written.etag,
        createdBy: creatorId(principal),
        ...fields,
      },
      include: { storageConfig: true },
    });
    await settleQuota(ctx, hold, written.size, row.id);
    await forgetGone(ctx, 'file', slug);
    touchStorageConfig(ctx, config);
    audit(ctx, principal, { action: 'file.create', target: slug, detail: upload.filename });
    return toFileRecord(row);
  } catch (error) {
    await driver.remove([key]).catch(() => undefined);
    await ctx.db.fileShare.deleteMany({ where: { id: rowId } }); // a refused growth: no share without its bytes
    await releaseQuota(ctx, hold);
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

/**
 * Deletes a share's record and its cached thumbnails, and its object too when `withObject`. A share
 * still being uploaded also loses its unfinished multipart upload, so no parts linger in storage.
 */
export async function removeShare(ctx: ModelContext, file: ShareRow, withObject: boolean): Promise<void> {
  // A bundle's uploads are its own (bundles.server.ts): they go with it, each with its object.
  if (file.kind === 'bundle') {
    for (const member of await bundleMembers(ctx, file)) await removeShare(ctx, member, withObject);
    await ctx.db.fileShare.deleteMany({ where: { id: file.id } });
    // Its gallery's thumbnails ("<bundle id>~<place>-…", thumbnails.server.ts).
    await removeThumbnails(ctx.config.dataDir, [file.id]).catch((error) =>
      ctx.log.error({ err: error }, `Could not remove the thumbnails of file ${file.id}`),
    );
    return;
  }
  // A share made from a mount points at the mounted file itself: the file is not the share's to delete.
  if (file.filePath !== null) withObject = false;
  const driver = driverOfShare(ctx, file);
  if (file.uploadId) await driver.multipartAbort(file.storagePath, file.uploadId);
  // An upload never finished leaves nothing worth keeping: its bytes (if any) go in any mode.
  const pending = PENDING_STATUSES.includes(file.status);
  const keep = !withObject && file.filePath === null && !pending;
  if (withObject || (pending && file.filePath === null)) {
    // A single-PUT upload that never went live has its bytes (if any) at its pending key only.
    const key = pending && !file.uploadId ? pendingKeyOf(file.id) : file.storagePath;
    try {
      await driver.remove([key]);
    } catch (error) {
      if (!(error instanceof StorageError && error.kind === 'not_found')) throw error;
    }
  }
  await ctx.db.fileShare.deleteMany({ where: { id: file.id } });
  // Kept in storage ("record only"): out of the reserved prefix, and still its key's (issue 42, item 9).
  if (keep) await keepShareObject(ctx, file);
  else await releaseShareQuota(ctx, file.id);
  await removeThumbnails(ctx.config.dataDir, [file.id]).catch((error) =>
    ctx.log.error({ err: error }, `Could not remove the thumbnails of file ${file.id}`),
  );
}

/**
 * Removes an expired or used-up share and remembers its slug as gone (410 from then on). The mark
 * comes first: a visitor who no longer finds the record finds it (410, never a 404 between the two).
 */
export async function retire(ctx: ModelContext, file: ShareRow): Promise<void> {
  await markGone(ctx, 'file', file.slug);
  await removeShare(ctx, file, true);
}

/** The sweeper's job: expired shares lose their object and record, and are remembered as gone. */
export async function deleteExpiredFiles(ctx: ModelContext): Promise<number> {
  const expired = await ctx.db.fileShare.findMany({
    where: { expiresAt: { lte: new Date() } },
    include: { storageConfig: true },
    take: 500,
  });
  for (const file of expired)
    await retire(ctx, file).catch((error) => ctx.log.error({ err: error }, `Could not remove expired file ${file.id}`));
  return expired.length;
}
