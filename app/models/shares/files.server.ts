import { createHmac, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { FileShare, StorageConfig } from '~/generated/prisma/client';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import { hashPassword, verifyPassword } from '~/auth/password.server';
import { encrypt } from '~/auth/secrets.server';
import { randomString, safeEqual } from '~/auth/tokens.server';
import { sqlTime } from '~/db/time';
import { AppError } from '~/lib/errors';
import { cleanSubPath, filenameProblem, safeKeyName } from '~/lib/filename';
import { mimeFromFilename } from '~/lib/mime';
import type { UploadOptions } from '~/lib/schemas/files';
import { StorageError } from '~/storage/types';
import { forgetGone, isGone, markGone } from './gone.server';
import { driverOf, storageForUpload } from '~/models/storage/configs.server';
import { assertFits, byteLimit, maxUploadBytes, tooLarge } from './upload-limits.server';
import type { ModelContext } from '~/models/context.server';

export type FileWithStorage = FileShare & { storageConfig: StorageConfig };

const RANDOM_SLUG_LENGTH = 6;
const HOUR_MS = 3600 * 1000;

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string })?.code === 'P2002';
}

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
async function claimSlug(
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

/** Object key of a share upload: <default folder><path>/<6-char id>-<safe name> (api.md §3.4). */
function storageKey(config: StorageConfig, subPath: string, filename: string, original: boolean): string {
  const name = safeKeyName(filename);
  return `${config.defaultFolder}${subPath}${original ? name : `${randomString(6)}-${name}`}`;
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
    driver: driverOf(ctx, config),
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
): Promise<FileWithStorage> {
  const exactSize = upload.sizeIsExact ? upload.size : undefined;
  const { config, slug, fields, key, driver, mimetype, max, storageType } = await prepareShare(
    ctx,
    principal,
    upload.filename,
    upload.options,
    exactSize,
  );

  const counted = new PassThrough();
  const limited = pipeline(upload.body, byteLimit(max), counted);
  let written: { etag: string | null; size: number };
  try {
    [written] = await Promise.all([
      driver.write(key, counted, { size: upload.sizeIsExact ? upload.size : undefined, contentType: mimetype }),
      limited,
    ]);
  } catch (error) {
    await driver.remove([key]).catch(() => undefined);
    // The limit error is the real cause when the stream was cut for being too large.
    const cause = await limited.then(
      () => error,
      (e) => e,
    );
    throw cause instanceof AppError ? cause : error;
  }
  try {
    if (upload.sizeIsExact && upload.size !== undefined && written.size !== upload.size)
      throw new AppError('invalid', 'uploadIncomplete');
    await assertFits(ctx, config, ctx.config.dataDir, written.size);
    const row = await ctx.db.fileShare.create({
      data: {
        id: randomUUID(),
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
    await forgetGone(ctx, 'file', slug);
    return row;
  } catch (error) {
    await driver.remove([key]).catch(() => undefined);
    if (isUniqueViolation(error)) throw new AppError('conflict', 'slugTaken');
    throw error;
  }
}

/**
 * Deletes a share's record, and its object too when `withObject`. A share still being uploaded
 * also loses its unfinished multipart upload, so no parts linger in storage.
 */
export async function removeShare(ctx: ModelContext, file: FileWithStorage, withObject: boolean): Promise<void> {
  const driver = driverOf(ctx, file.storageConfig);
  if (file.uploadId) await driver.multipartAbort(file.storagePath, file.uploadId);
  if (withObject) {
    try {
      await driver.remove([file.storagePath]);
    } catch (error) {
      if (!(error instanceof StorageError && error.kind === 'not_found')) throw error;
    }
  }
  await ctx.db.fileShare.deleteMany({ where: { id: file.id } });
}

async function retire(ctx: ModelContext, file: FileWithStorage): Promise<void> {
  await removeShare(ctx, file, true);
  await markGone(ctx, 'file', file.slug);
}

function isExpired(file: FileShare, now = new Date()): boolean {
  return file.expiresAt !== null && file.expiresAt <= now;
}

/** A live share by slug; expired ones are removed (object and record) and answer 410. */
export async function findLiveFile(ctx: ModelContext, slug: string): Promise<FileWithStorage> {
  const file = await ctx.db.fileShare.findUnique({ where: { slug }, include: { storageConfig: true } });
  if (!file || file.status !== 'ready') {
    if (!file && (await isGone(ctx, 'file', slug))) throw new AppError('gone', 'fileGone');
    throw new AppError('not_found', 'fileNotFound');
  }
  if (isExpired(file)) {
    await retire(ctx, file);
    throw new AppError('gone', 'fileExpired');
  }
  return file;
}

/**
 * Counts a view in one conditional statement (api.md §1.9): exactly max_views views succeed; the
 * attempt after the last one removes the share and answers 410.
 */
async function countFileView(ctx: ModelContext, file: FileWithStorage): Promise<FileWithStorage> {
  const counted = await ctx.db.$queryRaw<{ views: number | bigint }[]>`
    UPDATE files SET views = views + 1
    WHERE id = ${file.id} AND (max_views IS NULL OR views < max_views) AND (expires_at IS NULL OR expires_at > ${sqlTime()})
    RETURNING views`;
  if (counted.length === 0) {
    await retire(ctx, file);
    throw new AppError('gone', 'fileViewsUsedUp');
  }
  return { ...file, views: Number(counted[0].views) };
}

export type PublicFile = { locked: true; file: FileWithStorage } | { locked: false; file: FileWithStorage };

/** GET /public/files/{slug}: a password share answers its info only; any other counts a view. */
export async function openFileShare(ctx: ModelContext, slug: string): Promise<PublicFile> {
  const file = await findLiveFile(ctx, slug);
  if (file.passwordHash) return { locked: true, file };
  return { locked: false, file: await countFileView(ctx, file) };
}

async function checkFilePassword(
  ctx: ModelContext,
  file: FileShare,
  password: string,
  address: string,
  wrong = new AppError('unauthenticated', 'passwordIncorrect'),
) {
  const wait = ctx.passwordLimiter.retryAfter(address);
  if (wait > 0) throw new AppError('rate_limited', 'tooManyAttempts', { seconds: wait });
  if (!(await verifyPassword(password, file.passwordHash!))) {
    ctx.passwordLimiter.fail(address);
    throw wrong;
  }
}

/** POST /public/files/{slug}/verify: the right password opens the share and counts a view. */
export async function unlockFileShare(ctx: ModelContext, slug: string, password: string, address: string) {
  const file = await findLiveFile(ctx, slug);
  if (!file.passwordHash) throw new AppError('invalid', 'fileHasNoPassword');
  await checkFilePassword(ctx, file, password, address);
  return countFileView(ctx, file);
}

/**
 * A content grant: after a visitor unlocked a password share on its page, previews and the download
 * link carry `?grant=` (an HMAC of the file id and an expiry) instead of the password itself, so the
 * password never lands in URLs, history or logs.
 */
export function contentGrant(ctx: ModelContext, file: FileShare, ttlSeconds = 3600): string {
  const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
  return `${expires}.${grantSignature(ctx.masterKey, file, expires)}`;
}

function grantSignature(masterKey: Buffer, file: FileShare, expires: number): string {
  // Bound to the password hash too: changing the password revokes outstanding grants.
  return createHmac('sha256', masterKey)
    .update(`file-grant\n${file.id}\n${file.passwordHash}\n${expires}`)
    .digest('base64url');
}

function grantIsValid(ctx: ModelContext, file: FileShare, grant: string): boolean {
  const [expiresText, signature] = grant.split('.');
  const expires = Number(expiresText);
  if (!signature || !Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
  return safeEqual(grantSignature(ctx.masterKey, file, expires), signature);
}

/**
 * The share behind /file-view, /file-download and /office-preview: no view is counted; a password
 * share needs ?password= or a content grant. Missing → 401, wrong → 403 (api.md §3.4).
 */
export async function fileForContent(
  ctx: ModelContext,
  slug: string,
  access: { password?: string | null; grant?: string | null },
  address: string,
) {
  const file = await findLiveFile(ctx, slug);
  if (file.maxViews !== null && file.views > file.maxViews) {
    await retire(ctx, file);
    throw new AppError('gone', 'fileViewsUsedUp');
  }
  if (file.passwordHash && !(access.grant && grantIsValid(ctx, file, access.grant))) {
    if (!access.password) throw new AppError('unauthenticated', 'filePasswordRequired');
    await checkFilePassword(ctx, file, access.password, address, new AppError('forbidden', 'passwordWrong'));
  }
  return file;
}

/**
 * A temporary absolute URL of a share's object for an external Office viewer: the object presigned
 * (for local storage, a signed URL to this app), valid for the config's signature lifetime.
 */
export async function officeSourceUrl(ctx: ModelContext, file: FileWithStorage, origin: string) {
  const expiresIn = file.storageConfig.signatureExpiresIn || 3600;
  const signed = await driverOf(ctx, file.storageConfig).presignGet(file.storagePath, {
    expiresIn,
    contentType: file.mimetype,
  });
  return { url: new URL(signed, origin).toString(), expiresIn };
}

/** The sweeper's job: expired shares lose their object and record, and are remembered as gone. */
export async function deleteExpiredFiles(ctx: ModelContext): Promise<number> {
  const expired = await ctx.db.fileShare.findMany({
    where: { expiresAt: { lte: new Date() } },
    include: { storageConfig: true },
    take: 500,
  });
  for (const file of expired)
    await retire(ctx, file).catch((error) => console.error(`Could not remove expired file ${file.id}:`, error));
  return expired.length;
}
