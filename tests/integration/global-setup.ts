import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ListBucketsCommand } from '@aws-sdk/client-s3';
import type { TestProject } from 'vitest/node';
import { createS3Client, S3_ENV_VARS, type S3TestEnv } from '../support/s3-env';
import { CASES_FILE, reliabilitySummary } from '../reliability/cases';
import { POSTGRES_SERVER_ENV, startPostgres, stopPostgres } from '../support/postgres';

/**
 * Starts a real S3 server (OpenStack Swift + s3api, scripts/swift-s3.sh) for the integration
 * project, in its own folder and on its own ports so it never touches a developer's instance
 * (default 8081/6210). Override with S3_TEST_PORT / S3_TEST_BASEPORT / S3_TEST_CORS_ORIGINS.
 * Also a throw-away PostgreSQL server (tests/support/postgres.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/swift-s3.sh');
const DIR = path.join(ROOT, '.tmp/swift-s3-test');
const PORT = process.env.S3_TEST_PORT ?? '18081';
const BASEPORT = process.env.S3_TEST_BASEPORT ?? '16210';

const run = promisify(execFile);
const scriptEnv = {
  ...process.env,
  SWIFT_S3_DIR: DIR,
  SWIFT_S3_PORT: PORT,
  SWIFT_S3_BASEPORT: BASEPORT,
  // Test apps listen on random ports, so any origin may talk to this throwaway server.
  SWIFT_S3_CORS_ORIGINS: process.env.S3_TEST_CORS_ORIGINS ?? '*',
};

async function swift(command: 'start' | 'stop'): Promise<void> {
  const { stdout, stderr } = await run('bash', [SCRIPT, command], { env: scriptEnv, timeout: 90_000 });
  process.stdout.write(`[swift-s3 ${command}] ${stdout}${stderr}`);
}

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );
}

interface Shared {
  s3: S3TestEnv;
  postgresUrl: string;
  users: number;
}

/**
 * The integration and reliability projects (vitest.config.ts) each run this setup, in one process,
 * each from its own module graph: the servers are started by the first and kept on globalThis,
 * and stopped by the last teardown.
 */
const SHARED = Symbol.for('cloudclip.integration-servers');
type WithShared = typeof globalThis & { [SHARED]?: Promise<Shared> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as WithShared;
  holder[SHARED] ??= startServers().then((servers) => ({ ...servers, users: 0 }));
  const shared = await holder[SHARED];
  shared.users += 1;
  project.provide('s3', shared.s3);
  project.provide('postgresUrl', shared.postgresUrl);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await stopServers();
  };
}

async function startServers(): Promise<Omit<Shared, 'users'>> {
  fs.rmSync(CASES_FILE, { force: true });
  // An aborted earlier run may have left servers behind: stop them by their PID files, then start fresh.
  await swift('stop');
  if (await answers(`http://127.0.0.1:${PORT}/healthcheck`)) {
    throw new Error(`port ${PORT} is served by a process this test run did not start; set S3_TEST_PORT`);
  }
  fs.rmSync(DIR, { recursive: true, force: true });
  await swift('start');

  const env: S3TestEnv = {
    endpoint: `http://127.0.0.1:${PORT}`,
    accessKeyId: 'test:tester',
    secretAccessKey: 'testing',
    region: 'us-east-1',
  };
  try {
    // Healthchecks pass before auth (tempauth + memcached) is usable: wait for a real signed request.
    const client = createS3Client(env);
    for (let attempt = 0; ; attempt++) {
      try {
        await client.send(new ListBucketsCommand({}));
        break;
      } catch (error) {
        if (attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    client.destroy();
  } catch (error) {
    await swift('stop');
    throw error;
  }

  const postgresUrl = await startPostgres();
  process.env[POSTGRES_SERVER_ENV] = postgresUrl;
  for (const key of Object.keys(S3_ENV_VARS) as (keyof S3TestEnv)[]) process.env[S3_ENV_VARS[key]] = env[key];
  return { s3: env, postgresUrl };
}

async function stopServers(): Promise<void> {
  await swift('stop');
  await stopPostgres();
  // The reliability suite's cases and its "N/M hold" line (tests/reliability/cases.ts).
  const summary = reliabilitySummary();
  if (summary.length) process.stdout.write(`\n${summary.join('\n')}\n`);
}
