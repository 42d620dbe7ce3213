import { expect, test } from '@playwright/test';
import { Permission } from '../../app/lib/permissions';
import { ADMIN, createKeyViaApi, loginAsAdmin, submitAdminLogin, submitKeyLogin, uniqueName } from './auth-helpers';
import { en, titleOf } from './helpers';

test.use({ locale: 'en-US' });

test('an admin logs in at /admin and lands on the dashboard', async ({ page }) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: en.auth.login.heading })).toBeVisible();
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText(en.pages.admin.adminPanel, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.dashboard);
  await expect(page).toHaveTitle(titleOf(en.pages.admin.dashboard));
  await expect(page.getByRole('link', { name: en.pages.admin.keyManagement })).toBeVisible();
});

test('a wrong password shows the translated error with status 401', async ({ page }) => {
  await page.goto('/admin');
  const response = page.waitForResponse((r) => r.request().method() === 'POST');
  await submitAdminLogin(page, { username: ADMIN.username, password: 'not-the-password' });
  expect((await response).status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(en.errors.invalidCredentials);
  // The username is kept, the password is not.
  await expect(page.getByLabel(en.auth.login.username)).toHaveValue(ADMIN.username);
  await expect(page.getByLabel(en.auth.login.password, { exact: true })).toHaveValue('');
});

test('a wrong key gets "invalid or unauthorized key"', async ({ page }) => {
  await submitKeyLogin(page, 'no-such-key-' + Date.now());
  await expect(page.getByRole('alert')).toHaveText(en.errors.apiKeyInvalid);
  await expect(page.getByText(en.pages.admin.userPanel, { exact: true })).toHaveCount(0);
});

test('a key with only the WebDAV permission gets "insufficient permissions" at login', async ({
  page,
  request,
}, testInfo) => {
  const key = await createKeyViaApi(request, {
    name: uniqueName(testInfo, 'webdav'),
    permissions: Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE,
  });
  const response = page.waitForResponse((r) => r.request().method() === 'POST');
  await submitKeyLogin(page, key);
  expect((await response).status()).toBe(403);
  await expect(page.getByRole('alert')).toHaveText(en.errors.apiKeyNoPermission);
});

test('a key with only mount permissions is sent Home when opening /admin', async ({ page, request }, testInfo) => {
  const key = await createKeyViaApi(request, {
    name: uniqueName(testInfo, 'mount'),
    permissions: Permission.MOUNT_VIEW | Permission.MOUNT_UPLOAD,
  });
  await submitKeyLogin(page, key);
  // Neither admin nor text/file permission: the first module it may use is Home.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);

  for (const path of ['/admin', '/admin/text-management', '/admin/key-management']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
});

test('an admin session survives to other modules and logging out ends it', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin/key-management');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.keyManagement);
  await page.getByRole('button', { name: en.auth.logout }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/\?notice=loggedOut$/);
  await expect(page.getByRole('status').filter({ hasText: en.auth.loggedOut })).toBeVisible();
  await page.goto('/admin/key-management');
  await expect(page.getByRole('heading', { level: 1, name: en.auth.login.heading })).toBeVisible();
});
