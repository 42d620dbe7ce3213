import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import type { IndexRun } from '~/storage/vfs/search-index.server';
import { rescanMount } from './indexing.server';
import { storageOf } from '../locate.server';

/**
 * The search index as Admin → Mount management shows and drives it (docs/architecture.md §9): per
 * mount the entries indexed and the last rescan, and "update now" (rescan: mark and sweep) or
 * "rebuild" (drop the mount's entries first, then rescan).
 */
export interface MountIndexStatus {
  entries: number;
  run: IndexRun | null;
}

export async function indexStatus(ctx: ModelContext, principal: Principal): Promise<Map<string, MountIndexStatus>> {
  authorize(principal, 'mount.manage');
  const counts = await ctx.searchIndex.counts();
  const runs = new Map((await ctx.searchIndex.runs()).map((r) => [r.mountId, r]));
  const ids = new Set([...counts.keys(), ...runs.keys()]);
  return new Map([...ids].map((id) => [id, { entries: counts.get(id) ?? 0, run: runs.get(id) ?? null }]));
}

/**
 * Starts a rescan of one mount in the background and answers at once (a big mount takes minutes;
 * the page shows its progress). 409 while one is running.
 */
export async function refreshIndex(
  ctx: ModelContext,
  principal: Principal,
  mountId: string,
  mode: 'update' | 'rebuild',
): Promise<void> {
  authorize(principal, 'mount.manage');
  const mount = await ctx.db.mount.findUnique({ where: { id: mountId } });
  if (!mount) throw new AppError('not_found', 'mountNotFound');
  if (!mount.isActive) throw new AppError('invalid', 'indexMountInactive');
  const { driver } = await storageOf(ctx, mount);
  if ((await ctx.searchIndex.runs()).some((r) => r.mountId === mountId && r.status === 'running'))
    throw new AppError('conflict', 'indexRunning');
  if (mode === 'rebuild') await ctx.searchIndex.clear(mountId);
  void rescanMount(ctx, mountId, driver).catch((error) =>
    ctx.log.error({ err: error }, `Index rescan of ${mountId} failed`),
  );
}
