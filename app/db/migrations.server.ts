import type { Migration } from './migrate.server';

// Bundled into the server build by Vite, so a deployed app needs no prisma/ folder at run time.
const files = import.meta.glob<string>('../../prisma/migrations/*/migration.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const migrations: Migration[] = Object.entries(files).map(([file, sql]) => ({
  name: file.split('/').at(-2)!,
  sql,
}));
