import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en } from './helpers';
import { startServer } from '../support/server';

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
  const form = page.getByRole('form', { name: t.now });
  await form.getByLabel(t.passphrase, { exact: true }).fill('a long passphrase');
  // A typo in the second comes back beside it, and nothing is made (issue 42, item 14).
  await form.getByLabel(t.passphraseAgain, { exact: true }).fill('a long passphrasf');
  if (test.info().project.use.javaScriptEnabled === false) {
    await page.getByRole('button', { name: t.download }).click();
    await expect(form.getByText(en.errors.backupPassphraseMismatch).first()).toBeVisible();
    await form.getByLabel(t.passphrase, { exact: true }).fill('a long passphrase');
  } else {
    // With JavaScript the browser says so before anything is sent.
    const mismatched = await form
      .getByLabel(t.passphraseAgain, { exact: true })
      .evaluate((input: HTMLInputElement) => input.validationMessage);
    expect(mismatched).toBe(en.errors.backupPassphraseMismatch);
  }
  await form.getByLabel(t.passphraseAgain, { exact: true }).fill('a long passphrase');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t.download }).click(),
  ]);
  // With JavaScript the form said it was working, and says the backup is on its way now.
  if (test.info().project.use.javaScriptEnabled !== false) await expect(form.getByRole('status')).toHaveText(t.made);
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
  expect(answer.headers().location).toBe('/admin/login?redirectTo=%2Fadmin%2Fbackups');
  expect(answer.headers()['content-type'] ?? '').not.toContain('gzip');
});

test('an admin schedules backups, backs up now, follows the run and downloads what it stored', async ({ page }) => {
  test.setTimeout(60_000);
  // A server of its own: the schedule is one for the whole app, and the other project runs this too.
  const credentials = { username: 'admin', password: 'backup-schedule-e2e-password' };
  const server = await startServer({ adminUsername: credentials.username, adminPassword: credentials.password });
  try {
    await loginAsAdmin(page, credentials, server.url);
    await page.goto(`${server.url}/admin/backups`);
    const form = page.getByRole('form', { name: t.schedule.heading });
    await expect(page.getByText(t.runs.saveFirst)).toBeVisible();
    await form.getByLabel(t.schedule.enabled, { exact: true }).check();
    await form.getByLabel(t.schedule.frequency, { exact: true }).selectOption('weekly');
    await form.getByLabel(t.schedule.weekday, { exact: true }).selectOption({ label: 'Monday' });
    await form.getByLabel(t.schedule.time, { exact: true }).fill('02:30');
    await form.getByLabel(t.schedule.timeZone, { exact: true }).fill('Mars/Base');
    await form.getByLabel(t.schedule.folder, { exact: true }).fill('weekly');
    await form.getByLabel(t.schedule.keep, { exact: true }).fill('3');
    await form.getByLabel(t.passphrase, { exact: true }).fill('a long passphrase');
    await form.getByLabel(t.passphraseAgain, { exact: true }).fill('a long passphrase');
    await form.getByRole('button', { name: t.schedule.save }).click();
    // The mistake beside its field, what was typed kept.
    await expect(form.getByText(en.errors.backupTimeZoneInvalid).first()).toBeVisible();
    await expect(form.getByLabel(t.schedule.folder, { exact: true })).toHaveValue('weekly');
    await form.getByLabel(t.schedule.timeZone, { exact: true }).fill('Asia/Shanghai');
    await form.getByLabel(t.passphrase, { exact: true }).fill('a long passphrase');
    await form.getByLabel(t.passphraseAgain, { exact: true }).fill('a long passphrase');
    await form.getByRole('button', { name: t.schedule.save }).click();
    await expect(page.getByRole('status').filter({ hasText: t.schedule.saved })).toBeVisible();
    await expect(form.getByLabel(t.schedule.timeZone, { exact: true })).toHaveValue('Asia/Shanghai');
    await expect(form.getByText(t.schedule.passphraseKept)).toBeVisible();
    // The next run in the schedule's own zone, named: Monday 02:30 in Shanghai.
    await expect(page.getByText(t.runs.next)).toContainText('02:30 GMT+8');

    await page.getByRole('button', { name: t.runs.now }).click();
    // The run in the list: with JavaScript the page follows it by itself, without it a reload does.
    const run = page.getByRole('listitem', { name: /Backup to/ });
    await expect(async () => {
      if (test.info().project.use.javaScriptEnabled === false) await page.reload();
      await expect(run.getByText(en.explorer.tasks.status.completed)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const stored = page.getByRole('list', { name: t.stored.list }).getByRole('listitem');
    await expect(stored).toHaveCount(1);
    const name = (await stored.locator('.font-mono').textContent())!;
    expect(name).toMatch(/^cloudclip-\d{8}-\d{6}\.tar\.gz$/);
    await expect(run).toContainText(name);
    expect(fs.existsSync(path.join(server.dataDir, 'storage', '.cloudclip-backups', 'weekly', name))).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      stored.getByRole('link', { name: t.stored.download.replace('{{name}}', name) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);

    // Deleted from the list, asked first (a dialog with JavaScript, a step without); Cancel keeps it.
    const remove = () => stored.getByRole('button', { name: t.stored.delete.replace('{{name}}', name) }).click();
    const asked = page.getByRole('heading', { name: t.stored.confirmHeading });
    await remove();
    await expect(asked).toBeVisible();
    await page
      .getByRole('link', { name: en.common.confirm.cancel })
      .or(page.getByRole('button', { name: en.common.confirm.cancel }))
      .click();
    await expect(asked).toBeHidden();
    expect(fs.existsSync(path.join(server.dataDir, 'storage', '.cloudclip-backups', 'weekly', name))).toBe(true);
    await remove();
    await page.getByRole('button', { name: t.stored.yesDelete }).click();
    await expect(page.getByText(t.stored.deleted.replace('{{name}}', name))).toBeVisible();
    await expect(page.getByText(t.stored.none)).toBeVisible();
    expect(fs.existsSync(path.join(server.dataDir, 'storage', '.cloudclip-backups', 'weekly', name))).toBe(false);

    // The dashboard says how the last one went.
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole('region', { name: t.dashboard.heading })).toContainText(t.dashboard.completed);
  } finally {
    await server.stop();
  }
});
