import type { Migration } from './migrate.server';

// Bundled into the server build by Vite, so a deployed app needs no prisma/ folder at run time.
const sqliteFiles = import.meta.glob<string>('../../prisma/migrations/*/migration.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const postgresFiles = import.meta.glob<string>('../../prisma/migrations-postgres/*/migration.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const listed = (files: Record<string, string>): Migration[] =>
  Object.entries(files).map(([file, sql]) => ({ name: file.split('/').at(-2)!, sql }));

/** prisma/migrations: the SQLite history. */
export const migrations = listed(sqliteFiles);
/** prisma/migrations-postgres: the same history for PostgreSQL (docs/architecture.md §4). */
export const postgresMigrations = listed(postgresFiles);
