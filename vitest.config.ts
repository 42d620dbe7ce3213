import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { passFiles } from './tests/passes';

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
          environment: 'node',
          // Swift (the S3 server) and a throw-away PostgreSQL for the whole run.
          globalSetup: ['tests/integration/global-setup.ts'],
          // TEST_PASS=postgres (scripts/test.mjs): the files of that pass only (tests/passes.ts).
          include: passFiles(process.env.TEST_PASS) ?? [
            'tests/integration/**/*.test.ts',
            'tests/reliability/**/*.test.ts',
          ],
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
