import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { startServer, type RunningServer } from '../support/server';

/**
 * Per-share statistics through the real doors (issue 32, decision 0035), on SQLite and PostgreSQL:
 * chat apps' link previews read share pages without using up a view and are counted apart; views,
 * downloads and the sites visitors came from reach the owner's page and the admin list's preview.
 */
const PASSWORD = 'share-stats-password';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PREVIEWS = [
  'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'facebookexternalhit/1.1',
  'Discordbot/2.0',
];

describe('share statistics through the doors', () => {
  let server: RunningServer;
  let admin: string;
  const call = apiClient(() => server.url);
  const owner = formClient(() => server.url);
  const visit = (path: string, agent: string, referer?: string) =>
    fetch(`${server.url}${path}`, {
      headers: { 'User-Agent': agent, 'Accept-Language': 'en', ...(referer && { Referer: referer }) },
    });

  beforeAll(async () => {
    server = await startServer({ adminPassword: PASSWORD });
    admin = await adminAuth(call, 'admin', PASSWORD);
    await owner.login('admin', PASSWORD);
  });
  afterAll(() => server.stop());

  it('lets link previews read a limited paste’s page and raw link without using a view, and counts them apart', async () => {
    const made = await call('POST', '/paste', {
      auth: admin,
      body: { content: 'once', slug: 'stats-once', maxViews: 1 },
    });
    expect(made.status).toBe(200);
    for (const agent of PREVIEWS) expect((await visit('/paste/stats-once', agent)).status).toBe(200);
    const raw = await visit('/api/raw/stats-once', PREVIEWS[0]!);
    expect(raw.status).toBe(403);
    expect(await raw.text()).toContain('open the link in a browser');
    const list = await call('GET', '/pastes', { auth: admin });
    const stored = (list.body.data.pastes ?? list.body.data).find((p: { slug: string }) => p.slug === 'stats-once');
    expect(stored.views).toBe(0);
    // The one view is still there for a person.
    const read = await visit('/api/raw/stats-once', BROWSER, 'https://chat.example/room/1');
    expect(await read.text()).toBe('once');
  });

  it('shows the owner who opened a file share: views, downloads, bots and the sites they came from', async () => {
    const up = await call('PUT', '/upload-direct/stats.txt?slug=stats-file', { auth: admin, raw: 'file bytes' });
    expect(up.status).toBe(200);
    expect((await visit('/file/stats-file', BROWSER, 'https://forum.example/t/9')).status).toBe(200);
    expect((await visit('/file/stats-file', PREVIEWS[1]!)).status).toBe(200);
    expect((await visit('/api/file-download/stats-file', BROWSER, 'https://forum.example/t/9')).status).toBe(200);
    const files = await call('GET', '/files', { auth: admin });
    const file = (files.body.data.files ?? files.body.data).find((f: { slug: string }) => f.slug === 'stats-file');
    expect(file.views).toBe(1);

    const page = await (await owner.get('/file/stats-file')).text();
    expect(page).toContain('Statistics');
    expect(page).toContain('forum.example');
    const preview = await (await owner.get(`/admin/file-management?preview=${file.id}`)).text();
    // The visitor's view (Node's fetch is a script, not a bot: its views count); the owner's own look
    // for the figures counts nothing (issue 42, item 3).
    expect(preview).toMatch(/Views in all<\/dt><dd[^>]*>1<\/dd>/);
    expect(preview).toMatch(/Downloads in all<\/dt><dd[^>]*>1<\/dd>/);
    expect(preview).toMatch(/Bot visits in all<\/dt><dd[^>]*>1<\/dd>/);
    // A visitor who is not the owner sees no statistics.
    expect(await (await visit('/file/stats-file', BROWSER)).text()).not.toContain('Statistics');
  });
});
