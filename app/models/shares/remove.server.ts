import { releaseShareQuota } from '~/models/quotas/quotas.server';
import { markGone } from '~/models/gone.server';
import type { ModelContext } from '~/models/context.server';
import { StorageError } from '~/storage/types';
import { keepShareObject } from './manage/kept-objects.server';
import { PENDING_STATUSES, pendingKeyOf } from './pending-objects.server';
import { bundleMembers, driverOfShare, type ShareRow } from './records.server';
import { removeThumbnails } from '~/models/thumbnails/cache.server';

/**
 * How a share goes, whoever ends it — its owner, an admin, its expiry or its last view — with its
 * object (or, "record only", keeping it in storage), its thumbnails and its unfinished upload.
 */

/**
 * Deletes a share's record and its cached thumbnails, and its object too when `withObject`. A share
 * still being uploaded also loses its unfinished multipart upload, so no parts linger in storage.
 */
export async function removeShare(ctx: ModelContext, file: ShareRow, withObject: boolean): Promise<void> {
  // A bundle's uploads are its own (bundles.server.ts): they go with it, each with its object.
  if (file.kind === 'bundle') {
    for (const member of await bundleMembers(ctx, file)) await removeShare(ctx, member, withObject);
    await ctx.db.fileShare.deleteMany({ where: { id: file.id } });
    // Its gallery's thumbnails ("<bundle id>~<place>-…", thumbnails.server.ts).
    await removeThumbnails(ctx.config.dataDir, [file.id]).catch((error) =>
      ctx.log.error({ err: error }, `Could not remove the thumbnails of file ${file.id}`),
    );
    return;
  }
  // A share made from a mount points at the mounted file itself: the file is not the share's to delete.
  if (file.filePath !== null) withObject = false;
  const driver = driverOfShare(ctx, file);
  if (file.uploadId) await driver.multipartAbort(file.storagePath, file.uploadId);
  // An upload never finished leaves nothing worth keeping: its bytes (if any) go in any mode.
  const pending = PENDING_STATUSES.includes(file.status);
  const keep = !withObject && file.filePath === null && !pending;
  if (withObject || (pending && file.filePath === null)) {
    // A single-PUT upload that never went live has its bytes (if any) at its pending key only.
    const key = pending && !file.uploadId ? pendingKeyOf(file.id) : file.storagePath;
    try {
      await driver.remove([key]);
    } catch (error) {
      if (!(error instanceof StorageError && error.kind === 'not_found')) throw error;
    }
  }
  await ctx.db.fileShare.deleteMany({ where: { id: file.id } });
  // Kept in storage ("record only"): out of the reserved prefix, and still its key's (issue 42, item 9).
  if (keep) await keepShareObject(ctx, file);
  else await releaseShareQuota(ctx, file.id);
  await removeThumbnails(ctx.config.dataDir, [file.id]).catch((error) =>
    ctx.log.error({ err: error }, `Could not remove the thumbnails of file ${file.id}`),
  );
}

/**
 * Removes an expired or used-up share and remembers its slug as gone (410 from then on). The mark
 * comes first: a visitor who no longer finds the record finds it (410, never a 404 between the two).
 */
export async function retire(ctx: ModelContext, file: ShareRow): Promise<void> {
  await markGone(ctx, 'file', file.slug);
  await removeShare(ctx, file, true);
}

/** The sweeper's job: expired shares lose their object and record, and are remembered as gone. */
export async function deleteExpiredFiles(ctx: ModelContext): Promise<number> {
  const expired = await ctx.db.fileShare.findMany({
    where: { expiresAt: { lte: new Date() } },
    include: { storageConfig: true },
    take: 500,
  });
  for (const file of expired)
    await retire(ctx, file).catch((error) => ctx.log.error({ err: error }, `Could not remove expired file ${file.id}`));
  return expired.length;
}
