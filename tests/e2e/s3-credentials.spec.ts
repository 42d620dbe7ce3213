import { expect, test } from '@playwright/test';
import { loginAsAdmin, uniqueName } from './auth-helpers';
import { en, fill, whenHydrated } from './helpers';

test.use({ locale: 'en-US' });

const KEYS = '/admin/key-management';

/**
 * A key's S3 credentials on Admin → API keys (docs/s3.md §2), with and without JavaScript: shown
 * once with the new key, never in the list, and made new after a confirmation, shown once again.
 */
test('a new key shows its S3 credentials once; new ones are made after a confirmation', async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, 's3');
  await loginAsAdmin(page);
  await page.goto(`${KEYS}?new`);
  await whenHydrated(page);
  const form = page.getByRole('region', { name: en.keys.form.createHeading });
  await form.getByLabel(en.keys.form.name, { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: en.keys.permissions.mount_view, exact: true }).check();
  await form.getByRole('button', { name: en.keys.form.create }).click();

  const banner = page.getByRole('status').filter({ hasText: fill(en.keys.created.heading, { name }) });
  await expect(banner.getByRole('heading', { name: en.keys.s3.heading })).toBeVisible();
  const accessKeyId = await banner.getByRole('textbox', { name: en.keys.s3.accessKeyId, exact: true }).inputValue();
  const secret = await banner.getByRole('textbox', { name: en.keys.s3.secret, exact: true }).inputValue();
  expect(accessKeyId).toMatch(/^CC[A-Z0-9]{18}$/);
  expect(secret).toHaveLength(40);
  // Copying needs JavaScript; without it the fields are there to select.
  if (test.info().project.use.javaScriptEnabled !== false)
    await expect(banner.getByRole('button', { name: en.keys.s3.copySecret })).toBeVisible();

  // The list never carries the secret.
  await page.goto(KEYS);
  expect(await page.content()).not.toContain(secret);

  const row = page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  await row.getByRole('link', { name: fill(en.keys.list.editLabel, { name }) }).click();
  await expect(page.getByText(fill(en.keys.s3.current, { id: accessKeyId }))).toBeVisible();
  await page.getByRole('link', { name: fill(en.keys.s3.renewLabel, { name }) }).click();
  const confirm = page.getByRole('alertdialog', { name: fill(en.keys.s3.confirmHeading, { name }) });
  await expect(confirm).toHaveAccessibleDescription(en.keys.s3.confirmBody);
  await confirm.getByRole('button', { name: en.keys.s3.confirm }).click();

  const renewed = page.getByRole('status').filter({ hasText: fill(en.keys.s3.renewedHeading, { name }) });
  const newSecret = await renewed.getByRole('textbox', { name: en.keys.s3.secret, exact: true }).inputValue();
  expect(newSecret).toHaveLength(40);
  expect(newSecret).not.toBe(secret);
  const newId = (await renewed.getByTestId('s3-access-key-id').textContent())!;
  expect(newId).not.toContain(accessKeyId);
  expect(newId).toMatch(/CC[A-Z0-9]{18}/);
});
