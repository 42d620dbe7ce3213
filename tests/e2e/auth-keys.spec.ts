import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, logout, submitKeyLogin, uniqueName } from './auth-helpers';
import { en, fill, whenHydrated } from './helpers';

test.use({ locale: 'en-US' });

const KEYS = '/admin/key-management';

/** The row (a table row on desktop) of the key called `name`. */
function keyRow(page: Page, name: string) {
  return page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

async function createTextOnlyKey(page: Page, name: string): Promise<string> {
  await page.goto(`${KEYS}?new`);
  await whenHydrated(page);
  const form = page.getByRole('region', { name: en.keys.form.createHeading });
  await form.getByLabel(en.keys.form.name, { exact: true }).fill(name);
  await form.getByRole('checkbox', { name: en.keys.permissions.text, exact: true }).check();
  await form.getByRole('radio', { name: en.keys.form.expiry7 }).check();
  await form.getByRole('button', { name: en.keys.form.create }).click();

  const banner = page.getByRole('status').filter({ hasText: fill(en.keys.created.heading, { name }) });
  await expect(banner).toBeVisible();
  const key = await banner.getByLabel(en.keys.created.keyLabel).inputValue();
  expect(key).toMatch(/^[A-Za-z0-9]{24}$/);
  return key;
}

test('an admin creates a text-only key; that key logs in to the user panel and is kept out of admin modules', async ({
  page,
}, testInfo) => {
  const name = uniqueName(testInfo, 'text');
  await loginAsAdmin(page);
  const key = await createTextOnlyKey(page, name);

  // The list shows the new key with its permission, base path and role.
  const row = keyRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByText(en.keys.permissions.text, { exact: true })).toBeVisible();
  await expect(row.getByText(en.keys.permissions.file_share, { exact: true })).toHaveCount(0);
  await expect(row.getByText(`${en.keys.list.role}: ${en.keys.roles.GENERAL}`, { exact: true })).toBeVisible();
  await expect(row.getByText(`${key.slice(0, 6)}...`)).toBeVisible();
  // The banner does not pretend the key can never be shown again; the create form is behind "New key".
  await expect(page.getByRole('status').filter({ hasText: en.keys.created.body })).toBeVisible();
  await expect(page.getByRole('region', { name: en.keys.form.createHeading })).toHaveCount(0);
  await page.goto(KEYS);
  await page.getByRole('link', { name: en.keys.newKey }).click();
  const form = page.getByRole('region', { name: en.keys.form.createHeading });
  await expect(form).toBeVisible();
  await form.getByRole('link', { name: en.keys.form.cancel }).click();
  await expect(form).toHaveCount(0);

  await logout(page);
  await submitKeyLogin(page, key);
  await expect(page).toHaveURL(/\/admin\/text-management$/);
  await expect(page.getByText(en.pages.admin.userPanel, { exact: true })).toBeVisible();
  await expect(page.getByText(en.pages.admin.adminPanel, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: en.pages.admin.keyManagement })).toHaveCount(0);

  await page.goto(KEYS);
  await expect(page).toHaveURL(/\/admin\/text-management$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/text-management$/);
});

