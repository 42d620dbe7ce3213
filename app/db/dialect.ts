import type { Dialect } from './client.server';
import { sqlTime } from './time';

/**
 * The few places the two databases differ for the models' own statements (docs/architecture.md §4).
 * Everything else goes through the Prisma client, which speaks both.
 */

/**
 * "Now" (or `date`) as a raw statement compares it with a DateTime column: SQLite's adapter stores
 * text, compared as text (app/db/time.ts); PostgreSQL has a timestamp and takes a Date.
 */
export function rawTime(dialect: Dialect, date: Date = new Date()): string | Date {
  return dialect === 'sqlite' ? sqlTime(date) : date;
}

/**
 * A Prisma filter for "contains, ignoring case": SQLite's LIKE ignores ASCII case already;
 * PostgreSQL's needs `mode: 'insensitive'` (ILIKE), which the SQLite client's types do not know.
 */
export function containsText(dialect: Dialect, text: string): { contains: string } {
  return dialect === 'postgres'
    ? ({ contains: text, mode: 'insensitive' } as { contains: string })
    : { contains: text };
}
