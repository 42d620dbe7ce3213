import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery, pgTime, valuesPlaces } from '~/db/postgres.server';
import { sqlTime } from '~/db/time';
import type { DayCount, HostCount } from './recorder.server';

/** How the share statistics' flush adds a slice of rows: all of them or, failing, none. */
export interface StatsWriter {
  days(rows: DayCount[]): Promise<unknown>;
  hosts(rows: HostCount[]): Promise<unknown>;
}

const DAY_COLUMNS = 'kind, share_id, day, views, downloads, bots, first_at, last_at';
const ADD_DAY = `ON CONFLICT (kind, share_id, day) DO UPDATE SET
  views = share_stats.views + excluded.views,
  downloads = share_stats.downloads + excluded.downloads,
  bots = share_stats.bots + excluded.bots,
  last_at = excluded.last_at`;
const HOST_COLUMNS = 'kind, share_id, host, visits';
const ADD_HOST = 'ON CONFLICT (kind, share_id, host) DO UPDATE SET visits = share_referrers.visits + excluded.visits';

const dayValues = (r: DayCount, time: (date: Date) => string) => [
  r.kind,
  r.shareId,
  r.day,
  r.views,
  r.downloads,
  r.bots,
  time(new Date(r.firstAt)),
  time(new Date(r.lastAt)),
];
const hostValues = (r: HostCount) => [r.kind, r.shareId, r.host, r.visits];

/**
 * On SQLite one prepared upsert per row, in one transaction, on the hot-path connection; on
 * PostgreSQL one multi-row upsert on the pool (as the audit log's inserter, decision 0033). Through
 * Prisma each slice was a statement of its own shape, prepared anew: at a million pastes, the flush
 * of 10,000 pastes' days held the event loop 20-40 ms at a time (bench/scale.bench.mjs, decision
 * 0035).
 */
export function statsWriter(sql: Sql | null, pool: Pool | null): StatsWriter {
  if (sql) {
    const day = sql.prepare(`INSERT INTO share_stats (${DAY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ${ADD_DAY}`);
    const host = sql.prepare(`INSERT INTO share_referrers (${HOST_COLUMNS}) VALUES (?, ?, ?, ?) ${ADD_HOST}`);
    const days = sql.transaction((rows: DayCount[]) => {
      for (const row of rows) day.run(...dayValues(row, sqlTime));
    });
    const hosts = sql.transaction((rows: HostCount[]) => {
      for (const row of rows) host.run(...hostValues(row));
    });
    return { days: async (rows) => days(rows), hosts: async (rows) => hosts(rows) };
  }
  return {
    days: (rows) =>
      hotQuery(pool!, {
        text: `INSERT INTO share_stats (${DAY_COLUMNS}) VALUES ${valuesPlaces(rows.length, 8)} ${ADD_DAY}`,
        values: rows.flatMap((row) => dayValues(row, pgTime)),
      }),
    hosts: (rows) =>
      hotQuery(pool!, {
        text: `INSERT INTO share_referrers (${HOST_COLUMNS}) VALUES ${valuesPlaces(rows.length, 4)} ${ADD_HOST}`,
        values: rows.flatMap(hostValues),
      }),
  };
}
