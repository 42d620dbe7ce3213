import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './auth-helpers';
import { en, expectFieldError, fill, whenHydrated } from './helpers';
import {
  adminToken,
  bearer,
  confirmation,
  fileById,
  fileRow,
  fileRows,
  FILES,
  notice,
  objectExists,
  t,
  uniqueMarker,
  uploadFile,
} from './file-admin-helpers';

test.use({ locale: 'en-US' });

test('edit changes the remark, link suffix and password; a taken suffix is refused', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'edit');
  const token = await adminToken(request);
  const file = await uploadFile(request, bearer(token), `${marker}.txt`, 'edit me', { max_views: '5' });
  const other = await uploadFile(request, bearer(token), `${marker}-other.txt`, 'taken');

  await loginAsAdmin(page);
  await page.goto(`${FILES}?q=${marker}`);
  await fileRow(page, file.filename)
    .getByRole('link', { name: fill(t.list.editLabel, { name: file.filename }) })
    .click();
  const form = page.getByRole('region', { name: fill(t.edit.heading, { name: file.filename }) });
  await expect(form.getByLabel(en.file.edit.slug)).toHaveValue(file.slug);
  await expect(form.getByLabel(en.file.edit.maxViews)).toHaveValue('5');

  // A link suffix another file uses: refused on the field, nothing saved.
  await form.getByLabel(en.file.edit.remark).fill('Changed remark');
  await form.getByLabel(en.file.edit.slug).fill(other.slug);
  await form.getByRole('button', { name: en.file.edit.submit }).click();
  await expectFieldError(form, form.getByLabel(en.file.edit.slug), en.errors.fileSlugTaken);
  await expect(form.getByLabel(en.file.edit.remark)).toHaveValue('Changed remark');
  expect((await fileById(request, token, file.id))?.remark).toBeNull();

  const slug = `${marker}-new`;
  await form.getByLabel(en.file.edit.slug).fill(slug);
  await form.getByLabel(en.file.edit.password).fill('secret-1');
  await form.getByRole('button', { name: en.file.edit.submit }).click();
  await expect(notice(page, t.notice.updated)).toBeVisible();
  const row = fileRow(page, file.filename);
  await expect(row).toContainText('Changed remark');
  await expect(row).toContainText(`/file/${slug}`);
  await expect(row.getByText(t.list.passwordYes, { exact: true })).toBeVisible();
  // Max views was not touched, so it stays (and its count is not reset).
  await expect(row).toContainText(fill(t.list.viewsOf_other, { views: '0', max: '5' }));
  const saved = await fileById(request, token, file.id);
  expect(saved).toMatchObject({ remark: 'Changed remark', slug, has_password: true });

  // The owner sees the current password, and can remove it.
  await row.getByRole('link', { name: fill(t.list.editLabel, { name: file.filename }) }).click();
  await page.getByText(en.file.edit.currentPassword).click();
  await expect(page.getByText('secret-1', { exact: true })).toBeVisible();
  await page.getByLabel(en.file.edit.clearPassword).check();
  await page.getByRole('button', { name: en.file.edit.submit }).click();
  await expect(notice(page, t.notice.updated)).toBeVisible();
  await expect(fileRow(page, file.filename).getByText(t.list.passwordNo, { exact: true })).toBeVisible();
});

