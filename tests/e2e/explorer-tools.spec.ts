import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, fill, waitForHydration, whenHydrated } from './helpers';
import { startServer, type RunningServer } from '../support/server';

/**
 * The explorer's power tools (docs/product/spec.md §2 "Mount explorer"): search, the download
 * basket with its zip, copying a folder to another mount with the task manager, and the search
 * index on Admin → Mount management; with JavaScript and without. Mounts are server-wide, so every
 * test has a private server with two mounts on the embedded local storage.
 */
const t = en.explorer;
const ADMIN = { username: 'admin', password: 'explorer-tools-password' };
let server: RunningServer;
let work: string;

const hasJs = () => test.info().project.name === 'js';

// Each test starts its own server, makes two mounts, writes and indexes files before it begins, and
// then drives several pages (the search test also writes 55 files): 5-11 s with two busy workers.

async function api(method: string, route: string, body?: unknown, token?: string) {
  const answer = await fetch(`${server.url}/api${route}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as { data: never };
}

let adminToken = '';

test.beforeEach(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'explorer-tools-'));
  const token = ((await api('POST', '/admin/login', ADMIN)) as { data: { token: string } }).data.token;
  adminToken = token;
  const configs = (await api('GET', '/s3-configs', undefined, token)) as { data: { id: string }[] };
  const mountIds: string[] = [];
  for (const mount_path of ['/disk', '/archive'])
    mountIds.push(
      (
        (await api(
          'POST',
          '/admin/mounts',
          { name: mount_path.slice(1), mount_path, storage_config_id: configs.data[0]!.id },
          token,
        )) as { data: { id: string } }
      ).data.id,
    );
  await api('POST', '/fs/mkdir', { path: '/disk/reports/' }, token);
  await api('POST', '/fs/mkdir', { path: '/disk/reports/2026/' }, token);
  for (const [file, content] of [
    ['/disk/reports/annual-report.txt', 'annual'],
    ['/disk/reports/2026/q1-report.txt', 'first quarter'],
    ['/disk/reports/2026/q2-report.txt', 'second quarter'],
    ['/disk/notes.md', '# notes'],
  ])
    await api('POST', '/fs/update', { path: file, content }, token);
  // Both mounts show the same storage. Index both now, so the server's own first pass (10 s after
  // start, docs/architecture.md §9) finds them fresh and leaves them alone: without this, whether
  // /archive's copies turn up in a search depended on how long the test had taken by then.
  for (const id of mountIds) await api('POST', `/admin/fs-index/${id}`, { mode: 'update' }, token);
  await expect(async () => {
    const runs = (await api('GET', '/admin/fs-index', undefined, token)) as {
      data: Record<string, { status: string }>;
    };
    expect(mountIds.map((id) => runs.data[id]?.status)).toEqual(['completed', 'completed']);
  }).toPass();
});
test.afterEach(async () => {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Saves a download and checks it is a valid zip; answers the names inside. */
async function zipNames(download: Download): Promise<string[]> {
  const file = path.join(work, `${Date.now()}.zip`);
  await download.saveAs(file);
  expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toContain('No errors detected');
  return execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n').sort();
}

/** The row of an entry in the listing, and its "more" menu opened. */
const row = (page: Page, name: string) => page.locator(`[data-entry-path$="/${name}"]`);
async function openMenu(page: Page, name: string) {
  await row(page, name).locator('summary').click();
  return row(page, name);
}

const search = async (page: Page, query: string, scope?: string) => {
  const panel = page.getByRole('region', { name: t.search.heading });
  // Submitted before hydration, the form still works (a plain GET), but the page it loads may be
  // left before its effects run, and the recent searches checked below are kept by one.
  if (hasJs()) await waitForHydration(page);
  await panel.getByRole('searchbox').fill(query);
  if (scope) await panel.getByLabel(scope).check();
  await panel.getByRole('button', { name: t.search.submit }).click();
  return panel;
};

test('search from the panel: scopes, results that open, and the next hits', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/disk`);
  await page.getByRole('toolbar', { name: t.toolbar.label }).getByRole('link', { name: t.toolbar.search }).click();
  // This mount only: /archive shows the same storage, and the indexer's first rescan (10 s after
  // start) may have indexed it by now.
  let panel = await search(page, 'report', t.search.scopes.mount);
  // Three files and the folder "reports".
  await expect(panel.getByRole('status')).toHaveText(fill(t.search.count, { query: 'report', count: '4' }));
  const results = panel.getByRole('list', { name: t.search.results });
  await expect(results.getByRole('listitem')).toHaveCount(4);
  // Two characters are enough; one is refused with the reason.
  panel = await search(page, 'q1', t.search.scopes.mount);
  await expect(results.getByRole('listitem')).toHaveCount(1);
  // The field asks for two characters; a shorter query in the URL is refused with the reason.
  await page.goto(`${server.url}/mount-explorer/disk?do=search&q=q`);
  await expect(page.getByRole('alert')).toHaveText(en.errors.searchQueryTooShort);
  // The folder scope looks only below the open folder.
  await page.goto(`${server.url}/mount-explorer/disk/reports/2026?do=search`);
  panel = await search(page, 'report', fill(t.search.scopes.directory, { path: '/disk/reports/2026' }));
  await expect(results.getByRole('listitem')).toHaveCount(2);
  // With the list's icons (a text file's) and dates; few hits here offer the search everywhere.
  await expect(results.getByRole('listitem').first().locator('time')).toHaveAttribute('datetime', /^\d{4}-/);
  await panel.getByRole('link', { name: t.search.widen }).click();
  await expect(page.getByRole('region', { name: t.search.heading }).getByLabel(t.search.scopes.global)).toBeChecked();
  await expect(results.getByRole('listitem')).not.toHaveCount(2);
  await page.goBack();
  await expect(results.getByRole('listitem')).toHaveCount(2);
  await results.getByRole('link', { name: 'q2-report.txt' }).click();
  await expect(page.getByRole('region', { name: 'q2-report.txt' })).toContainText('second quarter');
  // At the root, "in / and below" would be "everywhere": offered once.
  await page.goto(`${server.url}/mount-explorer?do=search`);
  await expect(panel.getByRole('radio')).toHaveCount(1);
  // More than a page of hits: "load more" appends them in place; without JavaScript, "next page".
  for (let i = 0; i < 55; i++)
    await api('POST', '/fs/update', { path: `/disk/bulk-${i}.txt`, content: 'x' }, adminToken);
  await page.goto(`${server.url}/mount-explorer/disk?do=search`);
  panel = await search(page, 'bulk-', t.search.scopes.mount);
  await expect(results.getByRole('listitem')).toHaveCount(50);
  if (hasJs()) await panel.getByRole('button', { name: t.search.loadMore }).click();
  else await panel.getByRole('link', { name: t.search.next }).click();
  await expect(results.getByRole('listitem')).toHaveCount(hasJs() ? 55 : 5);
  await expect(panel.getByRole('button', { name: t.search.loadMore })).toHaveCount(0);
  if (hasJs()) {
    // Recent searches are kept in the browser and can be cleared.
    await page.goto(`${server.url}/mount-explorer/disk?do=search`);
    const recent = page.getByRole('region', { name: t.search.heading });
    await expect(recent.getByRole('link', { name: 'q1', exact: true })).toBeVisible();
    await recent.getByRole('button', { name: t.search.clearHistory }).click();
    await expect(recent.getByRole('link', { name: 'q1', exact: true })).toHaveCount(0);
  }
});

