import { randomUUID } from 'node:crypto';
import type { Principal } from '~/auth/principal';
import type { Db } from '~/db/client.server';
import { AppError } from '~/lib/errors';
import { formatBytes } from '~/lib/format';
import { byteLimit } from '~/storage/byte-limit';
import type { Transform } from 'node:stream';
import type { ModelContext } from '~/models/context.server';

/**
 * Per-key quotas (issue 32, decision 0034). Every door that stores bytes for a key reserves them
 * first (`reserveQuota`), stores, and then settles the reservation at the real size or releases
 * it. A reservation is a row of `quota_charges` inserted after taking the key row's write lock, so
 * reservations of one key run one after the other and each sees every one before it: twenty uploads
 * at once that together exceed a quota store only what fits. Admins and anonymous visitors have no
 * quotas; a key's charges are recorded even without limits, so its usage is known when one is set.
 */

export interface QuotaLimits {
  bytes: number | null;
  dayBytes: number | null;
  dayShares: number | null;
  fileBytes: number | null;
}

export interface QuotaUsage {
  /** Bytes its file shares hold now (with uploads under way). */
  storedBytes: number;
  /** Bytes it stored today (UTC), through any door. */
  dayBytes: number;
  /** Pastes and file shares it created today. */
  dayShares: number;
}

/** An admitted reservation: `cap` is the most the upload may store (null: no limit of the key's). */
export interface QuotaHold {
  id: string;
  cap: number | null;
  /** The refusal of the limit that sets the cap, for an upload that goes past it. */
  over?: AppError;
}

export interface QuotaWant {
  /** The size when known (a declared size, a Content-Length); else the hold takes what is left. */
  bytes?: number;
  /** It creates a paste or file share. */
  share?: boolean;
  /** Its bytes stay stored with a file share (count toward the total until the share goes). */
  held?: boolean;
  /** The share row it belongs to, when that exists first (direct uploads). */
  fileId?: string;
}

type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/**
 * The largest file a caller may upload now: the site's limit, narrowed for a key by its largest-file
 * quota and what is left of its daily bytes, and for a share (which keeps its bytes) of its stored
 * total. The pages show this one figure where files are chosen, so a key learns its limit before it
 * sends, not from the refusal after.
 */
export function largestUpload(
  siteMax: number,
  own: { quotas: QuotaLimits; usage: QuotaUsage } | null,
  { stored }: { stored: boolean },
): number {
  if (!own) return siteMax;
  const { quotas, usage } = own;
  const left = [
    siteMax,
    quotas.fileBytes,
    quotas.dayBytes === null ? null : quotas.dayBytes - usage.dayBytes,
    stored && quotas.bytes !== null ? quotas.bytes - usage.storedBytes : null,
  ];
  return Math.max(0, Math.min(...left.filter((n): n is number => n !== null)));
}

export const utcDay = (at = new Date()) => at.toISOString().slice(0, 10);

export const limitsOf = (row: {
  quotaBytes: bigint | null;
  quotaDayBytes: bigint | null;
  quotaDayShares: number | null;
  quotaFileBytes: bigint | null;
}): QuotaLimits => ({
  bytes: row.quotaBytes === null ? null : Number(row.quotaBytes),
  dayBytes: row.quotaDayBytes === null ? null : Number(row.quotaDayBytes),
  dayShares: row.quotaDayShares,
  fileBytes: row.quotaFileBytes === null ? null : Number(row.quotaFileBytes),
});

const LIMIT_COLUMNS = { quotaBytes: true, quotaDayBytes: true, quotaDayShares: true, quotaFileBytes: true } as const;

async function usageOf(db: Tx, keyId: string, day: string): Promise<QuotaUsage> {
  const [held, today] = await Promise.all([
    db.quotaCharge.aggregate({ where: { keyId, held: true }, _sum: { bytes: true } }),
    db.quotaCharge.aggregate({ where: { keyId, day }, _sum: { bytes: true, shares: true } }),
  ]);
  return {
    storedBytes: Number(held._sum.bytes ?? 0n),
    dayBytes: Number(today._sum.bytes ?? 0n),
    dayShares: today._sum.shares ?? 0,
  };
}

