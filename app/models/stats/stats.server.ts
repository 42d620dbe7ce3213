import { authorize } from '~/auth/operations';
import { isCreator, type Principal } from '~/auth/principal';
import { currentRequestScope, referrerHostOf } from '~/models/request-scope.server';
import { AppError } from '~/lib/errors';
import { isLinkPreview } from '~/lib/link-preview';
import type { ShareFigures } from '~/lib/share-figures';
import type { ModelContext } from '~/models/context.server';
import type { Access, ShareKind } from './recorder.server';

/** Days the chart shows, today included. */
export const STATS_DAYS = 14;
const TOP_REFERRERS = 5;

/**
 * Whether the request being served is a link preview's or a crawler's (app/lib/link-preview.ts):
 * the raw and download links ask it. Scripts' tools (curl, Node) are not bots here: their reads count.
 */
export function requestIsBot(): boolean {
  return isLinkPreview(currentRequestScope()?.userAgent);
}

/** Counts one access of a share in its statistics (models/stats/recorder.server.ts): a bot's apart. */
export function recordAccess(ctx: ModelContext, kind: ShareKind, shareId: string, access: Access): void {
  const scope = currentRequestScope();
  ctx.stats.add(kind, shareId, access, referrerHostOf(scope?.referer, scope?.host));
}

/** A download of a share's bytes (a bot's apart); an inline read is the page's own preview, not counted. */
export function recordDownload(ctx: ModelContext, kind: ShareKind, shareId: string): void {
  recordAccess(ctx, kind, shareId, requestIsBot() ? 'bot' : 'download');
}

export type ShareStatsView = ShareFigures<Date>;

async function assertOwner(ctx: ModelContext, principal: Principal, kind: ShareKind, id: string) {
  authorize(principal, kind === 'paste' ? 'paste.manage' : 'file.manage');
  const where = { where: { id }, select: { createdBy: true } };
  const row = kind === 'paste' ? await ctx.db.paste.findUnique(where) : await ctx.db.fileShare.findUnique(where);
  if (!row || !isCreator(principal, row.createdBy))
    throw new AppError('not_found', kind === 'paste' ? 'pasteNotFound' : 'fileNotFound');
}

/** A share's statistics, for its owner: the last two weeks by day, all-time totals, first and last visit, where visitors came from. */
export async function shareStats(
  ctx: ModelContext,
  principal: Principal,
  kind: ShareKind,
  id: string,
  now = new Date(),
): Promise<ShareStatsView> {
  await assertOwner(ctx, principal, kind, id);
  await ctx.stats.flush();
  const rows = await ctx.db.shareStat.findMany({ where: { kind, shareId: id }, orderBy: { day: 'asc' } });
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const days = Array.from({ length: STATS_DAYS }, (_, i) => {
    const day = new Date(now.getTime() - (STATS_DAYS - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const row = byDay.get(day);
    return { day, views: row?.views ?? 0, downloads: row?.downloads ?? 0, bots: row?.bots ?? 0 };
  });
  const sum = (field: 'views' | 'downloads' | 'bots') => rows.reduce((total, row) => total + row[field], 0);
  const referrers = await ctx.db.shareReferrer.findMany({
    where: { kind, shareId: id },
    orderBy: [{ visits: 'desc' }, { host: 'asc' }],
    take: TOP_REFERRERS,
    select: { host: true, visits: true },
  });
  return {
    days,
    totals: { views: sum('views'), downloads: sum('downloads'), bots: sum('bots') },
    firstAt: rows.length ? new Date(Math.min(...rows.map((row) => row.firstAt.getTime()))) : null,
    lastAt: rows.length ? new Date(Math.max(...rows.map((row) => row.lastAt.getTime()))) : null,
    referrers,
  };
}

/** The sweeper's part: the figures of shares that are gone go with them. */
export async function pruneShareStats(ctx: ModelContext): Promise<number> {
  const { db } = ctx;
  const counts = await db.$transaction([
    db.$executeRaw`DELETE FROM share_stats WHERE kind = 'paste' AND NOT EXISTS (SELECT 1 FROM pastes p WHERE p.id = share_stats.share_id)`,
    db.$executeRaw`DELETE FROM share_stats WHERE kind = 'file' AND NOT EXISTS (SELECT 1 FROM files f WHERE f.id = share_stats.share_id)`,
    db.$executeRaw`DELETE FROM share_referrers WHERE kind = 'paste' AND NOT EXISTS (SELECT 1 FROM pastes p WHERE p.id = share_referrers.share_id)`,
    db.$executeRaw`DELETE FROM share_referrers WHERE kind = 'file' AND NOT EXISTS (SELECT 1 FROM files f WHERE f.id = share_referrers.share_id)`,
  ]);
  return counts.reduce((a, b) => a + b, 0);
}
