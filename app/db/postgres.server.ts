import pg from 'pg';
import { databaseUnavailable } from './errors';

/**
 * How long a request waits for a connection (to the server, or from a full pool) before it fails:
 * a PostgreSQL that is down or saturated answers 503 with Retry-After (app/db/errors.ts), not a
 * hang.
 */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * Runs `fn` on a connection of its own that holds a session advisory lock: one process at a time,
 * across replicas. Ending the session releases the lock, however `fn` ends.
 */
export async function underAdvisoryLock<T>(
  url: string,
  lock: number,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [lock]);
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** PostgreSQL's OID of `timestamp without time zone`, the type of Prisma's DateTime columns. */
const TIMESTAMP_OID = 1114;

/**
 * Query types for the hot-path statements: `timestamp(3)` values are UTC (Prisma writes them so),
 * read as UTC whatever the process's time zone (pg would read them as local time).
 */
export const utcTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID
      ? (text: string) => new Date(`${text.replace(' ', 'T')}Z`)
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A hot-path statement on the pool. pg's errors of the server (SQLSTATE) go to app/db/errors.ts as
 * they are; a connection that cannot be made or was lost is a socket error, which would read as any
 * client's network failure (a storage's): here it is the database's, 503 with Retry-After.
 */
export async function hotQuery<R extends pg.QueryResultRow>(pool: pg.Pool, query: pg.QueryConfig): Promise<R[]> {
  try {
    return (await pool.query<R>(query)).rows;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    throw typeof code === 'string' && /^E[A-Z]+$/.test(code) ? databaseUnavailable() : error;
  }
}

/** `($1, $2), ($3, $4)`: the VALUES of a multi-row hot-path statement of `rows` rows of `width`. */
export const valuesPlaces = (rows: number, width: number): string =>
  Array.from(
    { length: rows },
    (_, i) => `(${Array.from({ length: width }, (_, j) => `$${i * width + j + 1}`).join(', ')})`,
  ).join(', ');

/** A time as a `timestamp(3)` parameter of a hot-path statement: UTC, as Prisma writes it. */
export const pgTime = (date: Date = new Date()): string => date.toISOString().slice(0, -1);
