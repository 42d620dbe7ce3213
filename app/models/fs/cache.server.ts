import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { activeMountsFor } from '~/models/mounts/mounts.server';
import type { CacheStats } from '~/storage/vfs/dir-cache';

/**
 * The cache endpoints (docs/product/api.md §3.8). Only directory listings are cached so far; the
 * presigned-URL and search caches of v0.7.3 have no counterpart here (search comes with issue 12),
 * so their statistics stay at zero.
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

export function cacheStats(ctx: ModelContext, principal: Principal): { directory: CacheStats } {
  authorize(principal, 'mount.manage');
  return { directory: ctx.dirCache.stats() };
}
