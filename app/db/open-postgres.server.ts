import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '~/generated/prisma-postgres/client';
import { logOf } from '~/log.server';
import type { Db } from './client.server';
import { applyPostgresMigrations } from './migrate-postgres.server';
import { postgresMigrations } from './migrations.server';
import { CONNECT_TIMEOUT_MS, underAdvisoryLock } from './postgres.server';

// Loaded only when DATABASE_URL names PostgreSQL (client.server.ts imports it then): its Prisma
// client is a second generated client, which a server on SQLite need not evaluate at every start.

/** Connections per process: enough for the tasks and requests of one process on 2 cores. */
const POOL_SIZE = 10;
/**
 * Any constant every replica agrees on: the advisory lock that lets one process migrate while the
 * others starting at the same moment wait.
 */
const MIGRATION_LOCK = 7_352_001;

/**
 * Migrates the database behind DATABASE_URL=postgres://… (prisma/migrations-postgres, under an
 * advisory lock so replicas starting together migrate once) and returns a Prisma client on it
 * (docs/architecture.md §4), and the connection pool under it. The PostgreSQL client is generated
 * from the same data model (scripts/prisma-generate.mjs), so it answers the same queries with the
 * same types as the SQLite one; the models see one `Db`. The pool is the models' way to the few
 * hot-path statements without Prisma's ~0.3 ms per query (issue 29): they run on the same
 * connections, as named (prepared) statements.
 */
export async function openPostgres(url: string): Promise<{ db: Db; pool: pg.Pool }> {
  await underAdvisoryLock(url, MIGRATION_LOCK, (client) => applyPostgresMigrations(client, postgresMigrations));
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection the server dropped (a restart, a failover) is replaced on next use; the
  // pool's error event must still be heard, or Node ends the process.
  pool.on('error', (error) => logOf().warn({ err: error }, 'database: an idle connection failed'));
  const db = new PrismaClient({ adapter: new PrismaPg(pool) }) as unknown as Db;
  return { db, pool };
}