// The basket lives in the browser: without JavaScript, the test after this one zips a selection.
test(
  'three files in the basket from a search, the menu and the selection; pack download is a valid zip',
  { tag: '@js' },
  async ({ page }) => {
    await loginAsAdmin(page, ADMIN, server.url);
    await page.goto(`${server.url}/mount-explorer/disk?do=search&q=q1&scope=mount`);
    await whenHydrated(page);
    await page.getByRole('button', { name: `${t.basket.add} q1-report.txt` }).click();
    await page.goto(`${server.url}/mount-explorer/disk`);
    await (await openMenu(page, 'notes.md')).getByRole('button', { name: `${t.actions.basket} notes.md` }).click();
    await page.goto(`${server.url}/mount-explorer/disk/reports`);
    await page.getByRole('checkbox', { name: fill(t.list.select, { name: 'annual-report.txt' }) }).check();
    await page.getByRole('button', { name: t.list.basketSelected }).click();
    const toolbar = page.getByRole('toolbar', { name: t.toolbar.label });
    await toolbar.getByRole('link', { name: fill(t.toolbar.basket, { count: '3' }) }).click();
    const panel = page.getByRole('region', { name: t.basket.heading });
    await expect(panel.getByRole('list', { name: t.basket.items }).getByRole('listitem')).toHaveCount(3);
    await expect(panel.getByText('3 items, ', { exact: false })).toBeVisible();
    // Nothing is "waiting" before a zip is asked for.
    await expect(panel.getByText(t.basket.states.pending, { exact: true })).toHaveCount(0);
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: t.basket.pack }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^cloudclip-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await zipNames(download)).toEqual(['annual-report.txt', 'notes.md', 'q1-report.txt']);
    await expect(panel.getByText(t.basket.states.completed, { exact: true })).toHaveCount(3);
    await expect(panel.getByText(t.basket.done)).toBeVisible();
    // A file gone since it was added: the zip is refused, and the basket says why.
    await api('DELETE', '/fs/batch-remove', { paths: ['/disk/notes.md'] }, adminToken);
    await panel.getByRole('button', { name: t.basket.pack }).click();
    await expect(panel.getByRole('alert')).toContainText(en.errors.fsNotFound);
    await expect(panel.getByText(t.basket.states.failed, { exact: true })).toHaveCount(3);
    // Removing one, then clearing after the confirmation.
    await panel.getByRole('button', { name: fill(t.basket.removeLabel, { name: 'notes.md' }) }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: t.basket.clear }).click();
    // Asked in the page, focus on the question; "Keep them" keeps them.
    const confirm = panel.getByRole('alertdialog', { name: fill(t.basket.clearConfirm, { count: '2' }) });
    await expect(confirm).toBeFocused();
    await confirm.getByRole('button', { name: t.basket.clearNo }).click();
    await expect(panel.getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: t.basket.clear }).click();
    await confirm.getByRole('button', { name: t.basket.clearYes }).click();
    await expect(panel.getByText(t.basket.empty)).toBeVisible();
  },
);

