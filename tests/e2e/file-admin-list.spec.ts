import { expect, test } from '@playwright/test';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, fill } from './helpers';
import {
  adminToken,
  apiKey,
  bearer,
  createKey,
  fileRow,
  fileRows,
  FILES,
  searchFor,
  t,
  uniqueMarker,
  uploadFile,
} from './file-admin-helpers';

test.use({ locale: 'en-US' });

const FILE_SHARE = 2;

test('uploads made through the API are listed with their details, and the search finds them', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'list');
  const token = await adminToken(request);
  const notes = await uploadFile(request, bearer(token), `${marker}-notes.txt`, 'hello notes', {
    remark: `Remark of ${marker}`,
    password: 'pw-123',
  });
  const data = await uploadFile(request, bearer(token), `${marker}-data.bin`, Buffer.alloc(2048, 1), {
    max_views: '3',
    expires_in: '24',
  });

  await loginAsAdmin(page);
  await page.goto(FILES);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.fileManagement);
  await expect(page.getByText(t.scope.admin)).toBeVisible();
  await searchFor(page, marker);
  await expect(fileRows(page)).toHaveCount(2);
  await expect(page.getByText(fill(t.summary.resultsMany, { count: '2', query: marker }))).toBeVisible();

  const notesRow = fileRow(page, notes.filename);
  await expect(notesRow.getByRole('link', { name: fill(t.list.open, { name: notes.filename }) })).toHaveAttribute(
    'href',
    `/file/${notes.slug}`,
  );
  await expect(notesRow).toContainText(`Remark of ${marker}`);
  await expect(notesRow).toContainText('11 B');
  await expect(notesRow).toContainText('text/plain');
  await expect(notesRow).toContainText('Local storage');
  await expect(notesRow.getByText(t.list.passwordYes, { exact: true })).toBeVisible();
  await expect(notesRow).toContainText(fill(t.list.viewsUnlimited_other, { views: '0' }));
  await expect(notesRow).toContainText(t.list.never);
  await expect(notesRow).toContainText(t.list.adminCreator);

  const dataRow = fileRow(page, data.filename);
  await expect(dataRow).toContainText('2 KB');
  await expect(dataRow).toContainText('application/octet-stream');
  await expect(dataRow.getByText(t.list.passwordNo, { exact: true })).toBeVisible();
  await expect(dataRow).toContainText(fill(t.list.viewsOf_other, { views: '0', max: '3' }));
  await expect(dataRow.getByText(t.list.never)).toHaveCount(0);
  await expect(dataRow.getByText(t.list.expired, { exact: true })).toHaveCount(0);

  // A narrower search, a search too short to apply, and one that finds nothing.
  await searchFor(page, `${marker}-notes`);
  await expect(fileRows(page)).toHaveCount(1);
  await searchFor(page, 'x');
  await expect(page.getByRole('alert').filter({ hasText: t.search.tooShort })).toBeVisible();
  await searchFor(page, `${marker}-nothing`);
  await expect(
    page.getByRole('heading', { name: fill(t.empty.noResultsHeading, { query: `${marker}-nothing` }) }),
  ).toBeVisible();
  await page.getByRole('link', { name: t.empty.showAll }).click();
  await expect(page).toHaveURL(new RegExp(`${FILES}$`));
});

test('a key user sees only the files of their own key', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'key');
  const token = await adminToken(request);
  const keyName = `${marker}-key`;
  const key = await createKey(request, token, keyName, FILE_SHARE);
  const mine = await uploadFile(request, apiKey(key.key), `${marker}-mine.txt`, 'by the key');
  const admins = await uploadFile(request, bearer(token), `${marker}-admin.txt`, 'by the admin');

  await submitKeyLogin(page, key.key);
  await expect(page).toHaveURL(new RegExp(`${FILES}$`));
  await expect(page.getByText(fill(t.scope.key, { name: keyName }))).toBeVisible();
  await page.goto(`${FILES}?q=${marker}`);
  await expect(fileRows(page)).toHaveCount(1);
  await expect(fileRow(page, mine.filename)).toContainText(keyName);
  await expect(fileRow(page, admins.filename)).toHaveCount(0);

  // Someone else's file cannot be opened for editing or preview either.
  await page.goto(`${FILES}?edit=${admins.id}`);
  await expect(page.getByRole('alert').filter({ hasText: en.errors.fileNotFoundOrForbidden })).toBeVisible();
  await expect(page.getByRole('heading', { name: fill(t.edit.heading, { name: admins.filename }) })).toHaveCount(0);
});
