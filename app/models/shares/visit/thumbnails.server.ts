import { hash } from 'node:crypto';
import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { GALLERY_SHAPE, thumbnailOf, versionOf, type ThumbnailResult } from '~/models/thumbnails/engine.server';
import { ownedShareRow } from '../manage/files-admin.server';
import { driverOfShare, opensAsFolder } from '../records.server';
import { rowForContent } from './content-access.server';
import type { ContentAccess } from './file-access.server';
import { sharedFileAt } from './folder-access.server';

/**
 * The shares' thumbnails (issue 30; made and cached by models/thumbnails): a share's own, for its
 * owner's list, and a file's inside a folder share, for its visitors' gallery. Never for a share
 * encrypted in the browser: the server holds only its ciphertext.
 */

/** The thumbnail of share `id` for its owner or an admin (others get the model's "not found"). */
export async function getThumbnail(ctx: ModelContext, principal: Principal, id: string): Promise<ThumbnailResult> {
  const file = await ownedShareRow(ctx, principal, id);
  if (file.envelope !== null) return { ok: false, reason: 'none' };
  return thumbnailOf(ctx, {
    base: `${file.id.replace(/[^A-Za-z0-9_-]/g, '')}-${versionOf(file.etag, file.size)}`,
    label: `file ${file.id}`,
    mimetype: file.mimetype,
    size: Number(file.size),
    read: async () => (await driverOfShare(ctx, file).read(file.storagePath)).stream,
  });
}

/** A single video's poster fills its player: drawn larger than a gallery's thumbnail. */
const POSTER_SHAPE = { fit: 'inside', size: 960 } as const;

/**
 * GET /file-thumbnail/{slug}: the thumbnail of a file inside a folder share (`raw`, its path), for
 * its visitors' gallery (issue 30), or without a path a single file share's own, the poster its
 * page's player shows (issue 47). The same access as its bytes (a grant or the password), but a
 * picture never counts a view: a view-limited share without a grant is refused, as a link preview
 * is. Cached as `<share id>~<hash of the path>-<version>`, removed with the share
 * (models/thumbnails/cache.server.ts).
 */
export async function sharedThumbnail(
  ctx: ModelContext,
  slug: string,
  raw: string | null | undefined,
  access: ContentAccess,
  address: string,
): Promise<ThumbnailResult> {
  if (!raw) {
    const { row } = await rowForContent(ctx, slug, { ...access, passive: true }, address);
    if (row.envelope !== null || opensAsFolder(row)) return { ok: false, reason: 'none' };
    return thumbnailOf(ctx, {
      base: `${row.id}~poster-${versionOf(row.etag, row.size)}`,
      label: `poster of share ${row.id}`,
      mimetype: row.mimetype,
      size: Number(row.size),
      read: async () => (await driverOfShare(ctx, row).read(row.storagePath)).stream,
      shape: POSTER_SHAPE,
    });
  }
  const file = await sharedFileAt(ctx, slug, raw, access, address);
  const place = hash('sha256', file.path).slice(0, 20);
  return thumbnailOf(ctx, {
    base: `${file.shareId}~${place}-${versionOf(file.etag, file.size)}`,
    label: `${file.path} of share ${file.shareId}`,
    mimetype: file.mimetype,
    size: file.size,
    read: file.read,
    // The visitors' gallery is a masonry, as the explorer's: each picture at its own shape.
    shape: GALLERY_SHAPE,
  });
}
