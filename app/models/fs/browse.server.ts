import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { basePathOf, type MountRecord } from '~/models/mounts/mounts.server';
import { isNavigable, joinPath } from '~/storage/vfs/path';
import type { ByteRange, ReadResult, StorageDriver } from '~/storage/types';
import { indexReconcile } from './search/indexing.server';
import { isFolder } from './walk.server';
import { isFinderMetadata, locate } from './locate.server';
import { isReservedName } from '~/lib/reserved-names';
import type { FsEntry, Located } from './types';
import type { IndexedEntry } from '~/storage/vfs/search-index.server';
import { proxySignature } from './proxy.server';
import { buildPreview, readText } from '~/models/previews.server';
import { storedFile } from './stored-file.server';

/** A listed entry as the search index holds it (object key without a trailing "/"). */
const indexedAs =
  (prefix: string) =>
  (e: FsEntry): IndexedEntry => ({
    key: prefix + e.name,
    isDir: e.isDirectory,
    size: e.size,
    modified: e.modified,
    etag: e.etag,
  });

/**
 * Folders with the bytes of everything under them (docs/product/api.md §3.10 fs/list), as the
 * search index knows them: exact for what went through the app or a rescan, late for what was put
 * into the storage behind the app's back. A busy index leaves the sizes at 0 rather than fail the listing.
 */
async function withFolderSizes(
  ctx: ModelContext,
  mountId: string,
  prefix: string,
  entries: FsEntry[],
): Promise<FsEntry[]> {
  const folders = entries.filter((e) => e.isDirectory).map((e) => prefix + e.name);
  if (folders.length === 0) return entries;
  let sizes: Map<string, number>;
  try {
    sizes = await ctx.searchIndex.folderSizes(mountId, folders);
  } catch (error) {
    ctx.log.warn({ err: error }, 'Folder sizes: the search index could not answer');
    return entries;
  }
  return entries.map((e) => (e.isDirectory ? { ...e, size: sizes.get(prefix + e.name) ?? 0 } : e));
}

/** Reading a mount: the explorer and /api/fs need MOUNT_VIEW, WebDAV needs WEBDAV_READ (docs/product/api.md §4). */
export type ReadOperation = 'fs.view' | 'dav.read';

export type FsListing =
  | { kind: 'virtual'; path: string; items: { name: string; path: string; mount: MountRecord | null }[] }
  | { kind: 'directory'; path: string; mount: MountRecord; items: FsEntry[] };

/**
 * A listing stops at this many keys: enough for a folder of 10,000 files (bench/explorer.bench.mjs)
 * while a folder of millions cannot hold the server for minutes. v0.7.3 stopped at 1,000.
 */
const MAX_LISTED = 20_000;

/** The order of a listing; one collator, as `localeCompare` builds one per call (10× slower). */
const byName = new Intl.Collator();

async function readDirectory(driver: StorageDriver, prefix: string, dirPath: string): Promise<FsEntry[]> {
  const entries: FsEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await driver.list(prefix, { delimiter: '/', cursor, limit: MAX_LISTED - entries.length });
    for (const folder of page.prefixes) {
      const name = folder.slice(prefix.length, -1);
      entries.push({
        name,
        path: `${joinPath(dirPath, name)}/`,
        isDirectory: true,
        size: 0,
        modified: null,
        etag: null,
      });
    }
    for (const object of page.objects) {
      const name = object.key.slice(prefix.length);
      entries.push({
        name,
        path: joinPath(dirPath, name),
        isDirectory: false,
        size: object.size,
        modified: object.lastModified,
        etag: object.etag,
      });
    }
    cursor = page.cursor;
  } while (cursor && entries.length < MAX_LISTED);
  return entries
    .filter((e) => !isReservedName(e.name))
    .sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || byName.compare(a.name, b.name));
}

/**
 * GET /fs/list: a virtual folder lists the mounts below it; a directory of a mount lists its
 * folders and files (cached per mount TTL). A key sees only what is on the way to its base path.
 */
export async function listDirectory(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: ReadOperation = 'fs.view',
) {
  const at = await locate(ctx, principal, raw, operation, { navigation: true });
  const base = basePathOf(principal);
  const visible = (path: string) => isNavigable(path.replace(/\/$/, ''), base);
  if (at.kind === 'virtual') {
    const items = at.children.map((c) => ({
      name: c.name,
      path: `${joinPath(at.path.path, c.name)}/`,
      mount: c.mount,
    }));
    return { kind: 'virtual', path: at.path.path, items: items.filter((i) => visible(i.path)) } satisfies FsListing;
  }
  const prefix = at.key ? `${at.key}/` : '';
  let entries = ctx.dirCache.get(at.mount.id, prefix);
  if (!entries) {
    entries = await readDirectory(at.driver, prefix, at.path.path);
    // A listing cut short at MAX_LISTED does not say what is gone: only a whole one is reconciled.
    if (entries.length < MAX_LISTED)
      await indexReconcile(
        ctx,
        at.mount.id,
        at.key,
        entries.filter((e) => !isFinderMetadata(e.name)).map(indexedAs(prefix)),
      );
    entries = await withFolderSizes(ctx, at.mount.id, prefix, entries);
    ctx.dirCache.set(at.mount.id, prefix, entries, at.mount.cacheTtl);
  }
  return {
    kind: 'directory',
    path: at.path.path,
    mount: at.mount,
    // WebDAV shows Finder's files back to Finder; the explorer leaves them out.
    items: entries.filter((e) => visible(e.path) && (operation === 'dav.read' || !isFinderMetadata(e.name))),
  } satisfies FsListing;
}

