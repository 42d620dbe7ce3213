import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

describe('reliability: a database another process holds locked', () => {
  let server: RunningServer;
  let auth: string;
  let slug: string;
  const call = apiClient(() => server.url);

  const browser = formClient(() => server.url);
  let limited: string;

  beforeAll(async () => {
    server = await startServer();
    auth = await adminAuth(call);
    slug = (await call('POST', '/paste', { auth, body: { content: 'readable' } })).body.slug;
    limited = (await call('POST', '/paste', { auth, body: { content: 'counted', maxViews: 5 } })).body.slug;
    await browser.login();
  });
  afterAll(() => server?.stop());

  /** Runs `check` while a second connection holds the write lock, as a backup tool or another process might. */
  async function whileLocked(check: () => Promise<void>) {
    const locker = new Database(path.join(server.dataDir, 'cloudclip.db'));
    locker.exec('BEGIN IMMEDIATE');
    try {
      await check();
    } finally {
      locker.exec('ROLLBACK');
      locker.close();
    }
  }

  it('pages answer 503 with Retry-After (never 500), and a paste without a view limit stays readable', async () => {
    await whileLocked(async () => {
      // The view cannot be counted: without a limit the paste shows anyway, on the page and the API.
      const page = await browser.get(`/paste/${slug}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('readable');
      expect((await call('GET', `/paste/${slug}`)).body.content).toBe('readable');
      // With a limit the count is the limit: opening the page counts nothing (it asks for a
      // reveal), and the reveal is refused with the reason.
      expect((await browser.get(`/paste/${limited}`)).status).toBe(200);
      const refused = await browser.post(`/paste/${limited}`, { intent: 'reveal' });
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.text()).toContain('this view cannot be counted right now');
      expect((await call('GET', `/paste/${limited}`)).body.error.key).toBe('viewNotCounted');

      // A form post that must write: the form comes back with the reason and a 503.
      const create = await browser.post('/', { content: 'waits for the lock', expiry: 'never' });
      expect(create.status).toBe(503);
      expect(create.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await create.text()).toContain('waits for the lock');
      // Pages that only read keep working for the logged-in admin.
      expect((await browser.get('/admin/text-management')).status).toBe(200);
    });
    expect((await call('GET', `/paste/${limited}`)).body.views).toBe(1);
  });

  it('writes answer 503 with Retry-After at once, reads and health keep answering, and it recovers', async () => {
    await whileLocked(async () => {
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
    });
    expect((await call('POST', '/paste', { auth, body: { content: 'now it fits' } })).status).toBe(200);
  });
});
