import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The integration suites' PostgreSQL server (scripts/postgres.sh): a throw-away cluster on loopback,
 * started once by tests/integration/global-setup.ts and provided to the tests as `postgresUrl`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/postgres.sh');
const DIR = path.join(ROOT, '.tmp/postgres-test');
const run = promisify(execFile);

/** Starts a fresh server in `dir` (stopping one an aborted run left behind) and returns its URL. */
export async function startPostgres(dir = DIR): Promise<string> {
  const { stdout } = await run('bash', [SCRIPT, 'start', dir], { timeout: 120_000 });
  return stdout.trim().split('\n').at(-1)!;
}

export async function stopPostgres(dir = DIR): Promise<void> {
  await run('bash', [SCRIPT, 'stop', dir], { timeout: 60_000 });
}

/** A database outage: the server in `dir` stops (`resume` starts it again on the same port). */
export async function haltPostgres(dir: string): Promise<void> {
  await run('bash', [SCRIPT, 'halt', dir], { timeout: 60_000 });
}

export async function resumePostgres(dir: string): Promise<void> {
  await run('bash', [SCRIPT, 'resume', dir], { timeout: 60_000 });
}

/**
 * The browser suite's server: tests/e2e/start-server.mjs starts it in this folder for Playwright's
 * web server, before any spec runs, and the specs' own servers use it too.
 */
const E2E_DIR = path.join(ROOT, '.tmp/postgres-e2e');
const e2eServerUrl = () => {
  try {
    return fs.readFileSync(path.join(E2E_DIR, 'url'), 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** The test server's URL (global-setup puts it in the environment for the suites' servers). */
export const POSTGRES_SERVER_ENV = 'TEST_POSTGRES_SERVER';

async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty database on the test server, as a first start of the app finds it, for a model
 * context of the PostgreSQL runs; `drop` removes it.
 */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cc_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/**
 * The database of a server's data folder (TEST_DATABASE=postgres, tests/support/server.ts): created
 * on its first start, found again by a restart on the same folder.
 */
export async function databaseFor(dataDir: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env[POSTGRES_SERVER_ENV] ?? e2eServerUrl();
  if (!serverUrl)
    throw new Error(
      `TEST_DATABASE=postgres needs ${POSTGRES_SERVER_ENV} (the integration setup sets it) or the browser suite's server`,
    );
  const name = `cc_${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  return {
    url: databaseUrl(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}
