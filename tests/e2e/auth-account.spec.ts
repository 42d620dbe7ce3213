import { expect, test } from '@playwright/test';
import { loginAsAdmin, submitAdminLogin } from './auth-helpers';
import { en, expectFieldError, fill } from './helpers';
import { startServer, type RunningServer } from '../support/server';

test.use({ locale: 'en-US' });
// Each test logs in on its own server several times (scrypt on purpose), and the first waits out a
// 3 s countdown: 28-38 s on a busy two-core machine, too close to the default 30 s.
test.describe.configure({ timeout: 60_000 });

// Changing the password revokes every admin session: this runs against a private server, so the
// shared server's admin keeps its password.
let server: RunningServer;
const OLD = { username: 'admin', password: 'old-password-123' };
const NEW_PASSWORD = 'new-password-456';

test.beforeEach(async () => {
  server = await startServer({ adminUsername: OLD.username, adminPassword: OLD.password });
});
test.afterEach(async () => {
  await server?.stop();
});

test('changing the password logs the admin out after a countdown; then only the new password works', async ({
  page,
}) => {
  const base = server.url;
  await loginAsAdmin(page, OLD, base);
  await page.goto(`${base}/admin/account`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.account);

  const current = page.getByLabel(en.account.currentPassword);
  const newUsername = page.getByLabel(en.account.newUsername);
  const password = page.getByLabel(en.account.newPassword, { exact: true });
  const confirm = page.getByLabel(en.account.confirmPassword);
  const submit = page.getByRole('button', { name: en.account.submit });

  // The two new passwords must match (checked before anything changes); the username is kept.
  await current.fill(OLD.password);
  await newUsername.fill('admin2');
  await password.fill(NEW_PASSWORD);
  await confirm.fill('something-else');
  await submit.click();
  await expectFieldError(page, confirm, en.account.passwordMismatch);
  await expect(newUsername).toHaveValue('admin2');
  await expect(password).toHaveValue('');

  // A wrong current password: 401 and the translated message.
  await newUsername.fill('');
  await current.fill('wrong-password');
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  const failed = page.waitForResponse((r) => r.request().method() === 'POST');
  await submit.click();
  expect((await failed).status()).toBe(401);
  await expectFieldError(page, current, en.errors.currentPasswordWrong);

  // Nothing new at all: the schema's rule.
  await current.fill(OLD.password);
  await submit.click();
  await expectFieldError(page, password, en.errors.newCredentialRequired);

  // Success: countdown, then the login form.
  await current.fill(OLD.password);
  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await submit.click();
  await expect(page.getByRole('heading', { name: en.account.done.heading })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(
    new RegExp(fill(en.account.done.countdown, { seconds: '[0-3]' }).replace(/[.]/g, '\\.')),
  );
  await expect(page.getByRole('link', { name: en.account.done.loginNow })).toHaveAttribute('href', '/admin');
  // The session cookie is gone at once.
  expect((await page.context().cookies(base)).filter((c) => c.name === 'cc_session' && c.value)).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: en.auth.login.heading })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(`${base}/admin`);

  // The old password no longer works …
  await submitAdminLogin(page, OLD);
  await expect(page.getByRole('alert')).toHaveText(en.errors.invalidCredentials);
  // … the new one does.
  await submitAdminLogin(page, { username: OLD.username, password: NEW_PASSWORD });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.dashboard);
});

test('an old session is revoked everywhere after the change', async ({ page, browser }) => {
  const base = server.url;
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await loginAsAdmin(otherPage, OLD, base);

  await loginAsAdmin(page, OLD, base);
  await page.goto(`${base}/admin/account`);
  await page.getByLabel(en.account.currentPassword).fill(OLD.password);
  await page.getByLabel(en.account.newUsername).fill('root');
  await page.getByRole('button', { name: en.account.submit }).click();
  await expect(page.getByRole('heading', { name: en.account.done.heading })).toBeVisible();

  await otherPage.goto(`${base}/admin/account`);
  await expect(otherPage.getByRole('heading', { level: 1, name: en.auth.login.heading })).toBeVisible();
  await other.close();

  await expect(page.getByRole('heading', { level: 1, name: en.auth.login.heading })).toBeVisible({ timeout: 10_000 });
  await loginAsAdmin(page, { username: 'root', password: OLD.password }, base);
});
