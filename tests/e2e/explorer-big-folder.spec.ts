import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, fill } from './helpers';
import { serverWithBox } from './mount-helpers';
import type { RunningServer } from '../support/server';

/**
 * A folder of 10,000 files (issue 46): with JavaScript the listing renders only what is on screen,
 * yet select all, Shift ranges and the keyboard cover the whole folder; without it, pages of 50
 * with links that keep the sort.
 */
const t = en.explorer;
const ADMIN = { username: 'admin', password: 'big-folder-password' };
const FILES = 10_000;
const nameOf = (i: number) => `file-${String(i).padStart(5, '0')}.txt`;
let server: RunningServer;

test.beforeAll(async ({ request }) => {
  ({ server } = await serverWithBox(request, ADMIN));
  // Written straight into the local storage's folder: 10,000 uploads would test the upload, not the listing.
  const folder = path.join(server.dataDir, 'storage', 'big');
  fs.mkdirSync(folder, { recursive: true });
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(folder, nameOf(i)), `file ${i}`);
});
test.afterAll(async () => {
  await server?.stop();
});

const box = (page: Page, i: number) => page.getByRole('checkbox', { name: fill(t.list.select, { name: nameOf(i) }) });
const link = (page: Page, i: number) => page.getByRole('link', { name: nameOf(i), exact: true });
const selectAll = (page: Page) => page.locator('#explorer-selection input[type="checkbox"]');

async function openBig(page: Page, query = '') {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/box/big${query}`);
  await expect(
    page.getByRole('heading', { name: new RegExp(fill(t.list.count, { count: String(FILES) })) }),
  ).toBeVisible();
}

test('a 10,000-file folder renders what is on screen; select all, Shift ranges and the keyboard reach every entry @js', async ({
  page,
}) => {
  await openBig(page);
  await expect(page.locator('tr[draggable="true"]').first()).toBeVisible();
  const rendered = await page.locator('tbody tr[data-index]').count();
  expect(rendered).toBeGreaterThan(5);
  expect(rendered).toBeLessThan(100);
  expect(await page.evaluate(() => document.getElementsByTagName('*').length)).toBeLessThan(3000);

  // Select all selects the folder, not the rendered rows; clearing clears it.
  await selectAll(page).check();
  await expect(page.getByText(fill(t.list.selectedCount, { count: String(FILES) }))).toBeVisible();
  await page.getByRole('button', { name: t.list.clearSelection }).click();
  await expect(selectAll(page)).not.toBeChecked();
  await expect(box(page, 0)).not.toBeChecked();

  // The keyboard: End reaches the last entry (never rendered until then), Home the first, arrows step.
  await link(page, 0).focus();
  await page.keyboard.press('ArrowDown');
  await expect(link(page, 1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(link(page, FILES - 1)).toBeFocused();
  await expect(link(page, FILES - 1)).toBeInViewport();
  await expect(page.locator('tbody tr[data-index="0"]')).toHaveCount(0);
  await page.keyboard.press(' ');
  await expect(box(page, FILES - 1)).toBeChecked();
  await page.keyboard.press('Home');
  await expect(link(page, 0)).toBeFocused();
  await expect(page.getByText(fill(t.list.selectedCount, { count: '1' }))).toBeVisible();
  await page.getByRole('button', { name: t.list.clearSelection }).click();

  // A Shift range across rows that were never rendered: 10 … 400.
  await box(page, 10).check();
  await expect(box(page, 400)).toHaveCount(0);
  // To row 400 by its place: row 10's top and the distance between two rows.
  await page.evaluate(() => {
    const top = (i: number) => document.querySelector(`tbody tr[data-index="${i}"]`)!.getBoundingClientRect().top;
    window.scrollTo(0, top(10) + window.scrollY + 390 * (top(11) - top(10)) - 300);
  });
  await box(page, 400).click({ modifiers: ['Shift'] });
  await expect(page.getByText(fill(t.list.selectedCount, { count: '391' }))).toBeVisible();
  // The selection form posts the whole range: the delete panel lists every name.
  await page.getByRole('button', { name: t.list.deleteSelected }).click();
  const panel = page.locator('#explorer-panel');
  await expect(panel.locator('input[type="hidden"][name="name"]')).toHaveCount(391);
  await expect(panel.locator(`input[type="hidden"][name="name"][value="${nameOf(400)}"]`)).toHaveCount(1);

  // Select all, then delete: the panel opens on every name (a 200 KiB URL; Node's 16 KiB limit said 431).
  await selectAll(page).check();
  await expect(page.getByText(fill(t.list.selectedCount, { count: String(FILES) }))).toBeVisible();
  await page.getByRole('button', { name: t.list.deleteSelected }).click();
  await expect(panel.getByRole('heading', { name: fill(t.delete.heading, { count: String(FILES) }) })).toBeVisible();
  await expect(panel.locator('input[type="hidden"][name="name"]')).toHaveCount(FILES);
});

test('without JavaScript a big folder has pages of 50, and the next page keeps the sort @no-js-only', async ({
  page,
}) => {
  await openBig(page);
  await expect(page.locator('tbody tr')).toHaveCount(50);
  const pages = page.getByRole('navigation', { name: t.list.pages });
  await expect(pages.getByText(fill(t.list.pageOf, { page: '1', pages: '200' }))).toBeVisible();
  await pages.getByRole('link', { name: t.list.nextPage }).click();
  await expect(pages.getByText(fill(t.list.pageOf, { page: '2', pages: '200' }))).toBeVisible();
  await expect(page.locator('tbody tr').first()).toContainText(nameOf(50));

  // Sorted by name, descending (the header link), then the next page: the order holds.
  await page.getByRole('link', { name: fill(t.list.sortBy, { column: t.list.name }) }).click();
  await expect(page.locator('tbody tr').first()).toContainText(nameOf(FILES - 1));
  await pages.getByRole('link', { name: t.list.nextPage }).click();
  await expect(page.locator('tbody tr').first()).toContainText(nameOf(FILES - 51));
  await expect(pages.getByRole('link', { name: t.list.previousPage })).toBeVisible();

  // The selection form still posts the ticked boxes of the page.
  await box(page, FILES - 51).check();
  await box(page, FILES - 52).check();
  await page.getByRole('button', { name: t.list.deleteSelected }).click();
  await expect(page.locator('#explorer-panel input[type="hidden"][name="name"]')).toHaveCount(2);
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('offline, the offline page lists the 10,000 names the folder showed @js', async ({ page, context }) => {
    await openBig(page);
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller !== null;
    });
    // The page keeps the listing it showed in the app's offline database (use-keep-listing.ts).
    await page.waitForFunction(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('cloudclip');
          open.onsuccess = () => {
            const get = open.result.transaction('directories').objectStore('directories').get('/box/big');
            get.onsuccess = () => resolve(Boolean(get.result));
            get.onerror = () => resolve(false);
          };
          open.onerror = () => resolve(false);
        }),
    );

    await context.setOffline(true);
    // Without the worker's copy of the page, the offline page shows what the database kept.
    await page.evaluate(() => caches.delete('cloudclip-pages'));
    await page.goto(`${server.url}/mount-explorer/box/big`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.offline.heading);
    const names = page.locator('#kept-entries li');
    await expect(names).toHaveCount(FILES);
    await expect(names.first()).toHaveText(nameOf(0));
    await expect(names.last()).toHaveText(nameOf(FILES - 1));
    await context.setOffline(false);
  });
});
