import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { isFolder } from '~/models/fs/walk.server';
import { rootedDriver } from '~/storage/drivers/rooted.server';
import type { StorageDriver } from '~/storage/types';
import type { VirtualPath } from '~/storage/vfs/path';
import { gatedPath } from '~/storage/vfs/gate';
import { bundleDriver } from './bundle-driver.server';
import { bundleMembers } from '../records.server';
import { driverOfShare, selectionOf, type ShareRow } from '../records.server';

/**
 * What a folder share reaches (issue 30, docs/architecture.md §5): its folder's storage seen from
 * that folder, so no key above it can be named, and a path inside it checked by segment — the form
 * of every virtual path, the app's own names, and for a selection its first segment among the
 * selected names. The same gate answers the page, the listing API, downloads and the zip. A bundle of
 * uploads is read through its own flat driver (bundles.server.ts).
 */
export async function sharedFolderDriver(ctx: ModelContext, row: ShareRow): Promise<StorageDriver> {
  if (row.kind === 'bundle') return bundleDriver(ctx, row);
  return rootedDriver(driverOfShare(ctx, row), row.storagePath);
}

/** A path inside a folder share ("/" is its top), as the key below the share's folder. */
export interface InsideShare {
  path: VirtualPath;
  /** "" for the top, else "a/b" (no trailing "/"). */
  key: string;
}

export function insideShare(row: Pick<ShareRow, 'items' | 'kind'>, raw: string | null | undefined): InsideShare {
  // The form of the path and the app's own names, as the mount gate checks them (decision 0038).
  const path = gatedPath(raw);
  const items = selectionOf(row);
  if (items && path.segments.length > 0 && !items.includes(path.segments[0]!))
    throw new AppError('not_found', 'fsNotFound');
  return { path, key: path.segments.join('/') };
}

/** Whether `key` inside the share's folder is a file or a folder that is there now. */
export async function presentAt(driver: StorageDriver, key: string): Promise<boolean> {
  return (await driver.stat(key)) !== null || (await isFolder(driver, key));
}

/**
 * Whether a folder share still has something to show: its folder (renamed or deleted, it is gone),
 * or for a selection at least one of its items.
 */
export async function sharedFolderPresent(ctx: ModelContext, row: ShareRow): Promise<boolean> {
  if (row.kind === 'bundle') return (await bundleMembers(ctx, row)).length > 0;
  const items = selectionOf(row);
  if (items) {
    const driver = await sharedFolderDriver(ctx, row);
    for (const name of items) if (await presentAt(driver, name)) return true;
    return false;
  }
  const root = row.storagePath.replace(/\/$/, '');
  return root === '' || isFolder(driverOfShare(ctx, row), root);
}
