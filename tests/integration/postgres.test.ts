import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { readMigrations } from '../support/datamodel';
import { freshDatabase, haltPostgres, resumePostgres, startPostgres, stopPostgres } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

/**
 * DATABASE_URL=postgres://… (docs/architecture.md §4): the app migrates an empty database and keeps
 * its data there, several processes starting at once migrate it once, and a PostgreSQL that goes
 * away is a 503 with Retry-After, not a 500 or a hang, until it is back. The rest of the app on
 * PostgreSQL is the integration suite run again with TEST_DATABASE=postgres (scripts/test.mjs).
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rows<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('PostgreSQL at run time', () => {
  let database: { url: string; drop: () => Promise<void> };
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    database = await freshDatabase(inject('postgresUrl'));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  it('two processes starting at once on an empty database migrate it once, and both serve it', async () => {
    const env = { DATABASE_URL: database.url };
    // Both are stopped afterwards even when one of them failed to start.
    const started = await Promise.allSettled([startServer({ env }), startServer({ env })]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const migrations = await rows<{ migration_name: string; finished_at: Date | null }>(
      database.url,
      'SELECT migration_name, finished_at FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(migrations.map((m) => m.migration_name)).toEqual(readMigrations('migrations-postgres').map((m) => m.name));
    expect(migrations.every((m) => m.finished_at !== null)).toBe(true);
    for (const server of servers) {
      const version = await apiClient(() => server.url)('GET', '/version');
      expect(version.body.data.storage).toBe('PostgreSQL');
    }
  });

  it('keeps its data in PostgreSQL: what one process writes, the other reads', async () => {
    const [first, second] = servers as [RunningServer, RunningServer];
    const call = apiClient(() => first.url);
    const created = await call('POST', '/paste', {
      auth: await adminAuth(call),
      body: { content: 'kept in postgres', slug: 'pg-one' },
    });
    expect(created.status, created.text).toBe(200);
    expect(await rows(database.url, 'SELECT content, views FROM pastes WHERE slug = $1', ['pg-one'])).toEqual([
      { content: 'kept in postgres', views: 0 },
    ]);
    const read = await apiClient(() => second.url)('GET', '/paste/pg-one');
    expect(read.status).toBe(200);
    expect(read.body.content).toBe('kept in postgres');
    // The view of a paste without a limit reaches the database with the tally's next flush, a few
    // seconds on, in the paste's row of tallied_views (models/stats/paste-views.server.ts).
    const tallied = 'SELECT t.views FROM tallied_views t JOIN pastes p ON p.id = t.paste_id WHERE p.slug = $1';
    await expect.poll(() => rows(database.url, tallied, ['pg-one']), { timeout: 10_000 }).toEqual([{ views: 1 }]);
    // The SQLite file a server would otherwise make in its data folder is not there.
    const fs = await import('node:fs');
    expect(fs.existsSync(path.join(first.dataDir, 'cloudclip.db'))).toBe(false);
  });
});

describe('PostgreSQL goes away', () => {
  const dir = path.resolve(import.meta.dirname, '../../.tmp/postgres-outage');
  let server: RunningServer;
  const call = apiClient(() => server.url);
  let auth: string;
  beforeAll(async () => {
    const url = await startPostgres(dir);
    server = await startServer({ env: { DATABASE_URL: url } });
    auth = await adminAuth(call);
  });
  afterAll(async () => {
    await server?.stop();
    await stopPostgres(dir);
  });

  it('answers 503 with Retry-After while it is down, readiness says so, and it recovers', async () => {
    expect((await call('POST', '/paste', { auth, body: { content: 'before', slug: 'before' } })).status).toBe(200);
    await haltPostgres(dir);
    try {
      const started = Date.now();
      const write = await call('POST', '/paste', { auth, body: { content: 'during', slug: 'during' } });
      expect(write.status, write.text).toBe(503);
      expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(write.body.error.key).toBe('databaseUnavailable');
      const read = await call('GET', '/paste/before');
      expect(read.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(15_000); // a clear answer, not a hang
      // Liveness does not depend on the database; readiness does (its answer is reused for 5 s).
      expect((await call('GET', '/health')).status).toBe(200);
      await sleep(5_100);
      const ready = await call('GET', '/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body.database.status).toBe('unreachable');
    } finally {
      await resumePostgres(dir);
    }
    const after = await call('GET', '/paste/before');
    expect(after.status, after.text).toBe(200);
    expect(after.body.content).toBe('before');
    expect((await call('POST', '/paste', { auth, body: { content: 'after', slug: 'after' } })).status).toBe(200);
  });
});
