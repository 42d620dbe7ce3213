import { expect, test } from '@playwright/test';
import { uniqueName } from './auth-helpers';
import { accept, invite } from './account-helpers';
import { en, visitorPage, zh } from './helpers';
import { fillUploadForm, tempFile, uploadedLinks } from './upload-helpers';
import { totpCode } from '../support/totp';

// Every test here runs in both projects: `js` and `no-js` (JavaScript disabled, plain form posts).
test.use({ locale: 'en-US' });
// Several scrypt sign-ins per test on a busy two-core machine.
test.describe.configure({ timeout: 60_000 });

test('an admin invites a member, who sets a password, uploads and shares; the link works once', async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const username = uniqueName(testInfo, 'mia');
  const link = await invite(page, username);
  // The admin sees the account as invited until the link is used.
  await page.goto('/admin/users');
  const row = page.getByTestId('account-row').filter({ hasText: username });
  await expect(row.getByText(en.accounts.admin.status.invited)).toBeVisible();

  const member = await visitorPage(browser, javaScriptEnabled);
  await accept(member, link, 'member-password-1');
  await member.goto('/upload');
  await fillUploadForm(member, { file: tempFile(testInfo, 'member notes.txt', 'from a member') });
  const { link: share } = await uploadedLinks(member);
  const visitor = await visitorPage(browser, javaScriptEnabled);
  await visitor.goto(share);
  await expect(visitor.getByText('member notes.txt').first()).toBeVisible();
  // Its own file list shows it; the admin's panel modules are not there.
  await member.goto('/admin/file-management');
  await expect(member.getByText('member notes.txt').first()).toBeVisible();
  await expect(member.getByRole('link', { name: en.pages.admin.users })).toHaveCount(0);
  // Used once: the link is gone.
  await visitor.goto(link);
  await expect(visitor.getByText(en.errors.invitationNotFound)).toBeVisible();

  await page.reload();
  await expect(row.getByText(en.accounts.admin.status.active)).toBeVisible();
  await member.context().close();
  await visitor.context().close();
});

test('a member turns on two-step verification in Chinese on a phone, then signs in with a code', async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const username = uniqueName(testInfo, 'zhe');
  const link = await invite(page, username);
  const phone = await visitorPage(browser, javaScriptEnabled, {
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
  });
  await accept(phone, link, 'member-password-2', zh);

  await phone.goto('/admin/account');
  await phone.getByRole('button', { name: zh.accounts.security.start }).click();
  const secret = (await phone.getByTestId('totp-secret').textContent())!.trim();
  await phone.getByLabel(zh.accounts.code, { exact: true }).fill(totpCode(secret));
  await phone.getByRole('button', { name: zh.accounts.totp.confirm }).click();
  await expect(phone.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(phone.getByTestId('second-factor-state')).toContainText(zh.accounts.security.on);
  await testInfo.attach('two-step on, zh, phone', {
    body: await phone.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });

  // Signing in again takes the password, then the code on a page of its own.
  await phone.context().clearCookies();
  await phone.goto('/admin/login');
  await phone.getByLabel(zh.auth.login.username).fill(username);
  await phone.getByLabel(zh.auth.login.password, { exact: true }).fill('member-password-2');
  await phone.getByRole('button', { name: zh.auth.login.submit, exact: true }).click();
  await expect(phone).toHaveURL(/\/admin\/login\/second-factor/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(zh.accounts.secondFactor.heading);
  const code = phone.getByLabel(zh.accounts.code, { exact: true });
  await code.fill('000000');
  await phone.getByRole('button', { name: zh.accounts.secondFactor.verify }).click();
  await expect(phone.getByText(zh.errors.secondFactorWrong).first()).toBeVisible();
  await phone.getByLabel(zh.accounts.code, { exact: true }).fill(totpCode(secret, 1));
  await phone.getByRole('button', { name: zh.accounts.secondFactor.verify }).click();
  await expect(phone).toHaveURL(/\/admin\/(text|file)-management/);
  await phone.context().close();
});