export type FsItem =
  | { isDirectory: true; path: string; name: string; mount: MountRecord | null }
  | {
      isDirectory: false;
      path: string;
      name: string;
      size: number;
      modified: Date | null;
      etag: string | null;
      contentType: string;
      mount: MountRecord;
      previewUrl: string;
      downloadUrl: string;
    };

const nameOf = (path: string) => path.split('/').pop() || '/';

/**
 * GET /fs/get: a file with short-lived URLs to preview and download it (presigned; local storage
 * signs URLs on this app, made absolute on `origin`), or a directory when the path is one.
 */
export async function getEntry(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  origin: string,
): Promise<FsItem> {
  return entryAt(ctx, await locate(ctx, principal, raw, 'fs.view'), origin);
}

async function entryAt(ctx: ModelContext, at: Located, origin: string): Promise<FsItem> {
  const path = at.path.path;
  if (at.kind === 'virtual') return { isDirectory: true, path, name: nameOf(path), mount: null };
  if (at.key === '') return { isDirectory: true, path, name: nameOf(path), mount: at.mount };
  const info = await at.driver.stat(at.key);
  if (!info) {
    if (await isFolder(at.driver, at.key)) return { isDirectory: true, path, name: nameOf(path), mount: at.mount };
    throw new AppError('not_found', 'fsNotFound');
  }
  const name = nameOf(path);
  const contentType = mimeFromFilename(name);
  // A web-proxy mount hands out /api/p links (signed when it wants that); others presigned ones.
  const sign = at.mount.webProxy ? await proxySignature(ctx, at.mount, path) : null;
  const url = async (download: boolean) => {
    if (at.mount.webProxy) {
      const link = new URL(`/api/p${path.split('/').map(encodeURIComponent).join('/')}`, origin);
      if (download) link.searchParams.set('download', 'true');
      if (sign) link.searchParams.set('sign', sign);
      return link.toString();
    }
    const presigned = await at.driver.presignGet(at.key, {
      expiresIn: at.expiresIn,
      contentType,
      downloadName: download ? name : undefined,
    });
    return new URL(presigned, origin).toString();
  };
  return {
    isDirectory: false,
    path,
    name,
    size: info.size,
    modified: info.lastModified,
    etag: info.etag,
    contentType,
    mount: at.mount,
    previewUrl: await url(false),
    downloadUrl: await url(true),
  };
}

/** A file in a mount the principal may read; 400 for a folder or a virtual place. */
async function locateFile(ctx: ModelContext, principal: Principal, raw: string | undefined, operation: ReadOperation) {
  const at = await locate(ctx, principal, raw, operation);
  if (at.kind === 'virtual' || at.key === '' || at.path.isDirectory) throw new AppError('invalid', 'fsNotAFile');
  return at;
}

/**
 * GET /fs/download and WebDAV's GET: the file to stream, described by its own read when read whole
 * (one storage request, docs/decisions/0049-downloads-without-stat.md); 404 when it is not there.
 */
export async function openFsDownload(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: ReadOperation = 'fs.view',
) {
  const at = await locateFile(ctx, principal, raw, operation);
  return storedFile(at.driver, at.key, nameOf(at.path.path));
}

/** A file's facts and bytes (ranges as asked), for the explorer, the doors and thumbnails. */
export async function openFsFile(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
  operation: ReadOperation = 'fs.view',
): Promise<{
  file: { filename: string; mimetype: string; size: number; etag: string | null; modified: Date | null };
  /** Where it is: its mount and key, and its path as the explorer shows it. */
  at: { mountId: string; key: string; path: string };
  read: (range?: ByteRange) => Promise<ReadResult>;
}> {
  const at = await locateFile(ctx, principal, raw, operation);
  const info = await at.driver.stat(at.key);
  if (!info) throw new AppError('not_found', 'fsNotFound');
  const filename = nameOf(at.path.path);
  return {
    file: {
      filename,
      mimetype: mimeFromFilename(filename),
      size: info.size,
      etag: info.etag,
      modified: info.lastModified,
    },
    at: { mountId: at.mount.id, key: at.key, path: at.path.path },
    read: (range) => at.driver.read(at.key, range),
  };
}

/** The explorer's preview of a file (docs/product/spec.md §2): its entry and what to show of it. */
export async function previewFsFile(ctx: ModelContext, principal: Principal, raw: string | undefined, origin: string) {
  const at = await locate(ctx, principal, raw, 'fs.view');
  const item = await entryAt(ctx, at, origin);
  if (item.isDirectory || at.kind === 'virtual') throw new AppError('invalid', 'fsNotAFile');
  const preview = await buildPreview(
    { filename: item.name, mimetype: item.contentType },
    {
      readText: (max) => readText((range) => at.driver.read(at.key, range), item.size, max),
      officeSource: async () => item.previewUrl,
      what: item.path,
    },
  );
  return { item, preview };
}
