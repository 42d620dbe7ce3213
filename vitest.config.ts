import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { passFiles } from './tests/passes';

// Kept apart from vite.config.ts: tests need the "~" alias, not the React Router build plugin.
const alias = { '~': path.resolve(import.meta.dirname, 'app') };

/** A project of the integration tier: the files under `folder` (of the pass TEST_PASS names, if any). */
function integrationProject(name: string, folder: string, groupOrder: number, forks: { singleFork?: true }) {
  const pass = passFiles(process.env.TEST_PASS);
  return {
    resolve: { alias },
    test: {
      name,
      environment: 'node',
      globalSetup: ['tests/integration/global-setup.ts'],
      include: pass ? pass.filter((file) => file.startsWith(folder)) : [`${folder}**/*.test.ts`],
      testTimeout: 60_000,
      hookTimeout: 120_000,
      pool: 'forks' as const,
      poolOptions: { forks },
      // Projects of a lower group finish before the next group starts.
      sequence: { groupOrder },
    },
  };
}

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
      // The doors and real parts: two projects over one global setup (Swift and PostgreSQL, started
      // once, tests/integration/global-setup.ts). The integration files each start their own servers,
      // buckets and databases, so they run side by side (`npm test` asks for two workers: vitest's
      // default on two cores is one). The reliability files come after them, one at a time: they
      // freeze the shared S3 server, fill disks and kill processes, and time what a busy neighbour
      // would slow down.
      integrationProject('integration', 'tests/integration/', 0, {}),
      integrationProject('reliability', 'tests/reliability/', 1, { singleFork: true }),
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
