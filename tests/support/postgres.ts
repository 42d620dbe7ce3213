import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

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

/** Starts a fresh server (stopping one an aborted run left behind) and returns its URL. */
export async function startPostgres(): Promise<string> {
  const { stdout } = await run('bash', [SCRIPT, 'start', DIR], { timeout: 120_000 });
  return stdout.trim().split('\n').at(-1)!;
}

export async function stopPostgres(): Promise<void> {
  await run('bash', [SCRIPT, 'stop', DIR], { timeout: 60_000 });
}
