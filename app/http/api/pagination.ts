import type { Request } from 'express';

export function positiveInt(value: unknown, fallback: number, max: number): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.min(n, max) : fallback;
}

/**
 * The largest offset a list takes: past every row any list can have, and within the 32-bit range
 * the database's OFFSET (and Prisma's `skip`) accept. A larger one reads as this, an empty page.
 */
export const MAX_OFFSET = 2_147_483_647;

export function nonNegativeInt(value: unknown): number {
  const n = typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
  return Number.isFinite(n) && n >= 0 ? Math.min(n, MAX_OFFSET) : 0;
}

/** File list paging (docs/product/api.md §3.4): limit/offset, 30 by default; keys also get `hasMore`. */
export function filePagination(query: Request['query'], forKey: boolean) {
  const limit = positiveInt(query.limit, 30, 200);
  const offset = nonNegativeInt(query.offset);
  return {
    query: { limit, offset },
    describe: (total: number) =>
      forKey ? { total, limit, offset, hasMore: offset + limit < total } : { total, limit, offset },
  };
}

/**
 * Paste list paging (docs/product/api.md §1.7): admins page with page/limit (10), keys with limit/offset (30).
 * Non-numeric values fall back to the defaults.
 */
export function pastePagination(query: Request['query'], forKey: boolean) {
  if (forKey) {
    const limit = positiveInt(query.limit, 30, 200);
    const offset = nonNegativeInt(query.offset);
    return {
      query: { limit, offset },
      describe: (total: number) => ({ total, limit, offset, hasMore: offset + limit < total }),
    };
  }
  const limit = positiveInt(query.limit, 10, 200);
  const page = positiveInt(query.page, 1, 1_000_000);
  return {
    query: { limit, page },
    describe: (total: number) => ({ total, page, limit, totalPages: Math.max(1, Math.ceil(total / limit)) }),
  };
}
