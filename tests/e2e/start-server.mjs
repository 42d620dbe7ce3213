// Playwright's webServer: the production build on a fresh data folder. Run after `npm run build`.
// It runs build/server.js in this same process, so Playwright's stop signal reaches the server's own
// graceful shutdown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '../..');
// E2E_BUILD_DIR runs another copy of the build (e.g. a snapshot taken while others rebuild build/).
const entry = path.join(path.resolve(root, process.env.E2E_BUILD_DIR ?? 'build'), 'server.js');
if (!fs.existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` before Playwright`);
  process.exit(1);
}

const dataDir = path.join(root, '.tmp/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// TEST_DATABASE=postgres (scripts/test.mjs): the app on a throw-away PostgreSQL server of its own
// (scripts/postgres.sh), removed when the server process ends. Specs that start servers of their own
// find it there too (tests/support/postgres.ts).
if (process.env.TEST_DATABASE === 'postgres') {
  const dir = path.join(root, '.tmp/postgres-e2e');
  const script = path.join(root, 'scripts/postgres.sh');
  const started = spawnSync('bash', [script, 'start', dir], { encoding: 'utf8' });
  if (started.status !== 0) {
    console.error(`PostgreSQL did not start:\n${started.stderr}`);
    process.exit(1);
  }
  process.env.DATABASE_URL = started.stdout.trim().split('\n').at(-1);
  process.on('exit', () => spawnSync('bash', [script, 'stop', dir]));
}

Object.assign(process.env, {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: process.env.E2E_PORT ?? '18787',
  S3_PORT: '0',
  DATA_DIR: dataDir,
  ADMIN_USERNAME: 'admin',
  ADMIN_PASSWORD: 'e2e-admin-password',
});

await import(pathToFileURL(entry).href);
