import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '~/generated/prisma-postgres/client';
import type { Db } from './client.server';
import { applyPostgresMigrations } from './migrate-postgres.server';
import { postgresMigrations } from './migrations.server';

/**
 * How long a request waits for a connection (to the server, or from a full pool) before it fails:
 * a PostgreSQL that is down or saturated answers 503 with Retry-After (app/storage/errors.ts), not a
 * hang.
 */
const CONNECT_TIMEOUT_MS = 5000;
/** Connections per process: enough for the tasks and requests of one process on 2 cores. */
const POOL_SIZE = 10;

/**
 * Migrates the database behind DATABASE_URL=postgres://… (prisma/migrations-postgres, under an
 * advisory lock so replicas starting together migrate once) and returns a Prisma client on it
 * (docs/architecture.md §4). The PostgreSQL client is generated from the same data model
 * (scripts/prisma-generate.mjs), so it answers the same queries with the same types as the SQLite
 * one; the models see one `Db`.
 */
export async function openPostgres(url: string): Promise<Db> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  await client.connect();
  try {
    await applyPostgresMigrations(client, postgresMigrations);
  } finally {
    await client.end();
  }
  const adapter = new PrismaPg(
    { connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    {
      // An idle connection the server dropped (a restart, a failover) is replaced on next use; the
      // pool's error event must still be heard, or Node ends the process.
      onPoolError: (error) => console.warn(`database: an idle connection failed: ${error.message}`),
    },
  );
  return new PrismaClient({ adapter }) as unknown as Db;
}
