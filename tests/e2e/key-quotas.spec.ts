import { expect, test } from '@playwright/test';
import { loginAsAdmin, logout, submitKeyLogin, uniqueName } from './auth-helpers';
import { en, fill, whenHydrated } from './helpers';
import { fillPasteForm } from './paste-helpers';

/**
 * Per-key quotas (issue 32) as people meet them, with JavaScript and without: the admin sets them
 * in the key form, the key holder sees what is left beside their panel, and a paste past the limit
 * comes back with the reason in the form.
 */
test.use({ locale: 'en-US' });
const f = en.keys.form;

test('an admin limits a key to one paste a day; its holder sees the limit and is told when it is reached', async ({
  page,
}, testInfo) => {
  const name = uniqueName(testInfo, 'quota');
  await loginAsAdmin(page);
  await page.goto('/admin/key-management?new');
  await whenHydrated(page);
  const form = page.getByRole('region', { name: f.createHeading });
  await form.getByLabel(f.name, { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: en.keys.permissions.text, exact: true }).check();
  await form.getByRole('checkbox', { name: en.keys.permissions.file_share, exact: true }).check();
  await form.getByLabel(f.quota_day_shares).fill('1');
  await form.getByLabel(f.quota_mb).fill('2.5');
  await form.getByRole('button', { name: f.create }).click();
  const banner = page.getByRole('status').filter({ hasText: fill(en.keys.created.heading, { name }) });
  const key = await banner.getByLabel(en.keys.created.keyLabel).inputValue();

  const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  const use = row.getByRole('list', { name: en.keys.quota.label });
  await expect(use).toContainText(fill(en.keys.quota.stored, { value: '0 B of 2.5 MB' }));
  await expect(use).toContainText(fill(en.keys.quota.today, { bytes: '0 B', shares: '0 of 1' }));

  await logout(page);
  await submitKeyLogin(page, key);
  await expect(page.getByRole('list', { name: en.keys.quota.label })).toContainText('0 of 1');
  // Where it chooses files, the key is told its own limit (2.5 MB stored at most), not the site's.
  await page.goto('/upload');
  await expect(page.getByText(fill(en.upload.form.maxSize, { max: '2.5 MB' }))).toBeVisible();
  await page.goto('/');
  await fillPasteForm(page, { content: 'the one paste of today' });
  await expect(page.getByRole('heading', { name: en.paste.created.heading })).toBeVisible();
  await page.goto('/');
  await fillPasteForm(page, { content: 'one too many' });
  await expect(page.getByRole('alert').first()).toContainText(fill(en.errors.quotaDayShares, { max: '1', left: '0' }));
  await page.goto('/admin/text-management');
  await expect(page.getByRole('list', { name: en.keys.quota.label })).toContainText('1 of 1');
});
