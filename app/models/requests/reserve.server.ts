import { rawTime } from '~/db/dialect';
import { isUniqueViolation } from '~/db/errors';
import type { ModelContext } from '~/models/context.server';

export type Reservation = { ok: true; arrivalId: string } | { ok: false; why: 'taken' | 'refused' };

/**
 * Reserves a file of at most `bytes` under `name` in a request (decision 0027): the arrival row is
 * inserted only while the request is open, short of its file limit, and has the bytes left. The
 * first statement takes the request row's write lock, so reservations of one request run one after
 * the other and each counts what the ones before it committed: PostgreSQL's READ COMMITTED gives
 * every statement a fresh snapshot (taken once the lock is ours), and SQLite has one writer. Twenty
 * uploads racing for five places get exactly five.
 */
export async function reserveArrival(
  ctx: ModelContext,
  requestId: string,
  name: string,
  bytes: number,
  note: string | null,
): Promise<Reservation> {
  const arrivalId = crypto.randomUUID();
  const now = rawTime(ctx.dialect);
  const reserved = BigInt(bytes);
  try {
    const [, inserted] = await ctx.db.$transaction([
      ctx.db.$executeRaw`UPDATE upload_requests SET seen_at = seen_at WHERE id = ${requestId}`,
      ctx.db.$executeRaw`
        INSERT INTO upload_arrivals (id, request_id, name, reserved, stored, note, created_at)
        SELECT ${arrivalId}, r.id, ${name}, ${reserved}, false, ${note}, ${now}
        FROM upload_requests r
        WHERE r.id = ${requestId} AND r.closed_at IS NULL AND (r.expires_at IS NULL OR r.expires_at > ${now})
          AND (r.max_files IS NULL
            OR (SELECT count(*) FROM upload_arrivals a WHERE a.request_id = r.id) < r.max_files)
          AND (r.max_total_bytes IS NULL
            OR (SELECT coalesce(sum(a.reserved), 0) FROM upload_arrivals a WHERE a.request_id = r.id) + ${reserved}
              <= r.max_total_bytes)`,
    ]);
    return inserted === 1 ? { ok: true, arrivalId } : { ok: false, why: 'refused' };
  } catch (error) {
    if (isUniqueViolation(error) || isRawUniqueViolation(error)) return { ok: false, why: 'taken' };
    throw error;
  }
}

/** Prisma reports a raw statement's unique violation as P2010 with the database's own code inside. */
function isRawUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'P2010' && /23505|UNIQUE constraint failed/.test(message ?? '');
}

/** The file is stored: its reservation becomes its real size (and, for a request of shares, knows its share). */
export async function settleArrival(
  ctx: ModelContext,
  arrivalId: string,
  size: number,
  fileId: string | null = null,
): Promise<void> {
  await ctx.db.uploadArrival.update({
    where: { id: arrivalId },
    data: { stored: true, reserved: BigInt(size), ...(fileId ? { fileId } : {}) },
  });
}

/**
 * A place for a file sent in parts: the storage upload that will fill it, its part size, and for a
 * request of shares the pending share.
 */
export async function attachUpload(
  ctx: ModelContext,
  arrivalId: string,
  upload: { uploadId: string; partSize: number; fileId: string | null },
) {
  await ctx.db.uploadArrival.update({ where: { id: arrivalId }, data: upload });
}

/** The upload failed: its place, name and bytes are free again. */
export async function releaseArrival(ctx: ModelContext, arrivalId: string): Promise<void> {
  await ctx.db.uploadArrival.deleteMany({ where: { id: arrivalId, stored: false } });
}

/** A reservation this old belongs to an upload a killed process never finished. */
const STALE_MS = 6 * 60 * 60 * 1000;

/**
 * The sweeper's part: reservations a killed process left (an object is written whole or not at
 * all, so no file goes with them) give their place back. Uploads in parts live longer, and go with
 * their parts (parts.server.ts).
 */
export async function reapStaleArrivals(ctx: ModelContext): Promise<number> {
  const before = new Date(Date.now() - STALE_MS);
  const where = { stored: false, uploadId: null, createdAt: { lt: before } };
  return (await ctx.db.uploadArrival.deleteMany({ where })).count;
}
