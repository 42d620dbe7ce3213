import { headerOf, withHeader } from './sealed-shares.server';
import { touchStorageConfig } from '~/models/storage/configs.server';
import { AppError } from '~/lib/errors';
import { isOfficeType } from '~/lib/file-kinds';
import type { ModelContext } from '~/models/context.server';
import type { ByteRange, ReadResult } from '~/storage/types';
import { driverOfShare, findShareRow, toFileRecord, type FileShareRecord, type ShareRow } from '../records.server';
import { fileContentHref } from '~/lib/hrefs';
import {
  checkFilePassword,
  contentGrant,
  countFileView,
  findLiveRow,
  grantIn,
  ownsShare,
  readFailure,
  refuseUsedUp,
  type ContentAccess,
} from './file-access.server';

/**
 * A share's bytes (docs/product/api.md §3.4; docs/api-extensions.md "What a view limit limits"):
 * /file-view, /file-download, /office-preview, a folder share's files, zips and thumbnails. A view
 * limit binds the bytes on every door (issue 42, item 7): content is opened by the grant of a
 * counted view, by its owner, or — without a grant — by counting a view here, which hands out the
 * grant the next reads of the same visit carry. A share without a limit or encryption counts
 * nothing here, as in v0.7.3.
 */

/** A share's view limit binds its bytes; an encrypted share counts when its ciphertext is fetched. */
const countsContent = (row: ShareRow) => row.maxViews !== null || row.envelope !== null;

/**
 * The share behind a content door, and the grant a view counted here hands out (null when none
 * was counted). A password share needs the password, a grant or its owner; missing → 401, wrong →
 * 403. A link preview never spends a view: a share that would count refuses it.
 */
export async function rowForContent(
  ctx: ModelContext,
  slug: string,
  access: ContentAccess,
  address: string,
): Promise<{ row: ShareRow; grant: string | null }> {
  const row = await findLiveRow(ctx, slug);
  await refuseUsedUp(ctx, row);
  if (ownsShare(access, row) || grantIn(ctx, row, access)) return { row, grant: null };
  if (row.passwordHash) {
    if (!access.password) throw new AppError('unauthenticated', 'filePasswordRequired');
    await checkFilePassword(ctx, row, access.password, address, new AppError('forbidden', 'passwordWrong'));
  }
  if (!countsContent(row)) return { row, grant: null };
  if (access.passive) throw new AppError('forbidden', 'fileLimitedForBots');
  const counted = await countFileView(ctx, row);
  return { row: counted, grant: contentGrant(ctx, counted) };
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

/**
 * Whether a share's bytes go through the app: a proxy-mode share, and any share whose view limit
 * binds its bytes (a presigned URL would outlive the view it was given for).
 */
const proxied = (row: Pick<ShareRow, 'useProxy' | 'maxViews'>) => row.useProxy || row.maxViews !== null;

/** A share's bytes for the proxy door: `read` streams from storage (a range when asked). */
export type ShareBytes =
  | { file: FileShareRecord; redirect: string }
  | { file: FileShareRecord; read: (range?: ByteRange) => Promise<ReadResult> };

/**
 * The bytes of a share opened for its content: a direct-mode share answers with a short-lived
 * presigned URL to redirect to; a proxy-mode share with a reader the door streams from.
 */
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
  if (!proxied(row)) {
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
  const { row, grant } = await rowForContent(ctx, slug, access, address);
  if (!isOfficeType(row.mimetype)) throw new AppError('invalid', 'notOfficeFile');
  return { file: toFileRecord(row), grant, ...(await officeSourceOf(ctx, row, origin)) };
}

export interface ShareLinks {
  previewUrl: string;
  downloadUrl: string;
  proxyPreviewUrl: string;
  proxyDownloadUrl: string;
}

/**
 * Where a share's content is read from: our proxy URLs (carrying `grant`, the content grant of the
 * view just counted, when there is one), or short-lived presigned URLs (direct mode; never for a
 * share whose view limit binds its bytes).
 */
export async function shareLinks(
  ctx: ModelContext,
  file: FileShareRecord,
  origin: string,
  mode: 'stored' | 'direct' = 'stored',
  grant: string | null = null,
): Promise<ShareLinks> {
  const proxyPreviewUrl = fileContentHref(file.slug, 'view', { grant }, origin);
  const proxyDownloadUrl = fileContentHref(file.slug, 'download', { grant }, origin);
  const proxy = { previewUrl: proxyPreviewUrl, downloadUrl: proxyDownloadUrl, proxyPreviewUrl, proxyDownloadUrl };
  if ((proxied(file) && mode === 'stored') || file.maxViews !== null) return proxy;
  const row = await findShareRow(ctx, file.id);
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
