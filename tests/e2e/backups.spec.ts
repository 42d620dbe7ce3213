import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en } from './helpers';

/**
 * Admin → Backups (issue 32): with JavaScript and without, the form posts natively and the answer is
 * the backup itself; a passphrase too short comes back with the reason.
 */
const t = en.backups;

test('an admin downloads a backup of the data folder with a passphrase', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/backups');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.backups);
  await expect(
    page.getByRole('navigation', { name: en.pages.admin.sections }).getByRole('link', { name: en.pages.admin.backups }),
  ).toBeVisible();
  await page.getByLabel(t.passphrase, { exact: true }).fill('a long passphrase');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cloudclip-\d{12}\.tar\.gz$/);
  const listed = execFileSync('tar', ['-tzf', await download.path()], { encoding: 'utf8' }).split('\n');
  expect(listed).toEqual(expect.arrayContaining(['secret/key.json', 'objects/listed.jsonl', 'cloudclip-backup.json']));
  expect(listed.some((name) => name.startsWith('database/'))).toBe(true);
  // The page is still there: the answer was the file.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.backups);
});

test('a passphrase too short comes back with the reason, and no backup', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/backups');
  const answer = await page.request.post('/admin/backups/download', {
    form: { passphrase: 'short' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  await page.goto(answer.headers().location!);
  await expect(page.getByRole('alert').first()).toContainText(en.errors.backupPassphrase);
});

test('a visitor who is not logged in gets the login form, and no backup', async ({ request }) => {
  const answer = await request.post('/admin/backups/download', {
    form: { passphrase: 'a long passphrase' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(302);
  expect(answer.headers().location).toBe('/admin/backups');
  expect(answer.headers()['content-type'] ?? '').not.toContain('gzip');
});
