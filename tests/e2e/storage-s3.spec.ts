import { randomBytes } from 'node:crypto';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, expectFieldError, fill } from './helpers';
import { startServer, type RunningServer } from '../support/server';
import { startSwiftE2e, type SwiftE2e } from './swift-e2e';

test.use({ locale: 'en-US' });
// One S3 server and one private app server for the file: its tests run in order, in one worker.
test.describe.configure({ mode: 'serial' });

/**
 * The storage configuration page against a real S3 server (Swift's S3 layer from scripts/), with
 * JavaScript off. Setting the default storage is server-wide, so this runs on a private server.
 * Only the no-js project runs it: the S3 server has fixed ports.
 */
const t = en.storage;
const ADMIN = { username: 'admin', password: 'storage-e2e-password' };

let server: RunningServer | undefined;
let swift: SwiftE2e | undefined;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(240_000);
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  swift = await startSwiftE2e({ name: 'storage-s3', port: 18281, basePort: 16410, bucketPrefix: 'e2e-storage' });
});

test.afterAll(async ({}, testInfo) => {
  testInfo.setTimeout(60_000);
  await server?.stop();
  await swift?.stop();
});

function card(page: Page, name: string) {
  return page.getByRole('article', { name, exact: true });
}

/** Runs the test of a config and waits for its results. */
async function runTest(page: Page, name: string) {
  await card(page, name)
    .getByRole('button', { name: `${t.list.test}: ${name}` })
    .click();
  const results = card(page, name).getByRole('region', { name: t.test.heading });
  await expect(results).toBeVisible({ timeout: 30_000 });
  return results;
}

async function expectChecksPass(page: Page, name: string) {
  const results = await runTest(page, name);
  for (const check of [t.test.checks.read, t.test.checks.write, t.test.checks.frontendSim, t.test.checks.cors]) {
    await expect(results.getByRole('listitem').filter({ hasText: check })).toContainText(t.test.passed);
  }
  await expect(results.getByRole('status').filter({ hasText: en.storageTest.allOk })).toBeVisible();
}

