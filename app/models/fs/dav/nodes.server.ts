import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import type { ByteRange } from '~/storage/types';
import { listDirectory, openFsDownload } from '../browse.server';
import { locate } from '../locate.server';
import { isFolder } from '../walk.server';

/**
 * What WebDAV sees of the virtual tree (docs/product/api.md §4, docs/architecture.md §8): the same
 * mounts, listings and files as the explorer, read with WEBDAV_READ instead of MOUNT_VIEW. Above
 * a key's base path only the folders leading to it are visible, and nothing there can be changed.
 */
export interface DavNode {
  /** "/" or "/mount/folder/file", without a trailing slash. */
  path: string;
  name: string;
  isCollection: boolean;
  /** The virtual folders above the mounts and the mount roots: never written through WebDAV. */
  readOnly: boolean;
  /** Inside a mount (its root included): the virtual folders above the mounts are not. */
  inMount: boolean;
  size: number;
  modified: Date | null;
  etag: string | null;
  contentType: string | null;
}

const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** A folder: `where` says whether it is a virtual one, a mount's root, or one inside a mount. */
const collection = (path: string, where: 'virtual' | 'root' | 'folder'): DavNode => ({
  path,
  name: nameOf(path),
  isCollection: true,
  readOnly: where !== 'folder',
  inMount: where !== 'virtual',
  size: 0,
  modified: null,
  etag: null,
  contentType: null,
});

/** The file or folder at a path; not_found when there is none. */
export async function davNode(ctx: ModelContext, principal: Principal, raw: string): Promise<DavNode> {
  const at = await locate(ctx, principal, raw, 'dav.read', { navigation: true });
  const path = at.path.path;
  if (at.kind === 'virtual') return collection(path, 'virtual');
  if (at.key === '') return collection(path, 'root');
  const info = await at.driver.stat(at.key);
  if (info)
    return {
      path,
      name: nameOf(path),
      isCollection: false,
      readOnly: false,
      inMount: true,
      size: info.size,
      modified: info.lastModified,
      etag: info.etag,
      contentType:
        info.contentType && info.contentType !== 'binary/octet-stream' ? info.contentType : mimeFromFilename(path),
    };
  if (await isFolder(at.driver, at.key)) return collection(path, 'folder');
  throw new AppError('not_found', 'fsNotFound');
}

/** The members of a collection, as the explorer lists them (the directory cache included). */
export async function davChildren(ctx: ModelContext, principal: Principal, raw: string): Promise<DavNode[]> {
  const listing = await listDirectory(ctx, principal, raw, 'dav.read');
  if (listing.kind === 'virtual')
    return listing.items.map((item) => collection(item.path.replace(/\/$/, ''), item.mount ? 'root' : 'virtual'));
  return listing.items.map((entry) => {
    const path = entry.path.replace(/\/$/, '');
    return entry.isDirectory
      ? collection(path, 'folder')
      : {
          path,
          name: entry.name,
          isCollection: false,
          readOnly: false,
          inMount: true,
          size: entry.size,
          modified: entry.modified,
          etag: entry.etag,
          contentType: mimeFromFilename(entry.name),
        };
  });
}

/** A file's bytes, ranges as asked: the WebDAV server has its size and ETag from PROPFIND or HEAD. */
export async function davRead(ctx: ModelContext, principal: Principal, raw: string, range?: ByteRange) {
  const file = await openFsDownload(ctx, principal, raw, 'dav.read');
  return (await file.read(range)).object.stream;
}

/**
 * Where a GET may be redirected: a presigned URL when the file's mount chose `302_redirect`
 * (docs/product/api.md §4), otherwise null (the app streams it). Local storage signs URLs on this
 * app, made absolute on `origin`.
 */
export async function davRedirect(
  ctx: ModelContext,
  principal: Principal,
  raw: string,
  origin: string,
): Promise<string | null> {
  const at = await locate(ctx, principal, raw, 'dav.read');
  if (at.kind === 'virtual' || at.key === '' || at.mount.webdavPolicy !== '302_redirect') return null;
  const url = await at.driver.presignGet(at.key, { expiresIn: at.expiresIn, contentType: mimeFromFilename(at.key) });
  return new URL(url, origin).toString();
}
