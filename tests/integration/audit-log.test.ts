import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * The audit log through the real doors (issue 32, decision 0033), on SQLite and PostgreSQL: each
 * door stamps its events with the client's address, the request id of its log line and its name;
 * Admin → Audit log filters them and exports them as CSV; queued events are written before a
 * graceful shutdown, so none is lost across a restart. What each model records is proven by
 * app/models/audit/audit.test.ts.
 */
const PASSWORD = 'audit-log-password';
const WEBDAV = 65536 | 131072;
const basic = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;

type Row = Record<string, string>;

/** The export's CSV (every cell quoted, quotes doubled; no line breaks in these cells) as rows by column. */
function parseCsv(text: string): Row[] {
  const [head, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));
  const columns = cells(head!);
  return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [columns[i]!, cell])));
}

describe('audit log through the doors', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);
  const dav = (method: string, path: string, auth: string, body?: string) =>
    fetch(`${server.url}/dav${path}`, { method, headers: { Authorization: auth }, body });
  /** The events the CSV export gives for a query, newest first. */
  const exported = async (query: string) => {
    const res = await page.get(`/admin/audit-log/export.csv?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cloudclip-audit-\d{4}-\d\d-\d\d\.csv"/,
    );
    return parseCsv(await res.text());
  };

  beforeAll(async () => {
    server = await startServer({ adminPassword: PASSWORD, keepData: true });
    admin = await adminAuth(call, 'admin', PASSWORD);
    await mountLocal(call, admin);
    await page.login('admin', PASSWORD);
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  it('records a failed sign-in with the address and the request id the answer carried', async () => {
    const failed = await call('POST', '/admin/login', { body: { username: 'admin', password: 'guess' } });
    expect(failed.status).toBe(401);
    const requestId = failed.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{16}$/);
    const [event] = await exported('action=auth.loginFailed');
    expect(event).toMatchObject({
      actor_kind: 'anonymous',
      target: 'admin',
      result: 'failed',
      door: 'api',
      request_id: requestId,
      address: expect.stringMatching(/127\.0\.0\.1$/),
      detail: 'invalidCredentials',
    });
    expect(JSON.stringify(event)).not.toContain('guess');
  });

  it('records WebDAV writes and deletes as the key that made them, through WebDAV', async () => {
    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'dav-sync', permissions: WEBDAV, expires_at: 'never' },
    });
    const key = made.body.data.key as string;
    const put = await dav('PUT', '/local/report.txt', basic(key, key), 'quarterly');
    expect(put.status).toBe(201);
    expect((await dav('DELETE', '/local/report.txt', basic(key, key))).status).toBe(204);
    const wrong = await dav('PROPFIND', '/local/', basic('admin', 'not-it'));
    expect(wrong.status).toBe(401);

    const byKey = await exported('actor=dav-sync');
    expect(byKey.map((e) => [e.action, e.target, e.door, e.actor_kind])).toEqual([
      ['fs.delete', '/local/report.txt', 'webdav', 'apikey'],
      ['fs.write', '/local/report.txt', 'webdav', 'apikey'],
    ]);
    expect(byKey[1]!.request_id).toBe(put.headers.get('x-request-id'));
    expect(byKey[1]!.detail).toBe('9 B');
    const [basicFailed] = await exported('action=auth.loginFailed&target=admin');
    expect(basicFailed).toMatchObject({ door: 'webdav', request_id: wrong.headers.get('x-request-id') });
  });

  it('records explorer uploads through the API and key changes, filtered by group on the page', async () => {
    const form = new FormData();
    form.set('path', '/local/');
    form.set('file', new Blob(['hello']), 'explorer.txt');
    const upload = await fetch(`${server.url}/api/fs/upload`, {
      method: 'POST',
      headers: { Authorization: admin },
      body: form,
    });
    expect(upload.status).toBe(200);
    const fsEvents = await exported('action=fs.&actor=admin');
    expect(fsEvents[0]).toMatchObject({
      action: 'fs.write',
      target: '/local/explorer.txt',
      door: 'api',
      detail: '5 B',
    });

    const html = await (await page.get('/admin/audit-log?action=apikey.')).text();
    expect(html).toContain('dav-sync');
    expect(html).toContain('Created a key');
    expect(html).not.toContain('/local/explorer.txt'); // another group
  });

  it('saves the retention from its form, and refuses a value out of range beside the field', async () => {
    const saved = await page.post('/admin/audit-log', { retention_days: '14' });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe('/admin/audit-log?saved');
    expect(await (await page.get('/admin/audit-log?saved')).text()).toContain('kept for 14 days');
    const refused = await page.post('/admin/audit-log', { retention_days: '0' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('from 1 to 3650');
    const [setting] = await exported('action=settings.update');
    expect(setting).toMatchObject({ target: 'audit_retention_days', detail: '14', door: 'page', actor_name: 'admin' });
  });

  it('writes queued events before a graceful shutdown: none is lost across a restart', async () => {
    // A paste, then SIGTERM straight away: its event is at most queued when the shutdown begins.
    const created = await call('POST', '/paste', { auth: admin, body: { content: 'last words', slug: 'audit-last' } });
    expect(created.status).toBe(200);
    await server.stop();
    server = await startServer({ adminPassword: PASSWORD, dataDir: server.dataDir, keepData: true });
    await page.login('admin', PASSWORD);
    const [event] = await exported('action=paste.create');
    expect(event).toMatchObject({ target: 'audit-last', actor_name: 'admin', door: 'api' });
  });

  it('shows the log to admins only: a key is sent elsewhere, and its CSV is refused', async () => {
    const made = await call('POST', '/admin/api-keys', {
      auth: admin,
      body: { name: 'texts-only', permissions: 1, expires_at: 'never' },
    });
    const login = await fetch(`${server.url}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ mode: 'apikey', apiKey: made.body.data.key }),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const asKey = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual', headers: { Cookie: cookie } });
    const pageAnswer = await asKey('/admin/audit-log');
    expect(pageAnswer.status).toBe(302);
    expect(pageAnswer.headers.get('location')).not.toContain('audit');
    const csv = await asKey('/admin/audit-log/export.csv');
    expect(csv.status).not.toBe(200);
    expect(await csv.text()).not.toContain('auth.login');
  });
});