// The S3 server has fixed ports: this spec runs in the no-js project only (see playwright.config.ts).
test(
  'an S3 storage is created, tested, edited with its secret kept, made default, and kept while files use it',
  { tag: '@no-js-only' },
  async ({ page, request }) => {
    test.setTimeout(150_000);
    const base = server!.url;
    const name = `e2e-s3-${randomBytes(3).toString('hex')}`;
    await loginAsAdmin(page, ADMIN, base);
    await page.goto(`${base}/admin/storage-config`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.storageConfig);
    // The embedded local storage is there from the start, as the default.
    const local = page.getByRole('article').filter({ hasText: t.list.localType });
    await expect(local).toHaveCount(1);
    await expect(local.getByText(t.list.default, { exact: true })).toBeVisible();

    // Create, through the real form.
    await page.getByRole('link', { name: t.add }).click();
    const form = page.getByRole('region', { name: t.remote.createHeading.s3 });
    await form.getByLabel(t.form.name).fill(name);
    await form.getByLabel(t.form.provider).selectOption({ label: t.providers.other });
    await form.getByLabel(t.form.endpoint).fill(swift!.env.endpoint);
    await form.getByLabel(t.form.bucket).fill(swift!.bucket);
    await form.getByLabel(t.form.region).fill(swift!.env.region);
    await form.getByLabel(t.form.pathStyle).check();
    await form.getByLabel(t.form.accessKeyId).fill(swift!.env.accessKeyId);
    // First without the secret: the field says what is missing, nothing is created.
    await form.getByRole('button', { name: t.form.create }).click();
    await expectFieldError(form, form.getByLabel(t.form.secretAccessKey), en.errors.secretKeyRequired);
    await expect(form.getByLabel(t.form.name)).toHaveValue(name);
    await expect(card(page, name)).toHaveCount(0);
    await form.getByLabel(t.form.secretAccessKey).fill(swift!.env.secretAccessKey);
    await form.getByLabel(t.form.quota).fill('2');
    await form.getByRole('button', { name: t.form.create }).click();
    await expect(page.getByRole('status').filter({ hasText: t.notice.created })).toBeVisible();
    const created = card(page, name);
    await expect(created).toContainText(fill(t.list.s3Type, { provider: t.providers.other }));
    await expect(created).toContainText(swift!.bucket);
    await expect(created).toContainText(swift!.env.endpoint);
    await expect(created).toContainText(fill(t.list.quotaOf, { used: '0 B', total: '2 GB', percent: '0' }));
    await expect(created.getByText(t.list.neverTested, { exact: true })).toBeVisible();
    // The secret never comes back to the browser.
    expect(await page.content()).not.toContain(swift!.env.secretAccessKey);

    // Test: read, write, the presigned browser round trip and CORS all pass.
    await expectChecksPass(page, name);
    await page.goto(`${base}/admin/storage-config`);
    await expect(card(page, name).getByText(t.list.neverTested, { exact: true })).toHaveCount(0);

    // Edit: both key fields start empty; leaving them blank keeps the stored keys.
    await card(page, name)
      .getByRole('link', { name: fill(t.list.editLabel, { name }) })
      .click();
    const edit = page.getByRole('region', { name: fill(t.form.editHeading, { name }) });
    await expect(edit.getByLabel(t.form.accessKeyId)).toHaveValue('');
    await expect(edit.getByLabel(t.form.secretAccessKey)).toHaveValue('');
    await expect(edit.getByText(t.form.keepSecret).first()).toBeVisible();
    await expect(edit.getByLabel(t.form.pathStyle)).toBeChecked();
    const renamed = `${name}-edited`;
    await edit.getByLabel(t.form.name).fill(renamed);
    await edit.getByLabel(t.form.defaultFolder).fill('shares/');
    await edit.getByRole('button', { name: t.form.save }).click();
    await expect(page.getByRole('status').filter({ hasText: t.notice.updated })).toBeVisible();
    await expect(card(page, renamed)).toContainText('shares/');
    await expectChecksPass(page, renamed);

    // Make it the default.
    await page.goto(`${base}/admin/storage-config`);
    await card(page, renamed)
      .getByRole('button', { name: `${t.list.setDefault}: ${renamed}` })
      .click();
    await expect(page.getByRole('status').filter({ hasText: t.notice.default })).toBeVisible();
    await expect(card(page, renamed).getByText(t.list.default, { exact: true })).toBeVisible();
    await expect(local.getByText(t.list.default, { exact: true })).toHaveCount(0);
    // The default cannot be deleted, and says why; the local one can again, and becomes the default.
    const deleteDefault = card(page, renamed).getByRole('button', {
      name: fill(t.list.deleteLabel, { name: renamed }),
    });
    await expect(deleteDefault).toBeDisabled();
    await expect(deleteDefault).toHaveAccessibleDescription(t.list.defaultNoDelete);
    await expect(local.getByRole('link', { name: /^Delete / })).toBeVisible();
    await local.getByRole('button', { name: new RegExp(`^${t.list.setDefault}: `) }).click();
    await expect(local.getByText(t.list.default, { exact: true })).toBeVisible();

    // A file stored in it: deleting the config is refused with the clear message.
    const login = await request.post(`${base}/api/admin/login`, { data: ADMIN });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const configs = await request.get(`${base}/api/s3-configs`, { headers: { Authorization: `Bearer ${token}` } });
    const id = ((await configs.json()) as { data: { id: string; name: string }[] }).data.find(
      (c) => c.name === renamed,
    )!.id;
    const upload = await request.put(`${base}/api/upload-direct/e2e-kept.txt?s3_config_id=${id}`, {
      data: Buffer.from('kept in S3'),
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const uploaded = ((await upload.json()) as { data: { id: string } }).data;

    await page.goto(`${base}/admin/storage-config`);
    await expect(card(page, renamed)).toContainText(
      fill(t.list.quotaOf, { used: '10 B', total: '2 GB', percent: '0' }),
    );
    await card(page, renamed)
      .getByRole('link', { name: fill(t.list.deleteLabel, { name: renamed }) })
      .click();
    const confirm = page.getByRole('alertdialog', { name: fill(t.delete.heading, { name: renamed }) });
    await confirm.getByRole('button', { name: t.delete.confirm }).click();
    await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText(
      fill(en.errors.storageInUse, { count: '1' }),
    );
    await expect(card(page, renamed)).toHaveCount(1);

    // Once the file is gone (object too), the config can go.
    const files = await request.get(`${base}/api/files/${uploaded.id}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const key = ((await files.json()) as { data: { storage_path: string } }).data.storage_path;
    // Under the default folder, inside the reserved prefix (docs/decisions/0020).
    expect(key.startsWith('.cloudclip-shares/shares/')).toBe(true);
    await swift!.client.send(new HeadObjectCommand({ Bucket: swift!.bucket, Key: key }));
    const removed = await request.delete(`${base}/api/files/batch-delete`, {
      data: { ids: [uploaded.id] },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(removed.ok()).toBe(true);
    await expect(swift!.client.send(new HeadObjectCommand({ Bucket: swift!.bucket, Key: key }))).rejects.toMatchObject({
      name: 'NotFound',
    });
    await page.goto(`${base}/admin/storage-config?delete=${id}`);
    await page.getByRole('alertdialog').getByRole('button', { name: t.delete.confirm }).click();
    await expect(page.getByRole('status').filter({ hasText: t.notice.deleted })).toBeVisible();
    await expect(card(page, renamed)).toHaveCount(0);
    await expect(local.getByText(t.list.default, { exact: true })).toBeVisible();
  },
);
