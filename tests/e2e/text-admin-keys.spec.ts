import { expect, test } from '@playwright/test';
import { submitKeyLogin } from './auth-helpers';
import { fill } from './helpers';
import {
  adminToken,
  apiKey,
  bearer,
  confirmation,
  createKey,
  createPaste,
  notice,
  pasteById,
  t,
  textRow,
  textRows,
  TEXTS,
  uniqueMarker,
} from './text-admin-helpers';

test.use({ locale: 'en-US' });

const TEXT = 1;

test('a key with the text permission sees and deletes only its own texts', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'key');
  const token = await adminToken(request);
  const keyName = `${marker}-key`;
  const key = await createKey(request, token, keyName, TEXT);
  const mine = await createPaste(request, apiKey(key.key), { slug: `${marker}-mine`, content: 'Written by the key' });
  const admins = await createPaste(request, bearer(token), { slug: `${marker}-admin`, content: 'Written by admin' });

  await submitKeyLogin(page, key.key);
  await expect(page).toHaveURL(new RegExp(`${TEXTS}$`));
  await expect(page.getByText(fill(t.scope.key, { name: keyName }))).toBeVisible();
  // Clearing expired texts is for admins only.
  await expect(page.getByRole('button', { name: t.batch.clearExpired })).toHaveCount(0);

  await page.goto(`${TEXTS}?q=${marker}`);
  await expect(textRows(page)).toHaveCount(1);
  await expect(textRow(page, mine.slug)).toBeVisible();
  await expect(textRow(page, mine.slug).getByText(keyName)).toBeVisible();
  await expect(textRow(page, admins.slug)).toHaveCount(0);

  // Someone else's text cannot be previewed…
  await page.goto(`${TEXTS}?preview=${admins.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Text not found, or you may not access it' })).toBeVisible();

  // …nor deleted, even by a hand-made form post carrying its id.
  const forged = await page.request.post(`${TEXTS}?q=${marker}`, {
    form: { intent: 'batch-delete', ids: admins.id, confirmed: '1' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(forged.ok()).toBe(true);
  expect(await forged.text()).toContain(t.notice.deletedNone);
  expect(await pasteById(request, token, admins.id)).not.toBeNull();

  // Clearing expired texts is refused to a key.
  const clear = await page.request.post(TEXTS, {
    form: { intent: 'clear-expired', confirmed: '1' },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(clear.status()).toBe(403);

  // Its own text: deleted after the confirmation.
  await page.goto(`${TEXTS}?q=${marker}`);
  await page.getByRole('checkbox', { name: fill(t.list.selectOne, { slug: mine.slug }) }).check();
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  await confirmation(page).getByRole('button', { name: t.confirm.deleteConfirmOne }).click();
  await expect(notice(page, t.notice.deletedOne)).toBeVisible();
  await expect(textRows(page)).toHaveCount(0);
  expect(await pasteById(request, token, mine.id)).toBeNull();
  expect(await pasteById(request, token, admins.id)).not.toBeNull();
});
