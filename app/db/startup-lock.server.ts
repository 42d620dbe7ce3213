import pg from 'pg';
import type { DatabaseConfig } from '~/config.server';

/** Not the migration lock (migrate-postgres.server.ts): migrating happens before, on its own. */
const FIRST_START_LOCK = 7_352_002;

/**
 * Runs a process's start-up writes (default settings, the embedded storage, the first admin) while
 * no other process runs its own: on PostgreSQL, replicas starting together would otherwise each find
 * an empty table and each seed it (docs/architecture.md §4). A session advisory lock on a connection
 * of its own, released however `fn` ends. On SQLite a database file has one process.
 */
export async function exclusivelyAtStart<T>(database: DatabaseConfig, fn: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return fn();
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [FIRST_START_LOCK]);
    return await fn();
  } finally {
    await client.end(); // ending the session releases its advisory locks
  }
}