/** The refusal that names the limit and what is left of it (413 for a file too large, else 507). */
function refusal(limit: keyof QuotaLimits, max: number, left: number): AppError {
  if (limit === 'fileBytes') return new AppError('too_large', 'quotaFileBytes', { max: formatBytes(max) });
  if (limit === 'dayShares') return new AppError('insufficient_storage', 'quotaDayShares', { max, left });
  const key = limit === 'bytes' ? 'quotaBytes' : 'quotaDayBytes';
  return new AppError('insufficient_storage', key, { max: formatBytes(max), left: formatBytes(Math.max(0, left)) });
}

/**
 * Room left under each limit, and whether `want` fits: throws the first limit it does not fit. With
 * no size, the room left is the cap (a file of unknown size takes what is left, then settles).
 */
function admit(limits: QuotaLimits, usage: QuotaUsage, want: QuotaWant): Omit<QuotaHold, 'id'> {
  if (want.share && limits.dayShares !== null && usage.dayShares + 1 > limits.dayShares)
    throw refusal('dayShares', limits.dayShares, limits.dayShares - usage.dayShares);
  const rooms: [keyof QuotaLimits, number, number][] = [];
  if (limits.fileBytes !== null) rooms.push(['fileBytes', limits.fileBytes, limits.fileBytes]);
  if (limits.dayBytes !== null) rooms.push(['dayBytes', limits.dayBytes, limits.dayBytes - usage.dayBytes]);
  if (want.held && limits.bytes !== null) rooms.push(['bytes', limits.bytes, limits.bytes - usage.storedBytes]);
  for (const [limit, max, room] of rooms) {
    if (want.bytes !== undefined ? want.bytes > room : room <= 0) throw refusal(limit, max, room);
  }
  const tightest = rooms.sort((a, b) => a[2] - b[2])[0];
  return tightest ? { cap: tightest[2], over: refusal(...tightest) } : { cap: null };
}

/** Runs `work` holding the key row's write lock (SQLite: the one writer; PostgreSQL: the row's lock). */
function underKeyLock<T>(ctx: ModelContext, keyId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  // Waiting its turn behind a burst of the same key's uploads is fine; each holds the lock briefly.
  const wait = { maxWait: 10_000, timeout: 10_000 };
  return ctx.db.$transaction(async (tx) => {
    await tx.$executeRaw`UPDATE api_keys SET name = name WHERE id = ${keyId}`;
    return work(tx);
  }, wait);
}

/**
 * Reserves what an upload or share will store for a key, or refuses with the limit it passes. Null
 * for principals without quotas, and for a key deleted meanwhile.
 */
export async function reserveQuota(
  ctx: ModelContext,
  principal: Principal,
  want: QuotaWant,
): Promise<QuotaHold | null> {
  if (principal.kind !== 'apikey') return null;
  const keyId = principal.ownerKeyId;
  return underKeyLock(ctx, keyId, async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { id: keyId }, select: LIMIT_COLUMNS });
    if (!key) return null;
    const day = utcDay();
    const { cap, over } = admit(limitsOf(key), await usageOf(tx, keyId, day), want);
    const id = randomUUID();
    const bytes = want.bytes ?? cap ?? 0;
    await tx.quotaCharge.create({
      data: {
        id,
        keyId,
        day,
        bytes: BigInt(bytes),
        shares: want.share ? 1 : 0,
        held: !!want.held,
        fileId: want.fileId,
      },
    });
    return { id, cap: want.bytes ?? cap, over };
  });
}

/**
 * The stream limit of an upload under a hold: the global maximum, or the key's room when that is
 * smaller, refused with the limit that sets it.
 */
export function quotaLimit(max: number, hold: QuotaHold | null): Transform {
  if (hold?.cap == null || hold.cap >= max || !hold.over) return byteLimit(max);
  const over = hold.over;
  return byteLimit(hold.cap, () => over);
}

/**
 * The upload is stored: its reservation becomes its real size. A size past the reservation (a
 * direct upload that grew beyond what it declared) is admitted again for the difference, or refused.
 */
