import { isAllowed } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { basePathOf } from '~/models/mounts/mounts.server';
import { isWithin } from '~/storage/vfs/path';
import { listDirectory } from './browse.server';

/** What the picked folder is for: a copy or move's target, or where an upload request's files go. */
export type PickPurpose = 'copy' | 'upload';

/** A folder of the target picker (issue 28 A2; an upload request's folder, issue 47). */
export interface FolderNode {
  name: string;
  /** Virtual path, without a trailing "/". */
  path: string;
  /** Whether it may be chosen: inside a mount and the key's base path, with MOUNT_COPY (a copy) or MOUNT_UPLOAD. */
  writable: boolean;
}

/**
 * The folders in a folder, for the copy/move picker: what the listing shows (a key sees only what
 * is on the way to its base path), folders only, each saying whether a copy may go there. The
 * virtual folders above the mounts are listed to walk through, never as targets.
 */
export async function listFolders(
  ctx: ModelContext,
  principal: Principal,
  raw: string,
  purpose: PickPurpose = 'copy',
): Promise<FolderNode[]> {
  const listing = await listDirectory(ctx, principal, raw);
  const base = basePathOf(principal);
  const mayCopy = isAllowed(principal, purpose === 'copy' ? 'fs.copy' : 'fs.upload');
  const node = (name: string, path: string, inMount: boolean): FolderNode => {
    const bare = path.replace(/\/$/, '');
    return { name, path: bare, writable: mayCopy && inMount && isWithin(bare, base) };
  };
  if (listing.kind === 'virtual') return listing.items.map((item) => node(item.name, item.path, item.mount !== null));
  return listing.items.filter((item) => item.isDirectory).map((item) => node(item.name, item.path, true));
}

/**
 * The picker as first shown: the folders of the root and of every folder down to `pick` (the
 * folder the explorer is in), so the tree opens at it. A level that cannot be listed (gone, or
 * outside the key's base path) ends the walk there.
 */
export async function folderTree(ctx: ModelContext, principal: Principal, pick: string, purpose: PickPurpose = 'copy') {
  const segments = pick.split('/').filter(Boolean);
  const levels: Record<string, FolderNode[]> = {};
  for (let depth = 0; depth <= segments.length; depth++) {
    const path = `/${segments.slice(0, depth).join('/')}`;
    try {
      levels[path] = await listFolders(ctx, principal, path, purpose);
    } catch (error) {
      // A fault (a busy database, an absent storage) is the page's answer, not a shorter tree.
      if (depth === 0 || !(error instanceof AppError)) throw error;
      break;
    }
  }
  return { pick, levels };
}
