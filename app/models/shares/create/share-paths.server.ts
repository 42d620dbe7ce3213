import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { shareMountedFile, type MountedShareOptions } from './mounted-shares.server';
import type { FileShareRecord } from '../records.server';
import type { ObjectInfo } from '~/storage/types';
import { parentPath } from '~/storage/vfs/path';
import { locateEach } from '~/models/fs/locate.server';
import type { InMount } from '~/models/fs/types';
import { isFolder } from '~/models/fs/walk.server';

/** How many items one selection share may hold. */
export const MAX_SELECTION = 1000;

/** The file at a located path, or null for a folder (named with its "/" or found to be one) or nothing. */
async function fileAt(at: InMount): Promise<ObjectInfo | null> {
  return at.key !== '' && !at.path.isDirectory ? at.driver.stat(at.key) : null;
}

/**
 * Where a share of `at` points in its storage: the share reads the config's driver directly, so
 * its key is the storage's, the mount's root folder included.
 */
const targetOf = (at: InMount, key: string) => ({
  path: at.path.path,
  key: at.mount.rootFolder + key,
  storageConfigId: at.mount.storageConfigId!,
});

async function mounted(ctx: ModelContext, principal: Principal, raws: string[]): Promise<InMount[]> {
  return (await locateEach(ctx, principal, raws, 'fs.view')).map((at) => {
    if (at instanceof AppError) throw at;
    if (at.kind === 'virtual') throw new AppError('invalid', 'shareVirtualFolder');
    return at;
  });
}

/** The name a folder share shows: the folder's own, or the mount's for its root. */
const nameOf = (at: InMount) => at.path.segments.at(-1) ?? at.mount.name;

/**
 * POST /fs/create-share and the explorer's "Share" (issue 30): one file is a file share as before;
 * a folder, or several files and folders of one folder (a selection), is a folder share that shows
 * them as they are now. A key needs the file-share bit and may share only inside its base path
 * (`locate` checks every path by segment).
 */
export async function sharePaths(
  ctx: ModelContext,
  principal: Principal,
  paths: string[],
  options: MountedShareOptions = {},
): Promise<FileShareRecord> {
  authorize(principal, 'file.upload');
  if (paths.length === 0) throw new AppError('invalid', 'fsPathsRequired');
  if (paths.length > MAX_SELECTION) throw new AppError('invalid', 'shareTooManyItems', { max: MAX_SELECTION });
  const located = await mounted(ctx, principal, paths);
  const first = located[0]!;
  if (located.length === 1) {
    const info = await fileAt(first);
    if (info)
      return shareMountedFile(
        ctx,
        principal,
        { ...targetOf(first, first.key), size: info.size, etag: info.etag },
        options,
      );
    if (!(await isFolder(first.driver, first.key))) throw new AppError('not_found', 'fsNotFound');
    return shareFolder(ctx, principal, first, null, options);
  }
  const parent = parentPath(first.path.path);
  const names = new Set<string>();
  for (const at of located) {
    if (at.mount.id !== first.mount.id || at.key === '' || parentPath(at.path.path) !== parent)
      throw new AppError('invalid', 'shareSelectionOneFolder');
    if (!(await fileAt(at)) && !(await isFolder(at.driver, at.key))) throw new AppError('not_found', 'fsNotFound');
    names.add(at.path.segments.at(-1)!);
  }
  const folder = (await mounted(ctx, principal, [parent]))[0]!;
  return shareFolder(ctx, principal, folder, [...names], options);
}

function shareFolder(
  ctx: ModelContext,
  principal: Principal,
  at: InMount,
  items: string[] | null,
  options: MountedShareOptions,
): Promise<FileShareRecord> {
  const name = items ? items.join(', ').slice(0, 200) : nameOf(at);
  return shareMountedFile(
    ctx,
    principal,
    { ...targetOf(at, at.key ? `${at.key}/` : ''), size: 0, etag: null, folder: { name, items } },
    options,
  );
}
