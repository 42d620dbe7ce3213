import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts: tests need the "~" alias, not the React Router build plugin.
const alias = { '~': path.resolve(import.meta.dirname, 'app') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['app/**/*.test.ts', 'app/**/*.test.tsx', 'tests/lint/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts', 'tests/reliability/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // TEST_DATABASE=postgres (scripts/test.mjs): every server on PostgreSQL. Left out: what only
          // SQLite has (its file's schema, a locked, read-only or full database file) and the files
          // that test PostgreSQL whichever way the suite runs.
          exclude:
            process.env.TEST_DATABASE === 'postgres'
              ? [
                  'tests/integration/schema-drift.test.ts',
                  'tests/reliability/database-busy.test.ts',
                  'tests/reliability/read-only-database.test.ts',
                  'tests/reliability/disk-full.test.ts',
                  'tests/integration/postgres.test.ts',
                  'tests/integration/schema-drift-postgres.test.ts',
                  'tests/integration/search-index-postgres.test.ts',
                  'tests/integration/replicas.test.ts',
                ]
              : [],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Integration suites start servers; run the files one after another on the two cores.
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
      {
        // The Docker image, built with buildah (scripts/image.sh): a step of its own in `npm test`.
        resolve: { alias },
        test: {
          name: 'image',
          include: ['tests/image/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          pool: 'forks',
          poolOptions: { forks: { singleFork: true } },
        },
      },
    ],
  },
});