test('ticked entries download as one zip, without JavaScript too', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/disk/reports`);
  await whenHydrated(page);
  await page.getByRole('checkbox', { name: fill(t.list.select, { name: '2026' }) }).check();
  await page.getByRole('checkbox', { name: fill(t.list.select, { name: 'annual-report.txt' }) }).check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.list.zipSelected }).click();
  expect(await zipNames(await downloading)).toEqual([
    '2026/',
    '2026/q1-report.txt',
    '2026/q2-report.txt',
    'annual-report.txt',
  ]);
});

test('a key that may view and share but not delete ticks entries too: zip and share, no delete', async ({ page }) => {
  const made = (await api(
    'POST',
    '/admin/api-keys',
    { name: 'viewer', permissions: 2 | 256 | 512, expires_at: null },
    adminToken,
  )) as { data: { key: string } };
  await submitKeyLogin(page, made.data.key, server.url);
  await page.goto(`${server.url}/mount-explorer/disk/reports`);
  await whenHydrated(page);
  await page.getByRole('checkbox', { name: fill(t.list.select, { name: 'annual-report.txt' }) }).check();
  await expect(page.getByRole('button', { name: t.list.shareSelected })).toBeVisible();
  await expect(page.getByRole('button', { name: t.list.deleteSelected })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.list.zipSelected }).click();
  expect(await zipNames(await downloading)).toEqual(['annual-report.txt']);
});

test('copy a folder to another mount and watch the task finish; into itself asks first', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/disk`);
  await (await openMenu(page, 'reports')).getByRole('link', { name: `${t.actions.copy} reports` }).click();
  let panel = page.getByRole('region', { name: fill(t.copy.headingOne, { name: 'reports' }) });
  // The picker opens at this folder; the virtual root is not a target. Both mounts are on the
  // embedded storage: the copy goes into a new folder of its own inside the other mount.
  await expect(panel.getByRole('radio', { name: 'disk', exact: true })).toBeChecked();
  await panel.getByRole('radio', { name: 'archive', exact: true }).check();
  await panel.getByLabel(t.copy.newFolder).fill('backup');
  await panel.getByRole('button', { name: t.copy.submit }).click();
  const tasks = page.getByRole('region', { name: t.tasks.heading });
  const task = tasks.getByRole('listitem', { name: fill(t.tasks.label, { source: '/disk/reports/' }) });
  if (hasJs()) await expect(task.getByText(t.tasks.status.completed)).toBeVisible();
  else
    await expect(async () => {
      await page.reload();
      await expect(task.getByText(t.tasks.status.completed)).toBeVisible({ timeout: 1000 });
    }).toPass();
  await expect(task.getByRole('progressbar')).toHaveAttribute('value', '100');
  // Titled by what it does; once finished it can be cleared from the list.
  await expect(task).toContainText(fill(t.tasks.copyOne, { name: 'reports', from: '/disk', to: '/archive/backup' }));
  await tasks.getByRole('button', { name: t.tasks.clearFinished }).click();
  await expect(tasks.getByText(t.tasks.empty)).toBeVisible();
  await page.goto(`${server.url}/mount-explorer/archive/backup/reports/2026`);
  await expect(page.getByRole('link', { name: 'q2-report.txt', exact: true }).first()).toBeVisible();

  // Copying a folder into itself: the form warns and asks to confirm.
  await page.goto(`${server.url}/mount-explorer/disk?do=copy&name=reports/`);
  panel = page.getByRole('region', { name: fill(t.copy.headingOne, { name: 'reports' }) });
  // Opening folders in the tree (in place with JavaScript, by a link without), by name and keyboard.
  await panel.getByRole(hasJs() ? 'button' : 'link', { name: fill(t.copy.openFolder, { name: 'reports' }) }).click();
  panel = page.getByRole('region', { name: fill(t.copy.headingOne, { name: 'reports' }) });
  await panel.getByRole('radio', { name: '2026', exact: true }).check();
  if (hasJs()) {
    // Left closes the chosen folder's branch; Right opens it again (its folders come from the server).
    await panel.getByRole('radio', { name: 'reports', exact: true }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(panel.getByRole('radio', { name: '2026', exact: true })).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await panel.getByRole('radio', { name: '2026', exact: true }).check();
  }
  await panel.getByRole('button', { name: t.copy.submit }).click();
  await expect(panel.getByRole('alert')).toHaveText(en.errors.copyIntoItselfConfirm);
  await panel.getByLabel(t.copy.confirm).check();
  await panel.getByRole('button', { name: t.copy.submit }).click();
  await expect(tasks.getByRole('listitem')).toHaveCount(1);
});

test('Admin → Mount management shows each mount’s search index and updates it on request', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/admin/mount-management`);
  const card = page.getByRole('article', { name: 'disk', exact: true });
  // Indexed before the test (2 folders and 4 files); one more file arrives behind the app's back.
  await expect(card).toContainText(fill(en.mounts.index.entries, { count: '6' }));
  fs.writeFileSync(path.join(server.dataDir, 'storage', 'behind-the-back.txt'), 'unseen');
  await card.getByRole('button', { name: fill(en.mounts.index.updateLabel, { name: 'disk' }) }).click();
  await expect(page.getByRole('status').filter({ hasText: en.mounts.notice.indexing })).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(card).toContainText(fill(en.mounts.index.entries, { count: '7' }), { timeout: 1000 });
  }).toPass();
  await expect(card).toContainText(en.mounts.index.lastRun);
});
