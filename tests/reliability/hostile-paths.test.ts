import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { HOSTILE_PATHS } from '../support/hostile-paths';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/**
 * Issue 42, item 10: a folder share's page, entries and downloads given a hostile `path` answer a
 * 400 or 404 — never a 500, never a byte of what lies outside — and the admin modules' resource
 * routes (the audit log's CSV, stored backups, a backup made now) send a visitor who is not signed
 * in to the login page and a key to its own module, where they answered 500.
 */
describe('reliability: hostile paths and nested admin routes', () => {
  let server: RunningServer;
  let admin: string;
  let slug: string;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer();
    admin = await adminAuth(call);
    await mountLocal(call, admin);
    for (const folder of ['/local/shared', '/local/sharedx'])
      expect((await call('POST', '/fs/mkdir', { auth: admin, body: { path: folder } })).status).toBe(200);
    const secret = await call('POST', '/fs/update', {
      auth: admin,
      body: { path: '/local/sharedx/secret.txt', content: 'outside the share' },
    });
    expect(secret.status).toBe(200);
    const inside = await call('POST', '/fs/update', {
      auth: admin,
      body: { path: '/local/shared/inside.txt', content: 'inside the share' },
    });
    expect(inside.status).toBe(200);
    const shared = await call('POST', '/fs/create-share', { auth: admin, body: { path: '/local/shared/' } });
    expect(shared.status).toBe(200);
    slug = shared.body.data.slug;
  });
  afterAll(() => server?.stop());

  it(`a folder share's page, entries and downloads answer ${HOSTILE_PATHS.length} hostile paths with a 4xx`, async () => {
    // The same share answers a good path, so a refusal below is the path's.
    const good = await fetch(`${server.url}/api/file-download/${slug}?path=/inside.txt`);
    expect(await good.text()).toBe('inside the share');
    const answers: Record<string, number[]> = {};
    for (const spelling of HOSTILE_PATHS) {
      const urls = [`/file/${slug}`, `/api/public/files/${slug}/entries`, `/api/file-download/${slug}`];
      const got = await Promise.all(urls.map((url) => fetch(`${server.url}${url}?path=${spelling}`)));
      for (const answer of got) expect(await answer.text()).not.toContain('outside the share');
      answers[spelling] = got.map((answer) => answer.status);
    }
    const wrong = Object.entries(answers).filter(([, statuses]) => statuses.some((s) => s !== 400 && s !== 404));
    expect(wrong).toEqual([]);
    const last = await fetch(`${server.url}/api/health`);
    expect(await server.logThrough(last.headers.get('x-request-id'))).not.toMatch(/Unhandled page error/);
  });

  it("sends a visitor who is not signed in to the login page, and a key to its own module, from a module's downloads", async () => {
    const key = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'files only', permissions: 2, expires_at: 'never' },
    });
    const page = formClient(() => server.url);
    const keySession = formClient(() => server.url);
    await keySession.loginWithKey(key.body.data.key);
    for (const target of [
      '/admin/audit-log/export.csv',
      '/admin/backups/stored/cloudclip-20260101-000000.tar.gz',
      '/admin/backups/download',
    ]) {
      const anonymous = await page.get(target);
      expect([anonymous.status, anonymous.headers.get('location')], target).toEqual([
        302,
        `/admin/login?redirectTo=${encodeURIComponent(target.split('/').slice(0, 3).join('/'))}`,
      ]);
      const keyed = await keySession.get(target);
      expect([keyed.status, keyed.headers.get('location')], target).toEqual([302, '/admin/file-management']);
    }
  });
});
