import { setImmediate as nextTurn } from 'node:timers/promises';
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

/** Shares the pruning looks at per step (`pruneShareStats`). */
const PRUNE_SLICE = 500;

/**
 * The sweeper's part: the figures of shares that are gone go with them. It walks the figures a slice
 * of shares at a time, in the order of their keys, the event loop free between the slices: on SQLite
 * a statement holds it, and one `DELETE … WHERE NOT EXISTS` over every row held it 93 ms with a
 * million pastes and the figures of 10,000 of them (a profile over bench/scale.bench.mjs' data,
 * 2026-12-02): a stall of every request in flight every ten minutes, growing with the figures kept.
 */
export async function pruneShareStats(ctx: ModelContext, slice = PRUNE_SLICE): Promise<number> {
  let removed = 0;
  for (const kind of ['paste', 'file'] as const) {
    removed += await pruneFigures(ctx, kind, slice, ctx.db.shareStat);
    removed += await pruneFigures(ctx, kind, slice, ctx.db.shareReferrer);
  }
  return removed;
}

/** The two tables of figures, as the pruning uses them: keyed by (kind, share id, …). */
interface Figures {
  findMany(args: {
    where: { kind: ShareKind; shareId: { gt: string } };
    orderBy: { shareId: 'asc' };
    take: number;
    select: { shareId: true };
  }): Promise<{ shareId: string }[]>;
  deleteMany(args: { where: { kind: ShareKind; shareId: { in: string[] } } }): Promise<{ count: number }>;
}

async function pruneFigures(ctx: ModelContext, kind: ShareKind, slice: number, figures: Figures): Promise<number> {
  let removed = 0;
  let after = '';
  for (;;) {
    const rows = await figures.findMany({
      where: { kind, shareId: { gt: after } },
      orderBy: { shareId: 'asc' },
      take: slice,
      select: { shareId: true },
    });
    if (rows.length === 0) return removed;
    // A share's rows (its days, its hosts) are next to each other: the last share may go on into the
    // next slice, and its rows are deleted here whole, so the next slice starts after it.
    const ids = [...new Set(rows.map((row) => row.shareId))];
    after = ids.at(-1)!;
    const where = { where: { id: { in: ids } }, select: { id: true } };
    const alive = kind === 'paste' ? await ctx.db.paste.findMany(where) : await ctx.db.fileShare.findMany(where);
    const living = new Set(alive.map((row) => row.id));
    const gone = ids.filter((id) => !living.has(id));
    if (gone.length) removed += (await figures.deleteMany({ where: { kind, shareId: { in: gone } } })).count;
    await nextTurn();
  }
}