export async function settleQuota(
  ctx: ModelContext,
  hold: QuotaHold | null,
  bytes: number,
  fileId?: string,
): Promise<void> {
  if (!hold) return;
  const charge = await ctx.db.quotaCharge.findUnique({ where: { id: hold.id } });
  if (!charge) return;
  if (bytes > Number(charge.bytes)) {
    await underKeyLock(ctx, charge.keyId, async (tx) => {
      const key = await tx.apiKey.findUnique({ where: { id: charge.keyId }, select: LIMIT_COLUMNS });
      const limits = key && limitsOf(key);
      // The largest file is the whole file's size, not what it grew by (issue 42, item 1).
      if (limits?.fileBytes != null && bytes > limits.fileBytes)
        throw refusal('fileBytes', limits.fileBytes, limits.fileBytes);
      if (limits)
        admit({ ...limits, fileBytes: null }, await usageOf(tx, charge.keyId, charge.day), {
          bytes: bytes - Number(charge.bytes),
          held: charge.held,
        });
      await tx.quotaCharge.update({ where: { id: hold.id }, data: { bytes: BigInt(bytes), pending: false, fileId } });
    });
    return;
  }
  await ctx.db.quotaCharge.update({ where: { id: hold.id }, data: { bytes: BigInt(bytes), pending: false, fileId } });
}

/** The upload failed or was refused: its reservation goes. */
export async function releaseQuota(ctx: ModelContext, hold: QuotaHold | null): Promise<void> {
  if (hold) await ctx.db.quotaCharge.deleteMany({ where: { id: hold.id, pending: true } });
}

/** Runs a change under a reservation: settled at the size it returns, released if it throws. */
export async function withQuota<T>(
  ctx: ModelContext,
  principal: Principal,
  want: QuotaWant,
  change: (hold: QuotaHold | null) => Promise<T>,
  sizeOf: (result: T) => { bytes: number; fileId?: string },
): Promise<T> {
  const hold = await reserveQuota(ctx, principal, want);
  let result: T;
  try {
    result = await change(hold);
  } catch (error) {
    await releaseQuota(ctx, hold);
    throw error;
  }
  const { bytes, fileId } = sizeOf(result);
  await settleQuota(ctx, hold, bytes, fileId);
  return result;
}

/** Bytes already stored (a browser's PUT straight to storage) charged at once, or refused. */
export async function chargeQuota(ctx: ModelContext, principal: Principal, want: QuotaWant & { bytes: number }) {
  const hold = await reserveQuota(ctx, principal, want);
  await settleQuota(ctx, hold, want.bytes, want.fileId);
}

/** Whether it would fit now, to refuse before any byte is sent (the charge that counts comes after). */
export async function checkQuota(ctx: ModelContext, principal: Principal, want: QuotaWant): Promise<void> {
  await releaseQuota(ctx, await reserveQuota(ctx, principal, want));
}

/** A file share went: its bytes no longer count toward the total; an unfinished upload's hold goes. */
export async function releaseShareQuota(ctx: ModelContext, fileId: string): Promise<void> {
  await ctx.db.quotaCharge.deleteMany({ where: { fileId, pending: true } });
  await ctx.db.quotaCharge.updateMany({ where: { fileId, held: true }, data: { held: false } });
}

/** The settling of a direct upload's reservation, found by its share. */
export async function settleShareQuota(ctx: ModelContext, fileId: string, bytes: number): Promise<void> {
  const charge = await ctx.db.quotaCharge.findFirst({ where: { fileId, pending: true }, select: { id: true } });
  await settleQuota(ctx, charge && { id: charge.id, cap: null }, bytes, fileId);
}

/**
 * Bytes a key deleted that the recycle bin keeps count toward its total until they leave the bin
 * (issue 42, item 15): recorded as they are, never refused — a delete is never stopped by a quota.
 * A day of its own ("bin") keeps them out of the key's bytes per day.
 */
export async function holdBinBytes(ctx: ModelContext, principal: Principal, binEntryId: string, bytes: number) {
  if (principal.kind !== 'apikey' || bytes <= 0) return;
  const key = await ctx.db.apiKey.findUnique({ where: { id: principal.ownerKeyId }, select: { id: true } });
  if (!key) return;
  await ctx.db.quotaCharge.create({
    data: {
      id: randomUUID(),
      keyId: key.id,
      day: BIN_DAY,
      bytes: BigInt(bytes),
      held: true,
      pending: false,
      binEntryId,
    },
  });
}

