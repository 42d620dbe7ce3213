import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { DatabaseConfig } from '~/config.server';
import { PrismaClient } from '~/generated/prisma/client';
import { applyMigrations } from './migrate.server';
import { migrations } from './migrations.server';

export type Db = PrismaClient;
export type Dialect = DatabaseConfig['dialect'];

export interface OpenDatabase {
  db: Db;
  dialect: Dialect;
  /** SQLite only: the plain connection of the hot-path statements (openHotPathDatabase). */
  sql: Sql | null;
  /** PostgreSQL only: the pool under `db`, for the same hot-path statements (postgres.server.ts). */
  pg: Pool | null;
}

/** Opens the database DATABASE_URL names (docs/architecture.md §4), migrated. */
export async function openDatabase(config: DatabaseConfig): Promise<OpenDatabase> {
  if (config.dialect === 'postgres') {
    const { openPostgres } = await import('./open-postgres.server');
    const { db, pool } = await openPostgres(config.url);
    return { db, dialect: 'postgres', sql: null, pg: pool };
  }
  return { db: await openSqlite(config.file), dialect: 'sqlite', sql: openHotPathDatabase(config.file), pg: null };
}

/**
 * How long a statement waits for a lock another connection holds. Short on purpose: the driver is
 * synchronous, so every millisecond of waiting stops the whole event loop (health checks, reads,
 * pages). A write that still finds the database busy fails with SQLITE_BUSY, which the doors answer
 * with 503 and Retry-After (app/db/errors.ts); WAL keeps reads going meanwhile.
 */
const BUSY_TIMEOUT_MS = 250;

/**
 * Opens (creating if needed) the SQLite database, applies pending migrations, and returns a Prisma
 * client on it. Pragmas are set explicitly: WAL (readers never block the writer), a short busy
 * timeout (see BUSY_TIMEOUT_MS), synchronous=NORMAL (safe with WAL, much faster).
 */
async function openSqlite(file: string): Promise<Db> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const raw = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    raw.pragma('journal_mode = WAL');
    raw.pragma('foreign_keys = ON');
    applyMigrations(raw, migrations);
    assertWritable(raw, file);
  } finally {
    raw.close();
  }
  const adapter = new PrismaBetterSqlite3({ url: file, timeout: BUSY_TIMEOUT_MS });
  const prisma = new PrismaClient({ adapter });
  await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await prisma.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
  await prisma.$queryRawUnsafe('PRAGMA foreign_keys = ON');
  await prisma.$queryRawUnsafe(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return prisma;
}

/**
 * Refuses to start on a database that cannot be written (a read-only file or mount), with a message
 * that says so, instead of starting and failing every write (docs/architecture.md §4). SQLite opens
 * such a file read-only without a word, so the probe writes — inside a transaction it rolls back.
 */
function assertWritable(raw: Database.Database, file: string): void {
  try {
    raw.exec('BEGIN IMMEDIATE');
    raw.exec('CREATE TABLE _cloudclip_write_probe (x)');
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
      throw new Error(
        `The database ${file} cannot be written (${code}): Cloudclip needs to write to it. ` +
          'Check the permissions of the file, of its -wal and -shm files and of its folder, and that the disk is not mounted read-only.',
      );
    throw error;
  } finally {
    if (raw.inTransaction) raw.exec('ROLLBACK');
  }
}

export type Sql = Database.Database;

/**
 * A second, plain better-sqlite3 connection for the few hottest statements (a public paste view),
 * as prepared statements: Prisma costs about 0.3 ms per query here, a prepared statement 0.02 ms
 * (measured by bench/pastes.bench.mjs). Everything else goes through Prisma.
 */
function openHotPathDatabase(file: string): Sql {
  const sql = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  sql.pragma('journal_mode = WAL');
  sql.pragma('synchronous = NORMAL');
  sql.pragma('foreign_keys = ON');
  return sql;
}
