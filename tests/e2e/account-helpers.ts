import { expect, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en } from './helpers';

/** Invites a member from Admin → Accounts (the form, as an admin uses it) and answers its one-time link. */
export async function invite(page: Page, username: string): Promise<string> {
  await loginAsAdmin(page);
  await page.goto('/admin/users');
  await page.getByRole('link', { name: en.accounts.admin.invite }).click();
  await page.getByLabel(en.accounts.admin.username).fill(username);
  await page.getByLabel(en.accounts.admin.name).fill(`Member ${username.slice(-6)}`);
  await page.getByRole('checkbox', { name: en.keys.permissions.text }).check();
  await page.getByRole('checkbox', { name: en.keys.permissions.file_share }).check();
  await page.getByRole('button', { name: en.accounts.admin.submitInvite }).click();
  const link = page.getByLabel(en.accounts.admin.linkLabel, { exact: true });
  await expect(link).toHaveValue(/\/invite\/[A-Za-z0-9]{32}$/);
  return link.inputValue();
}

/** Accepts an invitation in a fresh browser: chooses the password and lands signed in. */
export async function accept(page: Page, link: string, password: string, t: typeof en = en): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.accounts.invite.heading);
  await page.getByLabel(t.accounts.invite.password, { exact: true }).fill(password);
  await page.getByLabel(t.accounts.invite.confirm).fill(password);
  await page.getByRole('button', { name: t.accounts.invite.submit }).click();
  await expect(page).toHaveURL(/\/admin\//);
}
