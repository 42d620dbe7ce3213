import { headerOf, withHeader } from './sealed-shares.server';
import { recordAccess, recordDownload } from '~/models/stats/stats.server';
import { touchStorageConfig } from '~/models/storage/configs.server';
import { verifyPassword } from '~/auth/password.server';
import { grantOpens, signGrant } from '~/models/grants.server';
import { rawTime } from '~/db/dialect';
import { AppError } from '~/lib/errors';
import { isOfficeType } from '~/lib/file-kinds';
import type { ModelContext } from '~/models/context.server';
import { toAppError } from '~/faults';
import type { ByteRange, ReadResult } from '~/storage/types';
import { retire } from './files.server';
import { isGone } from '~/models/gone.server';
import { driverOfShare, opensAsFolder, toFileRecord, type FileShareRecord, type ShareRow } from './records.server';
import { fileContentHref } from '~/lib/hrefs';
import { sharedFolderPresent } from './share-folder.server';

/**
 * How visitors reach a file share (docs/product/api.md §3.4, docs/product/spec.md §5): the public info, the password unlock, the
 * content grant that stands in for the password afterwards, and the bytes themselves. Doors get
 * records and byte streams; they never see a driver, a hash or a storage secret.
 */

export interface ContentAccess {
  password?: string | null;
  grant?: string | null;
}

function isExpired(file: ShareRow, now = new Date()): boolean {
  return file.expiresAt !== null && file.expiresAt <= now;
}

