import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { activeMountsFor } from '~/models/mounts/mounts.server';
import type { CacheStats } from '~/storage/vfs/dir-cache';

/**
 * The cache endpoints (docs/product/api.md §3.8). Only directory listings are cached: presigned
 * URLs are signed on each request, and search reads a persistent index rather than caching results
 * (docs/decisions/0013-dashboard-caches.md).
 */
export async function clearCaches(
  ctx: ModelContext,
  principal: Principal,
  scope: { mountId?: string; s3ConfigId?: string },
): Promise<number> {
  authorize(principal, 'mount.view');
  const visible = await activeMountsFor(ctx, principal);
  let mounts = visible;
  if (scope.mountId) mounts = visible.filter((m) => m.id === scope.mountId);
  if (scope.s3ConfigId) mounts = mounts.filter((m) => m.storageConfigId === scope.s3ConfigId);
  if (scope.mountId && mounts.length === 0) throw new AppError('not_found', 'mountNotFound');
  // An admin clearing everything also drops listings of mounts that are inactive by now.
  if (principal.kind === 'admin' && !scope.mountId && !scope.s3ConfigId) return ctx.dirCache.clear();
  return mounts.reduce((cleared, m) => cleared + ctx.dirCache.invalidateMount(m.id), 0);
}

/** What the caches hold: directory listings, and the entries of the persistent search index. */
export interface CacheFigures {
  directory: CacheStats;
  searchIndexEntries: number;
}

export async function cacheStats(ctx: ModelContext, principal: Principal): Promise<CacheFigures> {
  authorize(principal, 'mount.manage');
  const searchIndexEntries = [...(await ctx.searchIndex.counts()).values()].reduce((sum, n) => sum + n, 0);
  return { directory: ctx.dirCache.stats(), searchIndexEntries };
}
