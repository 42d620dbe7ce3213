import { afterAll, inject } from 'vitest';
import { freshDatabase } from '../support/postgres';
import { searchIndexCases } from '../support/search-index-cases';

// The search index's cases (tests/support/search-index-cases.ts) on PostgreSQL: the pg_trgm form of
// app/storage/vfs/search-index-postgres.server.ts, each case on a database of its own.
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

searchIndexCases(async () => {
  const database = await freshDatabase(inject('postgresUrl'));
  drops.push(database.drop);
  return { DATABASE_URL: database.url };
});
