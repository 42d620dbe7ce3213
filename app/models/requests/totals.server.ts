import type { UploadRequest } from '~/generated/prisma/client';
import { rawTime } from '~/db/dialect';
import type { ModelContext } from '~/models/context.server';
import type { ArrivalTotals } from './records.server';

/**
 * What arrived through each request: files stored and their bytes (uploads under way are not
 * counted yet), and how many came after the creator last looked (`seenAt`).
 */
export async function arrivalTotals(
  ctx: ModelContext,
  rows: Pick<UploadRequest, 'id' | 'seenAt'>[],
): Promise<Map<string, ArrivalTotals>> {
  const totals = new Map<string, ArrivalTotals>(rows.map((row) => [row.id, { files: 0, bytes: 0, newFiles: 0 }]));
  if (rows.length === 0) return totals;
  const ids = rows.map((row) => row.id);
  const stored = await ctx.db.uploadArrival.groupBy({
    by: ['requestId'],
    where: { requestId: { in: ids }, stored: true },
    _count: { _all: true },
    _sum: { reserved: true },
  });
  for (const group of stored) {
    const total = totals.get(group.requestId)!;
    total.files = group._count._all;
    total.bytes = Number(group._sum.reserved ?? 0);
  }
  // One query for every request's new files, each after its own seenAt (not a count per request).
  const fresh = await ctx.db.uploadArrival.groupBy({
    by: ['requestId'],
    where: { stored: true, OR: rows.map((row) => ({ requestId: row.id, createdAt: { gt: row.seenAt } })) },
    _count: { _all: true },
  });
  for (const group of fresh) totals.get(group.requestId)!.newFiles = group._count._all;
  return totals;
}

/**
 * The dashboard's figures: requests still taking files, and files that arrived since their
 * request's creator last looked (docs/api-extensions.md §9).
 */
export async function requestFigures(ctx: ModelContext): Promise<{ openRequests: number; newArrivals: number }> {
  const now = new Date();
  const [openRequests, fresh] = await Promise.all([
    ctx.db.uploadRequest.count({ where: { closedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } }),
    ctx.db.$queryRaw<{ n: number | bigint }[]>`
      SELECT count(*) AS n FROM upload_arrivals a JOIN upload_requests r ON r.id = a.request_id
      WHERE a.stored = ${true} AND a.created_at > r.seen_at AND a.created_at <= ${rawTime(ctx.dialect, now)}`,
  ]);
  return { openRequests, newArrivals: Number(fresh[0]?.n ?? 0) };
}
