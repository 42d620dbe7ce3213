import { randomUUID } from 'node:crypto';
import { audit } from '~/models/audit/record.server';
import { quotaLimit, releaseQuota, reserveQuota, settleQuota } from '~/models/quotas/quotas.server';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { StorageConfig } from '~/generated/prisma/client';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import { randomString } from '~/auth/tokens.server';
import { AppError } from '~/lib/errors';
import { cleanSubPath, safeKeyName } from '~/lib/filename';
import { mimeFromFilename } from '~/lib/mime';
import type { UploadOptions } from '~/lib/schemas/files';
import { forgetGone } from '~/models/gone.server';
import { SHARE_OBJECTS_PREFIX } from '../share-objects.server';
import { storageForUpload, touchStorageConfig } from '~/models/storage/configs.server';
import { toFileRecord, type FileShareRecord } from '../records.server';
import { assertFits, maxUploadBytes } from '~/models/storage/upload-limits.server';
import { tooLarge } from '~/storage/byte-limit';
import type { ModelContext } from '~/models/context.server';
import { storedBody } from '~/models/settings/strip-metadata.server';
import { isUniqueViolation } from '~/db/errors';
import { faultOf } from '~/faults';
import { assertFilename, claimSlug, shareFields } from './new-share.server';
import { apiStorageType } from '~/lib/storage-kinds';

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
    storageType: apiStorageType(config.storageType),
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
  // A photo's location and camera go first when the setting says so: its size is then its own.
  const stored = await storedBody(ctx, upload.filename, upload.body);
  const sizeIsExact = upload.sizeIsExact && stored.exact;
  const exactSize = sizeIsExact ? upload.size : undefined;
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
  const limited = pipeline(stored.body, quotaLimit(max, hold), counted);
  let written: { etag: string | null; size: number };
  try {
    [written] = await Promise.all([driver.write(key, counted, { size: exactSize, contentType: mimetype }), limited]);
  } catch (error) {
    // A storage that stopped answering took the write with it: S3 keeps an object only once all of
    // it arrived, and removing the key would wait for S3 as long again before the visitor hears 503
    // (twice the request timeout). The removal still goes, in case S3 finished unheard.
    const removed = driver.remove([key]).catch(() => undefined);
    if (faultOf(error)?.kind !== 'unavailable') await removed;
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
    if (sizeIsExact && upload.size !== undefined && written.size !== upload.size)
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
