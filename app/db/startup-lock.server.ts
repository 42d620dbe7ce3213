import type { DatabaseConfig } from '~/config.server';
import { underAdvisoryLock } from './postgres.server';

/** Not the migration lock (postgres.server.ts): migrating happens before, on its own. */
const FIRST_START_LOCK = 7_352_002;

/**
 * Runs a process's start-up writes (default settings, the embedded storage, the first admin) while
 * no other process runs its own: on PostgreSQL, replicas starting together would otherwise each find
 * an empty table and each seed it (docs/architecture.md §4). On SQLite a database file has one process.
 */
export async function exclusivelyAtStart<T>(database: DatabaseConfig, fn: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return fn();
  return underAdvisoryLock(database.url, FIRST_START_LOCK, fn);
}
