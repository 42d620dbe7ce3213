import { RESERVED } from '~/lib/reserved-names';
import type { ModelContext } from '~/models/context.server';

/**
 * Where uploaded file shares keep their objects (issue 27 A1; docs/decisions/0020-share-objects-reserved.md):
 * `.cloudclip-shares/<default folder><path>/<id>-<name>`, a prefix of the app's own that no mount
 * lists, reads, writes or deletes — even a mount of the whole storage (models/fs/locate.server.ts
 * `isReservedName`). Shares of a mounted file (fs/create-share) point at the mounted object itself.
 */
export const SHARE_OBJECTS_PREFIX = RESERVED.shares;

/** How many shares one start-up pass moves at most; the next start (or sweep) carries on. */
const MOVE_BATCH = 500;

/**
 * Moves the objects of uploaded shares stored before the reserved prefix existed into it, one
 * share at a time: copy, point the row at the copy, remove the original. A crash between the
 * steps leaves the share readable at one key or the other (never neither); the next pass finishes
 * it. Shares still uploading keep their key until they are ready. Returns how many moved.
 */
export async function moveShareObjectsIntoReservedPrefix(ctx: ModelContext): Promise<number> {
  const rows = await ctx.db.fileShare.findMany({
    where: { status: 'ready', filePath: null, NOT: { storagePath: { startsWith: SHARE_OBJECTS_PREFIX } } },
    include: { storageConfig: true },
    take: MOVE_BATCH,
  });
  let moved = 0;
  for (const row of rows) {
    if (!row.storageConfig) continue;
    const driver = ctx.storage.driverFor(row.storageConfig);
    const to = SHARE_OBJECTS_PREFIX + row.storagePath;
    try {
      if (!(await driver.stat(to))) await driver.copy(row.storagePath, to);
      await ctx.db.fileShare.update({ where: { id: row.id }, data: { storagePath: to } });
      await driver.remove([row.storagePath]);
      moved++;
    } catch (error) {
      // A share whose object is gone stays as it is (its page says so); an unreachable storage is retried next start.
      ctx.log.warn({ err: error, share: row.slug }, 'Could not move a share object into the reserved prefix');
    }
  }
  if (moved > 0) ctx.log.info({ moved }, 'Moved share objects into the reserved prefix');
  return moved;
}
