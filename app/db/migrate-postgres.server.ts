import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { pendingMigrations, type AppliedRow, type Migration } from './migrate.server';

/** Prisma's own bookkeeping table, in its PostgreSQL form (the SQLite runner keeps the same rows). */
const BOOKKEEPING_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/**
 * Applies prisma/migrations-postgres in name order (decision 0004, for PostgreSQL): each migration and
 * its bookkeeping row in one transaction, since PostgreSQL's DDL is transactional. The caller holds
 * the migration lock (postgres.server.ts). Returns the names applied by this call.
 */
export async function applyPostgresMigrations(client: pg.ClientBase, migrations: Migration[]): Promise<string[]> {
  await client.query(BOOKKEEPING_TABLE);
  const { rows } = await client.query<AppliedRow>(
    'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
  );
  const pending = pendingMigrations(rows, migrations);
  for (const migration of pending) {
    await client.query('BEGIN');
    try {
      const id = randomUUID();
      await client.query(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, applied_steps_count) VALUES ($1, $2, $3, 0)',
        [id, migration.checksum, migration.name],
      );
      await client.query(migration.sql);
      await client.query('UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1', [
        id,
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
  return pending.map((m) => m.name);
}
