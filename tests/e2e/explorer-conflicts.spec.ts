import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, fill, waitForHydration } from './helpers';
import type { RunningServer } from '../support/server';
import { putMounted, serverWithBox } from './mount-helpers';

/**
 * An upload onto a name that is taken (issue 42, items 1 and 15): the explorer asks Replace / Keep
 * both / Skip before it starts (a form field without JavaScript); replacing needs the delete bit,
 * and the version replaced waits in the recycle bin.
 */
const t = en.explorer;
const ADMIN = { username: 'admin', password: 'conflicts-ui-password' };
let server: RunningServer;
let headers: Record<string, string>;

test.beforeEach(async ({ request }) => {
  ({ server, headers } = await serverWithBox(request, ADMIN));
  await putMounted(request, server.url, headers, '/box', { name: 'report.txt', buffer: Buffer.from('version one') });
});
test.afterEach(async () => {
  await server?.stop();
});

const hasJs = () => test.info().project.name === 'js';

/** What /box/<name> holds now, read through the API. */
async function contentOf(request: APIRequestContext, name: string): Promise<string> {
  const answer = await request.get(`${server.url}/api/fs/download?path=${encodeURIComponent(`/box/${name}`)}`, {
    headers,
  });
  expect(answer.ok(), `${name}: ${answer.status()}`).toBe(true);
  return answer.text();
}

/** Uploads report.txt holding `text` into /box, answering the question (JS) or the form's field (no JS) with `choice`. */
async function uploadReport(page: Page, text: string, choice: 'replace' | 'keep' | 'skip', canReplace = true) {
  await page.goto(`${server.url}/mount-explorer/box?do=upload`);
  const file = { name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from(text) };
  if (!hasJs()) {
    const panel = page.getByRole('region', { name: fill(t.upload.heading, { path: '/box' }) });
    await expect(panel.getByLabel(t.upload.onConflict)).toHaveValue('keep');
    await panel.getByLabel(t.upload.onConflict).selectOption(choice);
    await panel.getByLabel(t.upload.file, { exact: true }).setInputFiles(file);
    await panel.getByRole('button', { name: t.upload.submit }).click();
    return;
  }
  await waitForHydration(page);
  await page.getByLabel(t.upload.chooseFiles).setInputFiles(file);
  const ask = page.getByRole('dialog', { name: fill(t.upload.conflict.heading_one, { name: 'report.txt' }) });
  await expect(ask).toBeVisible();
  await expect(ask.getByRole('button', { name: t.upload.conflict.replace })).toHaveCount(canReplace ? 1 : 0);
  if (!canReplace) await expect(ask).toContainText(t.upload.conflict.replaceNeedsDelete);
  const label = { replace: t.upload.conflict.replace, keep: t.upload.conflict.keep, skip: t.upload.conflict.skip }[
    choice
  ];
  await ask.getByRole('button', { name: label, exact: true }).click();
  await expect(ask).toBeHidden();
  if (choice === 'skip') {
    // Nothing is queued: the question took the file out.
    await expect(page.getByRole('button', { name: fill(t.upload.start, { count: '1' }) })).toHaveCount(0);
    return;
  }
  await page.getByRole('button', { name: fill(t.upload.start, { count: '1' }) }).click();
  await expect(page.getByText(en.upload.status.success, { exact: true })).toBeVisible();
}

test('a key without the delete bit keeps both or skips; it cannot replace', async ({ page, request }) => {
  const created = await request.post(`${server.url}/api/admin/api-keys`, {
    headers,
    data: { name: 'uploader', permissions: 256 | 512, basic_path: '/', expires_at: null },
  });
  await submitKeyLogin(page, ((await created.json()) as { data: { key: string } }).data.key, server.url);
  if (hasJs()) {
    await uploadReport(page, 'version skipped', 'skip', false);
    expect(await contentOf(request, 'report.txt')).toBe('version one');
  } else {
    // Without JavaScript the choice is a field: replacing is refused with the reason, and nothing changes.
    await uploadReport(page, 'version refused', 'replace');
    await expect(page.getByRole('alert')).toContainText(en.errors.fsReplaceNeedsDelete);
    expect(await contentOf(request, 'report.txt')).toBe('version one');
  }
  await uploadReport(page, 'version two', 'keep', false);
  await page.goto(`${server.url}/mount-explorer/box`);
  await expect(page.getByRole('link', { name: 'report (2).txt', exact: true })).toBeVisible();
  expect(await contentOf(request, 'report.txt')).toBe('version one');
  expect(await contentOf(request, 'report (2).txt')).toBe('version two');
});

test('the admin replaces, and the version replaced is in the recycle bin to restore', async ({ page, request }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await uploadReport(page, 'version two', 'replace');
  await expect.poll(() => contentOf(request, 'report.txt')).toBe('version two');
  await page.goto(`${server.url}/mount-explorer/box?do=bin`);
  const kept = page.getByRole('list', { name: en.bin.list }).getByRole('listitem').filter({ hasText: 'report.txt' });
  await expect(kept).toContainText(en.bin.replaced);
  // Restored next to the new version, under a numbered name: the new one stays.
  await kept.getByRole('button', { name: `${en.bin.restore} report.txt` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Restored to /box/report (2).txt' })).toBeVisible();
  expect(await contentOf(request, 'report (2).txt')).toBe('version one');
  expect(await contentOf(request, 'report.txt')).toBe('version two');
});