/** What the bin kept left it (restored, emptied, too old): its bytes count no more. */
export async function releaseBinBytes(ctx: ModelContext, binEntryIds: string[]): Promise<void> {
  if (binEntryIds.length) await ctx.db.quotaCharge.deleteMany({ where: { binEntryId: { in: binEntryIds } } });
}

/**
 * A share deleted with "record only" leaves its object in storage (shares/manage/kept-objects.server.ts):
 * what it charged its key keeps counting toward the total while the object is there.
 */
export async function keepShareBytes(ctx: ModelContext, fileId: string, configId: string, key: string) {
  await ctx.db.quotaCharge.deleteMany({ where: { fileId, pending: true } });
  await ctx.db.quotaCharge.updateMany({
    where: { fileId, held: true },
    data: { fileId: null, keptConfigId: configId, keptKey: key },
  });
}

/** Charges for kept objects, in id order after `after`, for the sweeper to check. */
export function keptCharges(ctx: ModelContext, after: string | null, take: number) {
  return ctx.db.quotaCharge.findMany({
    where: { keptKey: { not: null }, ...(after ? { id: { gt: after } } : {}) },
    orderBy: { id: 'asc' },
    take,
    select: { id: true, keptConfigId: true, keptKey: true },
  }) as Promise<{ id: string; keptConfigId: string; keptKey: string }[]>;
}

/** Kept objects that are gone: their bytes count no more. */
export async function releaseKeptBytes(ctx: ModelContext, ids: string[]): Promise<void> {
  if (ids.length) await ctx.db.quotaCharge.deleteMany({ where: { id: { in: ids } } });
}

/** The day of bin charges: never a calendar day, so never today's use nor pruned by date. */
const BIN_DAY = 'bin';

/** What each key has used, for the key list: two grouped sums, whatever the number of keys. */
export async function quotaUsage(ctx: ModelContext, keyIds: string[]): Promise<Map<string, QuotaUsage>> {
  const keyId = { in: keyIds };
  const [held, today] = await Promise.all([
    ctx.db.quotaCharge.groupBy({ by: ['keyId'], where: { keyId, held: true }, _sum: { bytes: true } }),
    ctx.db.quotaCharge.groupBy({ by: ['keyId'], where: { keyId, day: utcDay() }, _sum: { bytes: true, shares: true } }),
  ]);
  const stored = new Map(held.map((row) => [row.keyId, Number(row._sum.bytes ?? 0n)]));
  const day = new Map(today.map((row) => [row.keyId, row._sum]));
  return new Map(
    keyIds.map((id) => [
      id,
      {
        storedBytes: stored.get(id) ?? 0,
        dayBytes: Number(day.get(id)?.bytes ?? 0n),
        dayShares: day.get(id)?.shares ?? 0,
      },
    ]),
  );
}

/** The sweeper's part: days that no longer count, and holds a killed process left. */
export async function pruneQuotaCharges(ctx: ModelContext, now = Date.now()): Promise<number> {
  const yesterday = utcDay(new Date(now - 86_400_000));
  const old = await ctx.db.quotaCharge.deleteMany({ where: { held: false, pending: false, day: { lt: yesterday } } });
  const stale = await ctx.db.quotaCharge.deleteMany({
    where: { pending: true, fileId: null, createdAt: { lt: new Date(now - 6 * 3600_000) } },
  });
  return old.count + stale.count;
}

/** A key's own quotas and use, for its own pages; null for anyone else. */
export async function ownQuota(
  ctx: ModelContext,
  principal: Principal,
): Promise<{ quotas: QuotaLimits; usage: QuotaUsage } | null> {
  if (principal.kind !== 'apikey') return null;
  const key = await ctx.db.apiKey.findUnique({ where: { id: principal.ownerKeyId }, select: LIMIT_COLUMNS });
  if (!key) return null;
  return { quotas: limitsOf(key), usage: await usageOf(ctx.db, principal.ownerKeyId, utcDay()) };
}