test('batch delete asks what to delete: "record only" keeps the stored file, the default removes it', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'del');
  const token = await adminToken(request);
  const kept = await uploadFile(request, bearer(token), `${marker}-kept.txt`, 'object stays');
  const gone = await uploadFile(request, bearer(token), `${marker}-gone.txt`, 'object goes');
  const keptPath = (await fileById(request, token, kept.id))!.storage_path;
  const gonePath = (await fileById(request, token, gone.id))!.storage_path;
  expect(objectExists(keptPath) && objectExists(gonePath)).toBe(true);

  await loginAsAdmin(page);
  await page.goto(`${FILES}?q=${marker}`);
  await expect(fileRows(page)).toHaveCount(2);

  // Nothing selected: asked to select something first (with JS at once, without JS by the action).
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  await expect(page.getByRole('alert').filter({ hasText: en.errors.idsRequired })).toBeVisible();

  // Record only: the share goes, its object stays.
  await page.getByRole('checkbox', { name: fill(t.list.selectOne, { name: kept.filename }) }).check();
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  const ask = confirmation(page);
  await expect(ask.getByRole('heading', { name: t.confirm.headingOne })).toBeVisible();
  await expect(ask.getByText(kept.filename, { exact: true })).toBeVisible();
  await expect(ask.getByRole('radio', { name: t.confirm.modes.both })).toBeChecked();
  await ask.getByRole('radio', { name: t.confirm.modes.record_only }).check();
  await ask.getByRole('button', { name: t.confirm.confirmOne }).click();
  await expect(notice(page, t.notice.deletedOne)).toBeVisible();
  await expect(fileRows(page)).toHaveCount(1);
  expect(await fileById(request, token, kept.id)).toBeNull();
  // Kept out of the app's reserved prefix, where a mount of the storage reaches it (issue 42, item 9).
  expect(objectExists(keptPath)).toBe(false);
  expect(objectExists(keptPath.replace(/^\.cloudclip-shares\//, ''))).toBe(true);

  // The row's own delete button, with the default: share and object both go.
  await fileRow(page, gone.filename)
    .getByRole('button', { name: fill(t.list.deleteLabel, { name: gone.filename }) })
    .click();
  await confirmation(page).getByRole('button', { name: t.confirm.confirmOne }).click();
  await expect(notice(page, t.notice.deletedOne)).toBeVisible();
  await expect(page.getByRole('heading', { name: fill(t.empty.noResultsHeading, { query: marker }) })).toBeVisible();
  expect(await fileById(request, token, gone.id)).toBeNull();
  expect(objectExists(gonePath)).toBe(false);
});

test('cancelling the delete question deletes nothing', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'keep');
  const token = await adminToken(request);
  const file = await uploadFile(request, bearer(token), `${marker}.txt`, 'stays');
  await loginAsAdmin(page);
  await page.goto(`${FILES}?q=${marker}`);
  await whenHydrated(page);
  await page.getByRole('checkbox', { name: fill(t.list.selectOne, { name: file.filename }) }).check();
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  const ask = confirmation(page);
  await ask
    .getByRole('button', { name: en.common.confirm.cancel })
    .or(ask.getByRole('link', { name: en.common.confirm.cancel }))
    .click();
  await expect(confirmation(page)).toHaveCount(0);
  await expect(fileRows(page)).toHaveCount(1);
  expect(await fileById(request, token, file.id)).not.toBeNull();
});

test('preview shows a text file, and a password-protected image to its owner', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'pre');
  const token = await adminToken(request);
  const text = await uploadFile(request, bearer(token), `${marker}.md`, '# Heading\n\n<b>not bold</b>');
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a34a' } })
    .png()
    .toBuffer();
  const image = await uploadFile(request, bearer(token), `${marker}.png`, png, { password: 'locked-1' });

  await loginAsAdmin(page);
  await page.goto(`${FILES}?q=${marker}`);
  await fileRow(page, text.filename)
    .getByRole('link', { name: fill(t.list.previewLabel, { name: text.filename }) })
    .click();
  const panel = page.getByRole('region', { name: fill(t.preview.heading, { name: text.filename }) });
  await expect(panel.getByLabel(t.preview.textLabel)).toHaveText('# Heading\n\n<b>not bold</b>');

  await fileRow(page, image.filename)
    .getByRole('link', { name: fill(t.list.previewLabel, { name: image.filename }) })
    .click();
  const imagePanel = page.getByRole('region', { name: fill(t.preview.heading, { name: image.filename }) });
  const img = imagePanel.getByRole('img', { name: image.filename });
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  expect(src).toMatch(new RegExp(`^/api/file-view/${image.slug}\\?grant=`));
  const response = await page.request.get(src!);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  if (testInfo.project.name === 'js') {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(40);
  }
});
