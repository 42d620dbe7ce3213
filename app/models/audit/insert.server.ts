import type { Pool } from 'pg';
import type { Sql } from '~/db/client.server';
import { hotQuery, pgTime, valuesPlaces } from '~/db/postgres.server';
import { sqlTime } from '~/db/time';
import type { AuditRow } from './writer.server';

const COLUMNS = 'at, actor_kind, actor_id, actor_name, address, action, target, result, request_id, door, detail';

const values = (row: AuditRow, time: (date: Date) => string) => [
  time(row.at),
  row.actorKind,
  row.actorId,
  row.actorName,
  row.address,
  row.action,
  row.target,
  row.result,
  row.requestId,
  row.door,
  row.detail,
];

/**
 * How the audit queue writes a batch (decision 0033): on SQLite one prepared INSERT per row in one
 * transaction on the hot-path connection, on PostgreSQL one multi-row INSERT on the pool. Prisma's
 * createMany cost a create of a paste a third of its rate (bench/pastes.bench.mjs, "create"). The
 * columns follow the schema; the schema drift test holds them to it.
 */
export function auditInserter(sql: Sql | null, pool: Pool | null): (rows: AuditRow[]) => Promise<unknown> {
  if (sql) {
    const insert = sql.prepare(`INSERT INTO audit_events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const all = sql.transaction((rows: AuditRow[]) => {
      for (const row of rows) insert.run(...values(row, sqlTime));
    });
    return async (rows) => all(rows);
  }
  return (rows) => {
    const text = `INSERT INTO audit_events (${COLUMNS}) VALUES ${valuesPlaces(rows.length, 11)}`;
    return hotQuery(pool!, { text, values: rows.flatMap((row) => values(row, pgTime)) });
  };
}