/** A live share by slug; expired ones are removed (object and record) and answer 410. */
export async function findLiveRow(ctx: ModelContext, slug: string): Promise<ShareRow> {
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
 * Counts a view in one conditional statement (docs/product/api.md §1.9): exactly max_views views succeed; the
 * attempt after the last one removes the share and answers 410.
 */
async function countFileView(ctx: ModelContext, file: ShareRow): Promise<ShareRow> {
  const counted = await ctx.db.$queryRaw<{ views: number | bigint }[]>`
    UPDATE files SET views = views + 1
    WHERE id = ${file.id} AND (max_views IS NULL OR views < max_views) AND (expires_at IS NULL OR expires_at > ${rawTime(ctx.dialect)})
    RETURNING views`;
  const first = counted[0];
  if (!first) {
    await retire(ctx, file);
    throw new AppError('gone', 'fileViewsUsedUp');
  }
  recordAccess(ctx, 'file', file.id, 'view');
  return { ...file, views: Number(first.views) };
}

export type PublicFile = { locked: boolean; file: FileShareRecord };

/** A share whose object is no longer in its storage: 410 with the reason, in the visitor's language. */
const objectMissing = () => new AppError('gone', 'fileObjectMissing');

/**
 * A share of a mounted file (fs/create-share) points at an object anyone with the mount may delete
 * (issue 27 A1): its page checks the object is still there before offering it. Uploaded shares keep
 * theirs in the reserved prefix no mount reaches (share-objects.server.ts), so they are not asked.
 */
async function assertMountedObjectPresent(ctx: ModelContext, file: ShareRow): Promise<void> {
  if (file.filePath === null) return;
  const present = await (
    opensAsFolder(file) ? sharedFolderPresent(ctx, file) : driverOfShare(ctx, file).stat(file.storagePath)
  ).catch((error: unknown) => Promise.reject(toAppError(error)));
  if (!present) throw opensAsFolder(file) ? new AppError('gone', 'folderShareGone') : objectMissing();
}

/** What a read of a share's object throws: a missing object is the share's "no longer available". */
export function readFailure(error: unknown): Promise<never> {
  const appError = toAppError(error);
  return Promise.reject(
    appError instanceof AppError && appError.messageKey === 'storageObjectMissing' ? objectMissing() : appError,
  );
}

/** GET /public/files/{slug}: a password share answers its info only; any other counts a view. */
export async function openFileShare(ctx: ModelContext, slug: string): Promise<PublicFile> {
  const file = await findLiveRow(ctx, slug);
  await assertMountedObjectPresent(ctx, file);
  if (file.passwordHash) return { locked: true, file: toFileRecord(file) };
  return { locked: false, file: toFileRecord(await countFileView(ctx, file)) };
}

/** A visit of a share's page: open (with the grant its links carry, if any), or locked by its password. */
export type ShareVisit =
  | { locked: false; file: FileShareRecord; grant: string | null }
  | { locked: true; file: FileShareRecord; grantExpired: boolean };

/**
 * The share page's visit (docs/product/spec.md §5; issue 30): a valid content grant reopens the
 * share within a visit without counting; otherwise a password share is locked, and any other share
 * counts a view. A folder share's visit gets a grant of its own, so browsing it, its previews and its
 * downloads count once per visit, not once per page.
 */
export async function visitShare(
  ctx: ModelContext,
  slug: string,
  grant: string | null,
  /** A bot's or a HEAD's look (a link preview): it sees the page, but no view is counted and no grant given. */
  passive = false,
): Promise<ShareVisit> {
  const row = await findLiveRow(ctx, slug);
  const granted = grant !== null && grantIsValid(ctx, row, grant);
  const locked = row.passwordHash !== null && !granted;
  // An open folder share's page lists its folder anyway, and an empty listing asks whether the
  // folder is still there (folder-access.server.ts): asking first would read a big folder twice.
  if (!opensAsFolder(row) || locked) await assertMountedObjectPresent(ctx, row);
  if (locked) return { locked: true, file: toFileRecord(row), grantExpired: grant !== null };
  if (granted) {
    if (row.maxViews !== null && row.views > row.maxViews) {
      await retire(ctx, row);
      throw new AppError('gone', 'fileViewsUsedUp');
    }
    return { locked: false, file: toFileRecord(row), grant };
  }
  if (passive) {
    recordAccess(ctx, 'file', row.id, 'bot');
    return { locked: false, file: toFileRecord(row), grant: null };
  }
  const counted = await countFileView(ctx, row);
  return {
    locked: false,
    file: toFileRecord(counted),
    grant: opensAsFolder(counted) ? contentGrant(ctx, counted) : null,
  };
}

async function checkFilePassword(
  ctx: ModelContext,
  file: ShareRow,
  password: string,
  address: string,
  wrong = new AppError('unauthenticated', 'passwordIncorrect'),
) {
  const right = async () => ((await verifyPassword(password, file.passwordHash!)) ? true : null);
  await ctx.passwordLimiter.guard(address, right, wrong);
}

/**
 * POST /public/files/{slug}/verify: the right password opens the share and counts a view. The
 * answer carries a content grant for the page's preview and download links.
 */
export async function unlockFileShare(
  ctx: ModelContext,
  slug: string,
  password: string,
  address: string,
): Promise<{ file: FileShareRecord; grant: string }> {
  const file = await findLiveRow(ctx, slug);
  if (!file.passwordHash) throw new AppError('invalid', 'fileHasNoPassword');
  await checkFilePassword(ctx, file, password, address);
  const counted = await countFileView(ctx, file);
  return { file: toFileRecord(counted), grant: contentGrant(ctx, counted) };
}

/** A content grant of the share (models/grants.server.ts): its page's links carry it for an hour. */
export function contentGrant(ctx: ModelContext, file: ShareRow, ttlSeconds = 3600): string {
  return signGrant(ctx.masterKey, grantable(file), ttlSeconds);
}

const grantable = (file: ShareRow) => ({ purpose: 'file-grant', id: file.id, passwordHash: file.passwordHash });
const grantIsValid = (ctx: ModelContext, file: ShareRow, grant: string) =>
  grantOpens(ctx.masterKey, grantable(file), grant);

/**
 * The share behind /file-view, /file-download and /office-preview: no view is counted; a password
 * share needs ?password= or a content grant. Missing → 401, wrong → 403 (docs/product/api.md §3.4).
 */
export async function rowForContent(ctx: ModelContext, slug: string, access: ContentAccess, address: string) {
  const file = await findLiveRow(ctx, slug);
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

/** Presigned URLs live at most this long when handed to a browser or an external viewer. */
export const MAX_REDIRECT_SECONDS = 3600;

async function presignedGet(ctx: ModelContext, file: ShareRow, download: boolean, expiresIn: number) {
  return driverOfShare(ctx, file).presignGet(file.storagePath, {
    expiresIn,
    downloadName: download ? file.filename : undefined,
    contentType: file.mimetype,
  });
}

/** A share's bytes for the proxy door: `read` streams from storage (a range when asked). */
export type ShareBytes =
  | { file: FileShareRecord; redirect: string }
  | { file: FileShareRecord; read: (range?: ByteRange) => Promise<ReadResult> };

/**
 * /file-view and /file-download: a direct-mode share answers with a short-lived presigned URL to
 * redirect to; a proxy-mode share with a reader the door streams from.
 */
export async function openShareBytes(
  ctx: ModelContext,
  slug: string,
  access: ContentAccess,
  address: string,
  disposition: 'inline' | 'attachment',
): Promise<ShareBytes> {
  const row = await rowForContent(ctx, slug, access, address);
  if (disposition === 'attachment') recordDownload(ctx, 'file', row.id);
  return bytesOfRow(ctx, row, disposition);
}

/** openShareBytes of a share already opened for its content. */
export async function bytesOfRow(
  ctx: ModelContext,
  row: ShareRow,
  disposition: 'inline' | 'attachment',
): Promise<ShareBytes> {
  const file = toFileRecord(row);
  touchStorageConfig(ctx, row.storageConfig);
  if (row.envelope !== null) {
    // The format's bytes: the row's header, then the object (sealed-shares.server.ts).
    const header = headerOf(row.envelope);
    const driver = driverOfShare(ctx, row);
    const read = (range?: ByteRange) => driver.read(row.storagePath, range).catch(readFailure);
    return {
      file: { ...file, filename: `${row.slug}.cce`, size: header.length + file.size },
      read: withHeader(header, file.size, read),
    };
  }
  if (!row.useProxy) {
    const expiresIn = Math.min(row.storageConfig.signatureExpiresIn, MAX_REDIRECT_SECONDS);
    return { file, redirect: await presignedGet(ctx, row, disposition === 'attachment', expiresIn) };
  }
  const driver = driverOfShare(ctx, row);
  return {
    file,
    read: (range) => driver.read(row.storagePath, range).catch(readFailure),
  };
}

/**
 * A temporary absolute URL of a share's object for an external Office viewer: the object presigned
 * (for local storage, a signed URL to this app), valid for the config's signature lifetime.
 */
export async function officeSourceOf(ctx: ModelContext, row: ShareRow, origin: string) {
  const expiresIn = row.storageConfig.signatureExpiresIn || MAX_REDIRECT_SECONDS;
  const signed = await presignedGet(ctx, row, false, expiresIn);
  return { url: new URL(signed, origin).toString(), expiresIn };
}

/** GET /office-preview/{slug}: the Office document's source URL for the viewer. */
export async function officeSource(
  ctx: ModelContext,
  slug: string,
  access: ContentAccess,
  address: string,
  origin: string,
) {
  const row = await rowForContent(ctx, slug, access, address);
  if (!isOfficeType(row.mimetype)) throw new AppError('invalid', 'notOfficeFile');
  return { file: toFileRecord(row), ...(await officeSourceOf(ctx, row, origin)) };
}

export interface ShareLinks {
  previewUrl: string;
  downloadUrl: string;
  proxyPreviewUrl: string;
  proxyDownloadUrl: string;
}

/** Where a share's content is read from: our proxy URLs, or short-lived presigned URLs (direct mode). */
export async function shareLinks(
  ctx: ModelContext,
  file: FileShareRecord,
  origin: string,
  mode: 'stored' | 'direct' = 'stored',
): Promise<ShareLinks> {
  const proxyPreviewUrl = fileContentHref(file.slug, 'view', {}, origin);
  const proxyDownloadUrl = fileContentHref(file.slug, 'download', {}, origin);
  if (file.useProxy && mode === 'stored')
    return { previewUrl: proxyPreviewUrl, downloadUrl: proxyDownloadUrl, proxyPreviewUrl, proxyDownloadUrl };
  const row = await ctx.db.fileShare.findUnique({ where: { id: file.id }, include: { storageConfig: true } });
  if (!row) throw new AppError('not_found', 'fileNotFound');
  const expiresIn = row.storageConfig.signatureExpiresIn;
  const absolute = (url: string) => new URL(url, origin).toString();
  return {
    previewUrl: absolute(await presignedGet(ctx, row, false, expiresIn)),
    downloadUrl: absolute(await presignedGet(ctx, row, true, expiresIn)),
    proxyPreviewUrl,
    proxyDownloadUrl,
  };
}
