import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, fill } from './helpers';
import zhCatalog from '~/locales/zh';
import { startRcloneWebdav, startSshd, type SshServer, type WebDavServer } from '../support/remote-servers';
import { startServer, type RunningServer } from '../support/server';

test.use({ locale: 'en-US' });
test.describe.configure({ mode: 'serial' });

/**
 * WebDAV and SFTP storages made through the admin page's form (issue 48, docs/storage.md) against
 * real servers on loopback: the kind chosen by a link, the fields of that kind, the secrets never
 * sent back, the test's pinned host key and its explanation of a wrong password. Both projects run
 * it (JavaScript on and off); each test starts its own servers on free ports.
 */
const t = en.storage;
const ADMIN = { username: 'admin', password: 'remote-storage-e2e' };

let server: RunningServer | undefined;
let webdav: WebDavServer | undefined;
let sshd: SshServer | undefined;

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(60_000);
  [server, webdav, sshd] = await Promise.all([
    startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password }),
    startRcloneWebdav(),
    startSshd(),
  ]);
});

test.afterAll(async () => {
  await Promise.all([server?.stop(), webdav?.close(), sshd?.close()]);
});

const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function openNew(page: Page, kind: 'webdav' | 'sftp') {
  await loginAsAdmin(page, ADMIN, server!.url);
  await page.goto(`${server!.url}/admin/storage-config`);
  await page.getByRole('link', { name: t.add }).click();
  await page.getByRole('navigation', { name: t.remote.kind }).getByRole('link', { name: t.remote.kinds[kind] }).click();
  const form = page.getByRole('region', { name: t.remote.createHeading[kind] });
  await expect(form.getByLabel(t.form.bucket, { exact: true })).toHaveCount(0);
  return form;
}

test('an SFTP storage is made with a private key, tested, and its host key pinned', async ({ page }, testInfo) => {
  const name = `sftp-${testInfo.project.name}`;
  const form = await openNew(page, 'sftp');
  await form.getByLabel(t.form.name, { exact: true }).fill(name);
  await form.getByLabel(t.remote.host, { exact: true }).fill('127.0.0.1');
  await form.getByLabel(t.remote.port, { exact: true }).fill(String(sshd!.port));
  await form.getByLabel(t.remote.rootFolder, { exact: true }).fill(sshd!.dir);
  await form.getByLabel(t.remote.username, { exact: true }).fill(sshd!.username);
  // Neither a password nor a key: the form says so, and keeps what was typed.
  await form.getByRole('button', { name: t.form.create }).click();
  await expect(form.getByText(en.errors.sftpSecretRequired).first()).toBeVisible();
  await expect(form.getByLabel(t.remote.host, { exact: true })).toHaveValue('127.0.0.1');
  await form.getByLabel(t.remote.privateKey, { exact: true }).fill(sshd!.privateKey);
  await form.getByRole('button', { name: t.form.create }).click();
  await expect(page.getByRole('status').filter({ hasText: t.notice.created })).toBeVisible();
  const made = card(page, name);
  await expect(made).toContainText(t.list.sftpType);
  await expect(made).toContainText(sshd!.fingerprint);
  expect(await page.content()).not.toContain('PRIVATE KEY');

  await made.getByRole('button', { name: `${t.list.test}: ${name}` }).click();
  const results = made.getByRole('region', { name: t.test.heading });
  await expect(results.getByRole('status').filter({ hasText: en.storageTest.allOk })).toBeVisible({ timeout: 30_000 });
  await expect(results).toContainText(fill(en.storageTest.hostKeyPinned, { fingerprint: sshd!.fingerprint }));
});

test('a WebDAV storage with a wrong password says so, in Chinese too; fixed, it passes', async ({ page }, testInfo) => {
  // Three storage tests, each a few round trips to the server: more than the default 30 s under a full run's load.
  test.setTimeout(90_000);
  const name = `dav-${testInfo.project.name}`;
  const form = await openNew(page, 'webdav');
  await form.getByLabel(t.form.name, { exact: true }).fill(name);
  await form.getByLabel(t.remote.url, { exact: true }).fill(webdav!.url);
  await form.getByLabel(t.remote.username, { exact: true }).fill(webdav!.username);
  await form.getByLabel(t.remote.password, { exact: true }).fill('not the password');
  await form.getByRole('button', { name: t.form.create }).click();
  await expect(page.getByRole('status').filter({ hasText: t.notice.created })).toBeVisible();
  await card(page, name)
    .getByRole('button', { name: `${t.list.test}: ${name}` })
    .click();
  await expect(card(page, name).getByRole('region', { name: t.test.heading })).toContainText(
    en.storageTest.authFailed,
    { timeout: 30_000 },
  );

  // The same page in Chinese, on a phone: the explanation in the reader's language.
  await page.context().addCookies([{ name: 'lng', value: btoa('"zh"'), url: server!.url }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server!.url}/admin/storage-config`);
  const zh = zhCatalog.storage;
  await card(page, name)
    .getByRole('button', { name: `${zh.list.test}: ${name}` })
    .click();
  const zhResults = card(page, name).getByRole('region', { name: zh.test.heading });
  await expect(zhResults).toContainText(zhCatalog.storageTest.authFailed, { timeout: 30_000 });
  // A WebDAV storage lists a folder, not a bucket.
  await expect(zhResults.getByRole('listitem').filter({ hasText: zh.test.checks.readFolder })).toContainText(
    zhCatalog.storageTest.readFolderFailed,
  );
  await expect(zhResults).not.toContainText(zh.test.checks.read);
  // The browser's round trip goes through Cloudclip to the same server: skipped, not a second failure.
  await expect(zhResults.getByRole('listitem').filter({ hasText: zh.test.checks.frontendSim })).toContainText(
    `${zh.test.skipped}${zhCatalog.storageTest.presignedSkipped}`,
  );
  await page.screenshot({ path: testInfo.outputPath('webdav-test-zh-phone.png'), fullPage: true });

  // Edited with the right password (blank fields keep the rest), it passes.
  await card(page, name)
    .getByRole('link', { name: fill(zh.list.editLabel, { name }) })
    .click();
  const edit = page.getByRole('region', { name: fill(zh.form.editHeading, { name }) });
  await expect(edit.getByLabel(zh.remote.password, { exact: true })).toHaveValue('');
  await expect(edit.getByLabel(zh.remote.url, { exact: true })).toHaveValue(webdav!.url);
  await edit.getByLabel(zh.remote.password, { exact: true }).fill(webdav!.password);
  await edit.getByRole('button', { name: zh.form.save }).click();
  await expect(page.getByRole('status').filter({ hasText: zh.notice.updated })).toBeVisible();
  await card(page, name)
    .getByRole('button', { name: `${zh.list.test}: ${name}` })
    .click();
  await expect(
    card(page, name).getByRole('region', { name: zh.test.heading }).getByRole('status').filter({
      hasText: zhCatalog.storageTest.allOk,
    }),
  ).toBeVisible({ timeout: 30_000 });
});
