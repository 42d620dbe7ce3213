import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import type { StorageDriver } from '~/storage/types';
import { RESERVED } from '~/lib/reserved-names';

/**
 * Where the bytes of a single-PUT browser upload wait for their commit (docs/architecture.md §5,
 * docs/decisions/0009-pending-upload-keys.md): `.cloudclip-pending/<file id>` at the root of the
 * storage config, never the share's own key. Commit moves the object into place, so a presigned
 * URL used after the commit (or after a cancel) can only write here, where the janitor removes
 * whatever has no pending upload left.
 */
const PENDING_PREFIX = RESERVED.pendingShares;

/** Rows in these states still own their pending object. */
export const PENDING_STATUSES = ['uploading', 'committing'];

export const pendingKeyOf = (fileId: string) => `${PENDING_PREFIX}${fileId}`;

/** The file id a pending key belongs to, or null when the key is not one. */
export function fileIdOfPendingKey(key: string): string | null {
  if (!key.startsWith(PENDING_PREFIX)) return null;
  const id = key.slice(PENDING_PREFIX.length);
  return id && !id.includes('/') ? id : null;
}

/** What `etag` holds while a signed PUT is writing a pending upload's bytes. */
const RECEIVING = '(receiving)';

const urlUsed = () => new AppError('conflict', 'uploadUrlUsed');

/**
 * A local signed PUT claims its upload before it writes (docs/architecture.md §5): one conditional
 * statement, so the URL writes once, and never after its upload was committed or cancelled.
 * Returns the release to call when the write is over (with the stored ETag, or null when it failed
 * and the uploader may try the same URL again).
 */
export async function claimPendingPut(ctx: ModelContext, driver: StorageDriver, configId: string, key: string) {
  const id = fileIdOfPendingKey(key);
  const { count } = id
    ? await ctx.db.fileShare.updateMany({
        where: { id, storageConfigId: configId, status: 'uploading', etag: null },
        data: { etag: RECEIVING },
      })
    : { count: 0 };
  if (!id || count === 0) throw urlUsed();
  return async (etag: string | null) => {
    const { count: still } = await ctx.db.fileShare.updateMany({
      where: { id, status: 'uploading', etag: RECEIVING },
      data: { etag },
    });
    // Cancelled while the bytes arrived: what was written belongs to nobody.
    if (still === 0 && etag !== null && !(await ctx.db.fileShare.findUnique({ where: { id } })))
      await driver.remove([key]);
  };
}

/** A local signed part URL writes only into a multipart upload that is still pending. */
export async function assertPartOpen(ctx: ModelContext, configId: string, key: string, uploadId: string) {
  const open = await ctx.db.fileShare.findFirst({
    where: { status: 'uploading', uploadId, storageConfigId: configId, storagePath: key },
    select: { id: true },
  });
  if (!open) throw urlUsed();
}

/**
 * The janitor's half for pending objects: removes those whose upload was committed, cancelled or
 * reaped (a PUT that came late, or a removal that failed). Returns how many went.
 */
export async function removeOrphanPendingObjects(ctx: ModelContext): Promise<number> {
  let removed = 0;
  for (const config of await ctx.db.storageConfig.findMany()) {
    try {
      const driver = ctx.storage.driverFor(config);
      let cursor: string | undefined;
      do {
        const page = await driver.list(PENDING_PREFIX, { cursor, limit: 1000 });
        const ids = page.objects.map((o) => fileIdOfPendingKey(o.key)).filter((id): id is string => id !== null);
        const live = new Set(
          (
            await ctx.db.fileShare.findMany({
              where: { id: { in: ids }, status: { in: PENDING_STATUSES } },
              select: { id: true },
            })
          ).map((f) => f.id),
        );
        const orphans = page.objects.filter((o) => !live.has(fileIdOfPendingKey(o.key) ?? ''));
        await driver.remove(orphans.map((o) => o.key));
        removed += orphans.length;
        cursor = page.cursor;
      } while (cursor);
    } catch (error) {
      ctx.log.error({ err: error }, `Could not look for orphan pending uploads in storage ${config.id}`);
    }
  }
  return removed;
}
