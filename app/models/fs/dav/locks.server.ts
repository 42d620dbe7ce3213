import { authorize } from '~/auth/operations';
import type { Principal } from '~/auth/principal';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { basePathOf } from '~/models/mounts/mounts.server';
import { belowRange, isNavigable, isWithin } from '~/storage/vfs/path';

/**
 * WebDAV locks (RFC 4918 §6) in `dav_locks` (docs/architecture.md §8): they outlive a restart and
 * are shared by replicas. nephele asks for the locks of a resource and of each folder above it;
 * `locksAround` answers all of that, and the locks below (a folder's DELETE, MOVE or deep LOCK),
 * in one query.
 */
export interface DavLockRecord {
  token: string;
  path: string;
  /** Who took it (admin id or "apikey:<key id>"). */
  username: string;
  scope: 'exclusive' | 'shared';
  depth: '0' | 'infinity';
  owner: unknown;
  timeoutMs: number;
  provisional: boolean;
  refreshedAt: Date;
}

/** The longest lock we keep: nephele's maximum (18 h) fits; "Infinite" is stored as this. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** "/a/b/c" → ["/", "/a", "/a/b", "/a/b/c"]. */
function selfAndAncestors(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  return ['/', ...segments.map((_, i) => `/${segments.slice(0, i + 1).join('/')}`)];
}

function toRecord(row: {
  token: string;
  path: string;
  username: string;
  scope: string;
  depth: string;
  owner: string | null;
  timeoutMs: number;
  provisional: boolean;
  refreshedAt: Date;
}): DavLockRecord {
  return {
    ...row,
    scope: row.scope === 'shared' ? 'shared' : 'exclusive',
    depth: row.depth === '0' ? '0' : 'infinity',
    owner: row.owner === null ? undefined : JSON.parse(row.owner),
  };
}

/** The unexpired locks on these paths, on the folders above them and on everything below them. */
export async function locksAround(ctx: ModelContext, principal: Principal, paths: string[]): Promise<DavLockRecord[]> {
  authorize(principal, 'dav.read');
  const rows = await ctx.db.davLock.findMany({
    where: { OR: [{ path: { in: paths.flatMap(selfAndAncestors) } }, ...paths.map((p) => ({ path: belowRange(p) }))] },
  });
  const now = Date.now();
  const locks = rows.map(toRecord);
  const expired = locks.filter((lock) => lock.refreshedAt.getTime() + lock.timeoutMs <= now).map((l) => l.token);
  // An expired lock is gone for everyone; the row goes when one is come across (a busy database
  // only leaves it for the next time).
  if (expired.length) void ctx.db.davLock.deleteMany({ where: { token: { in: expired } } }).catch(() => undefined);
  return locks.filter((lock) => !expired.includes(lock.token));
}

/** Takes or refreshes a lock; only inside the caller's base path. */
export async function saveLock(ctx: ModelContext, principal: Principal, lock: DavLockRecord): Promise<void> {
  authorize(principal, 'dav.manage');
  if (!isWithin(lock.path, basePathOf(principal))) throw new AppError('forbidden', 'fsOutsideBasePath');
  const data = {
    path: lock.path,
    username: lock.username,
    scope: lock.scope,
    depth: lock.depth,
    owner: lock.owner === undefined ? null : JSON.stringify(lock.owner),
    timeoutMs: Math.min(lock.timeoutMs, MAX_TIMEOUT_MS),
    provisional: lock.provisional,
    refreshedAt: lock.refreshedAt,
  };
  await ctx.db.davLock.upsert({ where: { token: lock.token }, create: { token: lock.token, ...data }, update: data });
}

/** Releases a lock (UNLOCK, or a DELETE or MOVE of its resource); nephele has checked the caller holds it. */
export async function removeLock(ctx: ModelContext, principal: Principal, token: string): Promise<void> {
  authorize(principal, 'dav.manage');
  const lock = await ctx.db.davLock.findUnique({ where: { token } });
  if (!lock) return;
  if (!isNavigable(lock.path, basePathOf(principal))) throw new AppError('forbidden', 'fsOutsideBasePath');
  await ctx.db.davLock.deleteMany({ where: { token } });
}
