import type { ModelContext } from '~/models/context.server';
import { keepShareBytes, keptCharges, releaseKeptBytes } from '~/models/quotas/quotas.server';
import { StorageError } from '~/storage/types';
import type { ShareRow } from '../records.server';
import { driverOfShare } from '../records.server';
import { SHARE_OBJECTS_PREFIX } from '../share-objects.server';

/**
 * "Delete the share only" (delete_mode `record_only`, docs/product/api.md §3.4) keeps the file in
 * the storage — for example to keep a copy in the bucket. Kept under the app's reserved prefix it
 * would be out of every mount's reach and never swept (issue 42, item 9), so it moves to where
 * v0.7.3 kept it, `<default folder><path>/<id>-<name>`, reachable by a mount of the storage and the
 * bucket's own tools; the key that uploaded it is charged for it while it is there.
 */
export async function keepShareObject(ctx: ModelContext, file: ShareRow): Promise<void> {
  const driver = driverOfShare(ctx, file);
  let key = file.storagePath;
  if (key.startsWith(SHARE_OBJECTS_PREFIX)) {
    const reachable = key.slice(SHARE_OBJECTS_PREFIX.length);
    try {
      await driver.move(key, reachable);
      key = reachable;
    } catch (error) {
      // Its object is gone already: nothing is kept, nothing is charged.
      if (error instanceof StorageError && error.kind === 'not_found') return;
      throw error;
    }
  }
  await keepShareBytes(ctx, file.id, file.storageConfigId, key);
}

/** How many kept objects one sweep looks at; the next sweep carries on after the last (then starts over). */
const CHECK_BATCH = 200;
let checkedUpTo: string | null = null;

/**
 * The sweeper's: a kept object that is gone (deleted through a mount, or in the bucket) no longer
 * counts toward its key's total. Answers how many charges it released.
 */
export async function sweepKeptObjects(ctx: ModelContext): Promise<number> {
  const charges = await keptCharges(ctx, checkedUpTo, CHECK_BATCH);
  checkedUpTo = charges.length === CHECK_BATCH ? charges.at(-1)!.id : null;
  const gone: string[] = [];
  for (const charge of charges) {
    const config = await ctx.db.storageConfig.findUnique({ where: { id: charge.keptConfigId } });
    const there = config
      ? await ctx.storage
          .driverFor(config)
          .stat(charge.keptKey)
          .catch(() => true)
      : null;
    if (!there) gone.push(charge.id);
  }
  await releaseKeptBytes(ctx, gone);
  return gone.length;
}
