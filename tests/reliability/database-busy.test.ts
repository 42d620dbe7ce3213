import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

describe('reliability: a database another process holds locked', () => {
  let server: RunningServer;
  let auth: string;
  let slug: string;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer();
    auth = await adminAuth(call);
    slug = (await call('POST', '/paste', { auth, body: { content: 'readable' } })).body.slug;
  });
  afterAll(() => server?.stop());

  it('writes answer 503 with Retry-After at once, reads and health keep answering, and it recovers', async () => {
    // A second connection holds the write lock, as a backup tool or another process might.
    const locker = new Database(path.join(server.dataDir, 'cloudclip.db'));
    locker.exec('BEGIN IMMEDIATE');
    try {
      const started = Date.now();
      const write = await call('POST', '/paste', { auth, body: { content: 'waits' } });
      expect(write.status).toBe(503);
      expect(write.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(write.body.error.key).toBe('databaseBusy');
      expect(Date.now() - started).toBeLessThan(2000);

      const healthStarted = Date.now();
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(Date.now() - healthStarted).toBeLessThan(1000);
      const list = await call('GET', '/pastes', { auth });
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body.data)).toContain(slug);
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
    expect((await call('POST', '/paste', { auth, body: { content: 'now it fits' } })).status).toBe(200);
  });
});
