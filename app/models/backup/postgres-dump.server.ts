import { createReadStream, createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { applyPostgresMigrations } from '~/db/migrate-postgres.server';
import { postgresMigrations } from '~/db/migrations.server';
import { AppError } from '~/lib/errors';
import type { ArchiveWriter } from './archive.server';
import { SHARE_OBJECTS_SQL, type ShareObject } from './listing.server';

/**
 * The PostgreSQL database in a backup (decision 0032): each table's rows as JSON lines, as
 * PostgreSQL itself writes them (`row_to_json`) inside one REPEATABLE READ READ ONLY transaction, a
 * snapshot the app writes past; a restore migrates an empty database to the backup's migrations,
 * reads the rows back with `json_populate_recordset` (PostgreSQL's own conversions both ways, so no
 * value changes type on the way), then applies any newer migration. No pg_dump binary is needed, and
 * none of its version has to match the server's.
 */

export const TABLES_PREFIX = 'database/postgres/';
const BOOKKEEPING = '_prisma_migrations';
const BATCH = 500;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema's tables, parents before the tables whose foreign keys point at them. */
async function tablesInOrder(client: pg.ClientBase): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema() ORDER BY c.relname`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint c
         JOIN pg_class ch ON ch.oid = c.conrelid JOIN pg_class pa ON pa.oid = c.confrelid
         JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE c.contype = 'f' AND n.nspname = current_schema()`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const edge of edges) if (edge.child === table && edge.parent !== table) place(edge.parent, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, new Set());
  return ordered.filter((t) => t !== BOOKKEEPING);
}

/** Adds every table's rows to the archive; answers the snapshot's migrations and share objects. */
export async function dumpPostgres(
  pool: pg.Pool,
  writer: ArchiveWriter,
  scratch: string,
): Promise<{ migrations: string[]; objects: ShareObject[] }> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = (
      await client.query<{ migration_name: string }>(
        `SELECT migration_name FROM ${BOOKKEEPING} WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
      )
    ).rows.map((r) => r.migration_name);
    for (const table of await tablesInOrder(client)) {
      const file = path.join(scratch, `${table}.jsonl`);
      const out = createWriteStream(file);
      await client.query(
        `DECLARE dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS row FROM ${quoted(table)} t`,
      );
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`FETCH ${BATCH} FROM dump`);
        if (!rows.length) break;
        if (!out.write(rows.map((r) => r.row).join('\n') + '\n'))
          await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      }
      await client.query('CLOSE dump');
      out.end();
      await finished(out);
      const { size } = await fsp.stat(file);
      await writer.add(`${TABLES_PREFIX}${table}.jsonl`, size, createReadStream(file));
      await fsp.rm(file);
    }
    const objects = (await client.query<ShareObject>(SHARE_OBJECTS_SQL)).rows;
    await client.query('COMMIT');
    return { migrations, objects };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Refuses a database that holds any table. */
export async function assertEmptyPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema()`,
    );
    if (Number(rows[0]!.n) > 0) throw new AppError('conflict', 'restoreTargetNotEmpty', { path: 'DATABASE_URL' });
  } finally {
    await client.end();
  }
}

/**
 * Fills the empty database at `url`: the backup's migrations, its rows (one table at a time, as
 * `tables` gives them, in the dump's order), the sequences past the highest ids, then any newer
 * migration. Anything failing on the way drops what it made: the database is empty again.
 */
export async function loadPostgres(
  url: string,
  backupMigrations: string[],
  tables: AsyncIterable<{ table: string; stream: Readable }>,
): Promise<void> {
  const known = new Set(postgresMigrations.map((m) => m.name));
  const unknown = backupMigrations.find((name) => !known.has(name));
  if (unknown) throw new AppError('invalid', 'backupUnknownVersion', { version: unknown });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const theirs = new Set(backupMigrations);
    await applyPostgresMigrations(
      client,
      postgresMigrations.filter((m) => theirs.has(m.name)),
    );
    await client.query('BEGIN');
    for await (const { table, stream } of tables) {
      let batch: string[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await client.query(
          `INSERT INTO ${quoted(table)} SELECT * FROM json_populate_recordset(NULL::${quoted(table)}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        batch = [];
      };
      for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
        if (line) batch.push(line);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    const serials = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_default LIKE 'nextval(%'`,
    );
    for (const { table_name: table, column_name: column } of serials.rows)
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(MAX(${quoted(column)}), 1), MAX(${quoted(column)}) IS NOT NULL) FROM ${quoted(table)}`,
        [quoted(table), column],
      );
    await client.query('COMMIT');
    await applyPostgresMigrations(client, postgresMigrations);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    const made = await client.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname = current_schema()`,
    );
    for (const { name } of made.rows) await client.query(`DROP TABLE IF EXISTS ${quoted(name)} CASCADE`);
    throw error;
  } finally {
    await client.end();
  }
}
