import { recordDownload } from '~/models/stats/stats.server';
import { AppError } from '~/lib/errors';
import { fileContentHref } from '~/lib/hrefs';
import type { FileContent } from '~/lib/file-preview';
import { FOLDER_MIMETYPE, mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { addToArchive, type ArchiveEntry } from '~/models/fs/archive.server';
import { isFinderMetadata } from '~/models/fs/locate.server';
import { isReservedName } from '~/lib/reserved-names';
import { isFolder } from '~/models/fs/walk.server';
import { buildPreview, readText } from '~/models/previews.server';
import type { ByteRange, ObjectInfo, ReadResult, StorageDriver } from '~/storage/types';
import { joinPath } from '~/storage/vfs/path';
import { readFailure, type ContentAccess } from './file-access.server';
import { bytesOfRow, MAX_REDIRECT_SECONDS, rowForContent, type ShareBytes } from './content-access.server';
import { opensAsFolder, selectionOf, toFileRecord, type FileShareRecord, type ShareRow } from '../records.server';
import { insideShare, sharedFolderDriver, sharedFolderPresent, type InsideShare } from './share-folder.server';

/**
 * What a visitor of a folder share reaches (issue 30, docs/architecture.md §5): the listing of a
 * folder inside it, one file (its bytes, or its page's preview) and the zip of a folder. The share's
 * page counts its view once per visit (file-access.server.ts visitShare) and hands out its grant;
 * without one, a password share needs its password and a view-limited share counts a view here, as a
 * file share's content does (content-access.server.ts). Every path goes through `insideShare`.
 */

/** One entry of a folder inside a share. */
export interface SharedEntry {
  name: string;
  /** Its path inside the share ("/a/b"). */
  path: string;
  isDirectory: boolean;
  size: number;
  modified: Date | null;
  mimetype: string;
}

/** Entries per listing page: a folder of 10,000 files answers its first page at once (bench/shares.bench.mjs). */
export const SHARE_PAGE_SIZE = 100;

export interface SharedListing {
  share: FileShareRecord;
  /** The folder listed ("/" is the share's top). */
  path: string;
  entries: SharedEntry[];
  /** The next page's cursor, absent on the last page. */
  cursor?: string;
}

const shown = (name: string) => !isReservedName(name) && !isFinderMetadata(name);

const fileEntry = (path: string, name: string, info: ObjectInfo): SharedEntry => ({
  name,
  path: joinPath(path, name),
  isDirectory: false,
  size: info.size,
  modified: info.lastModified,
  mimetype: mimeFromFilename(name),
});

const folderEntry = (path: string, name: string): SharedEntry => ({
  name,
  path: joinPath(path, name),
  isDirectory: true,
  size: 0,
  modified: null,
  mimetype: FOLDER_MIMETYPE,
});

async function openFolderRow(ctx: ModelContext, slug: string, access: ContentAccess, address: string) {
  const opened = await rowForContent(ctx, slug, access, address);
  if (!opensAsFolder(opened.row)) throw new AppError('invalid', 'notAFolderShare');
  return opened;
}

/** A selection's top: the selected items that are still there, in the order they were chosen. */
async function selectionTop(driver: StorageDriver, items: string[]): Promise<SharedEntry[]> {
  const entries: SharedEntry[] = [];
  for (const name of items) {
    const info = await driver.stat(name);
    if (info) entries.push(fileEntry('/', name, info));
    else if (await isFolder(driver, name)) entries.push(folderEntry('/', name));
  }
  return entries;
}

/** GET /public/files/{slug}/entries: one page of a folder inside the share. */
export async function browseFolderShare(
  ctx: ModelContext,
  slug: string,
  raw: string | null | undefined,
  access: ContentAccess,
  address: string,
  cursor?: string,
): Promise<SharedListing & { grant: string | null }> {
  const { row, grant } = await openFolderRow(ctx, slug, access, address);
  return { ...(await listingOf(ctx, row, insideShare(row, raw), cursor)), grant };
}

async function listingOf(ctx: ModelContext, row: ShareRow, at: InsideShare, cursor?: string): Promise<SharedListing> {
  const driver = await sharedFolderDriver(ctx, row);
  const share = toFileRecord(row);
  const items = selectionOf(row);
  if (items && at.key === '') {
    const entries = await selectionTop(driver, items);
    if (entries.length === 0) throw new AppError('gone', 'folderShareGone');
    return { share, path: '/', entries };
  }
  const prefix = at.key ? `${at.key}/` : '';
  const page = await driver.list(prefix, { delimiter: '/', limit: SHARE_PAGE_SIZE, cursor });
  const entries = [
    ...page.prefixes
      .map((p) => p.slice(prefix.length, -1))
      .filter(shown)
      .map((name) => folderEntry(at.path.path, name)),
    ...page.objects
      .filter((o) => o.key.length > prefix.length && shown(o.key.slice(prefix.length)))
      .map((o) => fileEntry(at.path.path, o.key.slice(prefix.length), o)),
  ];
  if (entries.length === 0 && !cursor) await assertFolder(ctx, row, driver, at.key);
  return { share, path: at.path.path, entries, cursor: page.cursor };
}

/** An empty listing: an empty folder, or one that is not there (the share's own folder: 410). */
async function assertFolder(ctx: ModelContext, row: ShareRow, driver: StorageDriver, key: string) {
  if (key !== '' && !(await driver.stat(key)) && (await isFolder(driver, key))) return;
  // Nothing there: the whole share gone (renamed or deleted: 410), or only this place in it (404).
  if (!(await sharedFolderPresent(ctx, row))) throw new AppError('gone', 'folderShareGone');
  if (key !== '') throw new AppError('not_found', 'fsNotFound');
}

/** A file inside a folder share, as a file share of its own would be: its record and a reader. */
function fileAt(row: ShareRow, at: InsideShare, driver: StorageDriver, info: ObjectInfo) {
  const name = at.path.segments.at(-1)!;
  const file: FileShareRecord = {
    ...toFileRecord(row),
    filename: name,
    mimetype: mimeFromFilename(name),
    size: info.size,
    etag: info.etag,
    storagePath: row.storagePath + at.key,
  };
  const read = (range?: ByteRange): Promise<ReadResult> => driver.read(at.key, range).catch(readFailure);
  return { file, read };
}

/** A path inside a share, the share's folder driver, and the file there (null for a folder or nothing). */
async function located(ctx: ModelContext, row: ShareRow, raw: string | null | undefined) {
  const at = insideShare(row, raw);
  const driver = await sharedFolderDriver(ctx, row);
  const info = at.key ? await driver.stat(at.key) : null;
  return { at, driver, info };
}

/** A file inside a folder share (never a folder), for its gallery thumbnail: no view counted. */
export async function sharedFileAt(
  ctx: ModelContext,
  slug: string,
  raw: string | null | undefined,
  access: ContentAccess,
  address: string,
) {
  const { row, grant } = await openFolderRow(ctx, slug, access, address);
  const { at, driver, info } = await located(ctx, row, raw);
  if (!info) throw new AppError('invalid', 'fsNotAFile');
  return {
    grant,
    shareId: row.id,
    path: at.path.path,
    size: info.size,
    etag: info.etag,
    mimetype: mimeFromFilename(at.key),
    read: async () => (await driver.read(at.key)).stream,
  };
}

/**
 * What /file-view and /file-download answer: a share's bytes, a file inside a folder share, or a zip;
 * and the grant of a view counted to open it (the door keeps it in the share's cookie).
 */
export type SharedContent = (
  ShareBytes | { file: FileShareRecord; archive: { entries: ArchiveEntry[]; filename: string } }
) & { grant: string | null };

/**
 * /file-view/{slug} and /file-download/{slug}: a file share's bytes as before; in a folder share,
 * `?path=` names a file (its bytes, ranges included) or a folder, whose download is its zip (the
 * whole share without a path).
 */
export async function openShareContent(
  ctx: ModelContext,
  slug: string,
  raw: string | null | undefined,
  access: ContentAccess,
  address: string,
  disposition: 'inline' | 'attachment',
): Promise<SharedContent> {
  const { row, grant } = await rowForContent(ctx, slug, access, address);
  if (disposition === 'attachment') recordDownload(ctx, 'file', row.id);
  if (!opensAsFolder(row)) {
    if (raw && raw !== '/') throw new AppError('invalid', 'notAFolderShare');
    return { ...(await bytesOfRow(ctx, row, disposition)), grant };
  }
  const { at, driver, info } = await located(ctx, row, raw);
  if (info) return { ...fileAt(row, at, driver, info), grant };
  if (disposition === 'inline') throw new AppError('invalid', 'fsNotAFile');
  return { file: toFileRecord(row), archive: await folderArchive(ctx, row, driver, at), grant };
}

async function folderArchive(
  ctx: ModelContext,
  row: ShareRow,
  driver: StorageDriver,
  at: InsideShare,
): Promise<{ entries: ArchiveEntry[]; filename: string }> {
  const entries: ArchiveEntry[] = [];
  const items = selectionOf(row);
  if (items && at.key === '') {
    // A selection's zip holds its items side by side, as the share's page lists them.
    for (const name of items) await addToArchive(entries, driver, name, name, await driver.stat(name));
    if (entries.length === 0) throw new AppError('gone', 'folderShareGone');
    return { entries, filename: `${row.slug}.zip` };
  }
  if (at.key === '' && !(await sharedFolderPresent(ctx, row))) throw new AppError('gone', 'folderShareGone');
  const top = at.path.segments.at(-1) ?? row.filename;
  if (!(await addToArchive(entries, driver, at.key, top, null))) await assertFolder(ctx, row, driver, at.key);
  return { entries, filename: `${top}.zip` };
}

/** A place in a folder share's page: a folder's listing, or a file's page. */
export type SharedPlace =
  | { kind: 'folder'; listing: SharedListing }
  | { kind: 'file'; share: FileShareRecord; file: FileShareRecord; path: string; content: FileContent };

/**
 * The share page of a folder share at `?path=`: the listing of a folder (a page of it from
 * `cursor`), or a file with its preview and its links. The page's visit has counted (or been
 * granted): the visit's grant travels in the share's cookie, never in these links (issue 42, item 8).
 */
export async function openSharedPlace(
  ctx: ModelContext,
  slug: string,
  raw: string | null | undefined,
  access: ContentAccess,
  address: string,
  origin: string,
  cursor?: string,
): Promise<SharedPlace> {
  const { row } = await openFolderRow(ctx, slug, access, address);
  const { at, driver, info } = await located(ctx, row, raw);
  if (!info) return { kind: 'folder', listing: await listingOf(ctx, row, at, cursor) };
  const { file, read } = fileAt(row, at, driver, info);
  const preview = await buildPreview(file, {
    readText: (max) => readText(read, file.size, max),
    officeSource: async () => {
      const expiresIn = Math.min(row.storageConfig.signatureExpiresIn || MAX_REDIRECT_SECONDS, MAX_REDIRECT_SECONDS);
      const url = await driver.presignGet(at.key, { expiresIn, contentType: file.mimetype });
      return new URL(url, origin).toString();
    },
    what: `file ${at.path.path} of share ${row.id}`,
  });
  const href = (disposition: 'view' | 'download') => fileContentHref(row.slug, disposition, { path: at.path.path });
  return {
    kind: 'file',
    share: toFileRecord(row),
    file,
    path: at.path.path,
    content: { previewUrl: href('view'), downloadUrl: href('download'), grant: null, preview },
  };
}
