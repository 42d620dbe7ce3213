import { createHash, randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';

export interface Migration {
  /** Folder name under prisma/migrations, e.g. "0001_init". */
  name: string;
  sql: string;
}

/**
 * Applies SQL migrations in name order, keeping Prisma's own `_prisma_migrations` bookkeeping
 * (same table, sha256 checksums), so `prisma migrate deploy` on a machine that has Prisma's schema
 * engine agrees with what we applied. We cannot ship that engine, hence this runner.
 */
const BOOKKEEPING_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * The migrations still to apply, in name order, given the bookkeeping rows already there. Refuses a
 * database a migration failed on half-way, and a migration edited after it was applied. Shared by
 * the SQLite runner below and the PostgreSQL one (migrate-postgres.server.ts).
 */
export function pendingMigrations(rows: AppliedRow[], migrations: Migration[]): (Migration & { checksum: string })[] {
  const done = new Map<string, AppliedRow>();
  for (const row of rows) {
    if (row.rolled_back_at) continue;
    if (!row.finished_at) {
      throw new Error(
        `Migration ${row.migration_name} failed earlier and left the database half-migrated; restore a backup or fix it by hand`,
      );
    }
    done.set(row.migration_name, row);
  }
  const pending: (Migration & { checksum: string })[] = [];
  for (const migration of [...migrations].sort((a, b) => a.name.localeCompare(b.name))) {
    const checksum = checksumOf(migration.sql);
    const previous = done.get(migration.name);
    if (!previous) pending.push({ ...migration, checksum });
    else if (previous.checksum !== checksum)
      throw new Error(`Migration ${migration.name} was edited after it was applied (checksum mismatch)`);
  }
  return pending;
}

/** Returns the names of the migrations applied by this call. */
export function applyMigrations(db: Database.Database, migrations: Migration[]): string[] {
  db.exec(BOOKKEEPING_TABLE);
  const rows = db
    .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"')
    .all() as AppliedRow[];
  const pending = pendingMigrations(rows, migrations);
  for (const migration of pending) {
    const id = randomUUID();
    // One transaction per migration: a failure leaves no half-applied schema and no bookkeeping row.
    db.transaction(() => {
      db.prepare(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, 0)',
      ).run(id, migration.checksum, migration.name, Date.now());
      db.exec(migration.sql);
      db.prepare('UPDATE "_prisma_migrations" SET finished_at = ?, applied_steps_count = 1 WHERE id = ?').run(
        Date.now(),
        id,
      );
    })();
  }
  return pending.map((m) => m.name);
}
