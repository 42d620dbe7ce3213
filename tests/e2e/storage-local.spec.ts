import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, expectFieldError, fill, zh } from './helpers';
import { startServer, type RunningServer } from '../support/server';

test.use({ locale: 'en-US' });

/** The embedded local storage: renaming it is server-wide, so each test has a private server. */
const t = en.storage;
const ADMIN = { username: 'admin', password: 'storage-local-password' };
let server: RunningServer;

test.beforeEach(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
});
test.afterEach(async () => {
  await server?.stop();
});

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

test('the embedded storage is named in the visitor language until an admin renames it', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/admin/storage-config`);
  await expect(card(page, en.storage.seededName)).toBeVisible();
  await page
    .getByRole('button', { name: fill(en.common.language.switchTo, { language: zh.common.language.zh }) })
    .click();
  await expect(card(page, zh.storage.seededName)).toBeVisible();
  await expect(card(page, en.storage.seededName)).toHaveCount(0);
  await page.goto(`${server.url}/upload`);
  await expect(page.getByLabel(zh.upload.form.storage, { exact: true }).locator('option')).toHaveText([
    // The provider is named in the visitor's language too.
    fill(zh.upload.form.storageDefault, { name: zh.storage.seededName, provider: zh.storage.providers.local }),
  ]);
});

test('the local storage can be renamed and made public, and shows no S3 fields', async ({ page }) => {
  const base = server.url;
  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}/admin/storage-config`);
  const local = page.getByRole('article').filter({ hasText: t.list.localType });
  await local.getByRole('link', { name: t.list.edit }).click();
  const edit = page.locator('#storage-form');
  await expect(edit.getByLabel(t.form.endpoint)).toHaveCount(0);
  await expect(edit.getByLabel(t.form.secretAccessKey)).toHaveCount(0);
  const name = `Disk ${randomBytes(2).toString('hex')}`;
  await edit.getByLabel(t.form.name).fill(name);
  await edit.getByLabel(t.form.public).check();
  await edit.getByLabel(t.form.quota).fill('-1');
  await edit.getByRole('button', { name: t.form.save }).click();
  await expectFieldError(edit, edit.getByLabel(t.form.quota), t.form.quotaInvalid);
  await edit.getByLabel(t.form.quota).fill('');
  await edit.getByRole('button', { name: t.form.save }).click();
  await expect(page.getByRole('status').filter({ hasText: t.notice.updated })).toBeVisible();
  const renamed = card(page, name);
  await expect(renamed.getByText(t.list.public, { exact: true })).toBeVisible();
  await expect(renamed).toContainText(fill(t.list.quotaOf, { used: '0 B', total: '5 GB', percent: '0' }));
  // Its test needs no CORS and passes.
  await renamed.getByRole('button', { name: `${t.list.test}: ${name}` }).click();
  const results = renamed.getByRole('region', { name: t.test.heading });
  await expect(results.getByRole('status').filter({ hasText: en.storageTest.allOk })).toBeVisible();
  await expect(results).toContainText(en.storageTest.corsNotNeeded);
});

test('a storage that cannot be reached says why, in plain words', async ({ page }) => {
  const base = server.url;
  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}/admin/storage-config?new=1`);
  const form = page.getByRole('region', { name: t.remote.createHeading.s3 });
  const name = `Unreachable ${randomBytes(2).toString('hex')}`;
  await form.getByLabel(t.form.name).fill(name);
  await form.getByLabel(t.form.endpoint).fill('not a url');
  await form.getByLabel(t.form.bucket).fill('b');
  await form.getByLabel(t.form.accessKeyId).fill('k');
  await form.getByLabel(t.form.secretAccessKey).fill('s');
  await form.getByRole('button', { name: t.form.create }).click();
  await expectFieldError(form, form.getByLabel(t.form.endpoint), en.errors.endpointInvalid);
  // The secret is not sent back: it must be typed again.
  await expect(form.getByLabel(t.form.secretAccessKey)).toHaveValue('');
  await expect(form.getByText(t.form.secretAgain)).toBeVisible();

  // Nothing listens on port 9: every check fails with the reason, and the CORS rule is offered.
  await form.getByLabel(t.form.endpoint).fill('http://127.0.0.1:9');
  await form.getByLabel(t.form.secretAccessKey).fill('s');
  await form.getByRole('button', { name: t.form.create }).click();
  await expect(page.getByRole('status').filter({ hasText: t.notice.created })).toBeVisible();
  await card(page, name)
    .getByRole('button', { name: `${t.list.test}: ${name}` })
    .click();
  const results = card(page, name).getByRole('region', { name: t.test.heading });
  await expect(results.getByRole('status').filter({ hasText: en.storageTest.someFailed })).toBeVisible({
    timeout: 30_000,
  });
  await expect(results.getByRole('listitem').filter({ hasText: t.test.checks.read })).toContainText(
    en.storageTest.unreachable,
  );
  await expect(results.getByRole('heading', { name: t.test.corsGuideHeading })).toBeVisible();
  await expect(results).toContainText(`"AllowedOrigins": ["${base}"]`);
  await expect(results).toContainText(fill(en.storageTest.corsGuide, { origin: base }));
  await results.getByRole('link', { name: t.test.close }).click();
  await expect(results).toHaveCount(0);
});
