import type { Principal } from '~/auth/principal';
import type { ModelContext } from '~/models/context.server';
import { fsThumbnailOwner } from '~/models/thumbnails/cache.server';
import { GALLERY_SHAPE, thumbnailOf, versionOf, type ThumbnailResult } from '~/models/thumbnails/engine.server';
import { openFsFile } from './browse.server';

/**
 * GET /fs/thumbnail (issue 47 item 4): the thumbnail of a file of a mount for whoever may view it —
 * an image's, a video's poster or an audio file's cover (models/thumbnails). Cached under the file's
 * mount and key and its version (ETag, or size and time), and removed when the file is written,
 * moved or deleted through the app (after-write.server.ts).
 */
export async function fsThumbnail(
  ctx: ModelContext,
  principal: Principal,
  raw: string | undefined,
): Promise<ThumbnailResult> {
  const { file, at, read } = await openFsFile(ctx, principal, raw);
  return thumbnailOf(ctx, {
    base: `${fsThumbnailOwner(at.mountId, at.key)}-${versionOf(file.etag, file.size, file.modified)}`,
    label: at.path,
    mimetype: file.mimetype,
    size: file.size,
    read: async () => (await read()).stream,
    shape: GALLERY_SHAPE,
  });
}