test('the create form reports each mistake in its field and keeps what was typed', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${KEYS}?new`);
  const form = page.getByRole('region', { name: en.keys.form.createHeading });
  // The role is a label explained in words; "ADMIN", which would suggest admin rights, is not offered.
  const role = form.getByLabel(en.keys.form.role);
  await expect(role).toHaveAccessibleDescription(en.keys.form.roleHint);
  await expect(role.locator('option')).toHaveText([en.keys.roles.GENERAL, en.keys.roles.GUEST]);
  await expect(form.getByLabel(en.keys.form.isGuest)).toHaveAccessibleDescription(en.keys.form.isGuestHint);
  await form.getByRole('radio', { name: en.keys.form.custom }).check();
  await form.getByLabel(en.keys.form.basePath).fill('/docs');
  await form.getByRole('button', { name: en.keys.form.create }).click();
  await expect(form.getByText(en.keys.form.customKeyRequired).first()).toBeVisible();
  await expect(form.getByLabel(en.keys.form.basePath)).toHaveValue('/docs');

  await form.getByLabel(en.keys.form.customKey).fill('bad key!');
  await form.getByRole('radio', { name: en.keys.form.expiryCustom }).check();
  await form.getByLabel(en.keys.form.expiryDays).fill('');
  await form.getByRole('button', { name: en.keys.form.create }).click();
  await expect(form.getByText(en.keys.form.expiryDaysRequired).first()).toBeVisible();
  await expect(form.getByLabel(en.keys.form.customKey)).toHaveValue('bad key!');

  // The shared schema's rules, with its translated messages: name required, key pattern.
  await form.getByLabel(en.keys.form.expiryDays).fill('10');
  const response = page.waitForResponse((r) => r.request().method() === 'POST');
  await form.getByRole('button', { name: en.keys.form.create }).click();
  expect((await response).status()).toBe(400);
  await expect(form.locator('#create-name-error')).toHaveText(en.errors.keyNameRequired);
  await expect(form.locator('#create-custom_key-error')).toHaveText(en.errors.customKeyInvalid);
  await expect(form.getByLabel(en.keys.form.name, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel(en.keys.form.expiryDays)).toHaveValue('10');
});

test('an admin edits and then deletes a key, with a confirmation step', async ({ page }, testInfo) => {
  const name = uniqueName(testInfo, 'edit');
  const renamed = `${name}-renamed`;
  await loginAsAdmin(page);
  await createTextOnlyKey(page, name);

  await page.getByRole('link', { name: fill(en.keys.list.editLabel, { name }) }).click();
  await expect(page).toHaveURL(/\?edit=/);
  const editForm = page.getByRole('region', { name: fill(en.keys.form.editHeading, { name }) });
  await editForm.getByLabel(en.keys.form.name, { exact: true }).fill(renamed);
  await editForm.getByRole('checkbox', { name: en.keys.permissions.file_share, exact: true }).check();
  await editForm.getByLabel(en.keys.form.basePath).fill('/shared');
  await editForm.getByRole('radio', { name: en.keys.form.expiryNever }).check();
  await editForm.getByRole('button', { name: en.keys.form.save }).click();

  await expect(page).toHaveURL(/notice=updated/);
  await expect(page.getByRole('status').filter({ hasText: en.errors.keyUpdated })).toBeVisible();
  const row = keyRow(page, renamed);
  await expect(row.getByText(en.keys.permissions.file_share, { exact: true })).toBeVisible();
  await expect(row.getByText('/shared', { exact: true })).toBeVisible();
  await expect(row.getByText(en.keys.list.never, { exact: true })).toBeVisible();

  await row.getByRole('link', { name: fill(en.keys.list.deleteLabel, { name: renamed }) }).click();
  const confirm = page.getByRole('alertdialog', { name: fill(en.keys.delete.heading, { name: renamed }) });
  await expect(confirm).toBeVisible();
  // Cancel first: nothing is deleted.
  await confirm.getByRole('link', { name: en.keys.delete.cancel }).click();
  await expect(keyRow(page, renamed)).toBeVisible();

  await keyRow(page, renamed)
    .getByRole('link', { name: fill(en.keys.list.deleteLabel, { name: renamed }) })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: en.keys.delete.confirm }).click();
  await expect(page).toHaveURL(/notice=deleted/);
  await expect(page.getByRole('status').filter({ hasText: en.errors.keyDeleted })).toBeVisible();
  await expect(keyRow(page, renamed)).toHaveCount(0);
});

test('with JavaScript, presets tick the permission templates and the new key is copied to the clipboard @js', async ({
  page,
  context,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = uniqueName(testInfo, 'preset');
  await loginAsAdmin(page);
  await page.goto(`${KEYS}?new`);
  const form = page.getByRole('region', { name: en.keys.form.createHeading });
  const presets = form.getByRole('group', { name: en.keys.presets.label });
  const box = (flag: keyof typeof en.keys.permissions) =>
    form.getByRole('checkbox', { name: en.keys.permissions[flag], exact: true });

  await presets.getByRole('button', { name: en.keys.presets.general }).click();
  for (const flag of ['text', 'file_share', 'mount_view', 'mount_upload', 'webdav_read'] as const) {
    await expect(box(flag), flag).toBeChecked();
  }
  for (const flag of ['mount_copy', 'mount_rename', 'mount_delete', 'webdav_manage'] as const) {
    await expect(box(flag), flag).not.toBeChecked();
  }
  await presets.getByRole('button', { name: en.keys.presets.none }).click();
  await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await presets.getByRole('button', { name: en.keys.presets.readOnly }).click();
  await expect(form.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(box('mount_view')).toBeChecked();

  await form.getByLabel(en.keys.form.name, { exact: true }).fill(name);
  await form.getByRole('button', { name: en.keys.form.create }).click();
  const banner = page.getByRole('status').filter({ hasText: fill(en.keys.created.heading, { name }) });
  const key = await banner.getByLabel(en.keys.created.keyLabel).inputValue();
  // The banner is brought into view, since the form was posted from further down the page.
  await expect(banner).toBeInViewport();
  await banner.getByRole('button', { name: fill(en.keys.copy.copyLabel, { name }) }).click();
  await expect(banner.getByRole('button', { name: fill(en.keys.copy.copyLabel, { name }) })).toContainText(
    en.keys.copy.copied,
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  // The form is put away behind "New key"; opened again, it is empty.
  await expect(form).toHaveCount(0);
  await page.getByRole('link', { name: en.keys.newKey }).click();
  await expect(form.getByLabel(en.keys.form.name, { exact: true })).toHaveValue('');
  await expect(keyRow(page, name).getByText(en.keys.permissions.mount_view, { exact: true })).toBeVisible();
});
