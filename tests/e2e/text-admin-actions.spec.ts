import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { fill, whenHydrated } from './helpers';
import {
  adminToken,
  bearer,
  cancelConfirmation,
  confirmation,
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

test('batch delete asks first, then removes exactly the selected texts', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'del');
  const token = await adminToken(request);
  const [a, b, c] = [
    await createPaste(request, bearer(token), { slug: `${marker}-a`, content: 'A' }),
    await createPaste(request, bearer(token), { slug: `${marker}-b`, content: 'B' }),
    await createPaste(request, bearer(token), { slug: `${marker}-c`, content: 'C' }),
  ];

  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await whenHydrated(page);
  await expect(textRows(page)).toHaveCount(3);
  const select = (slug: string) => page.getByRole('checkbox', { name: fill(t.list.selectOne, { slug }) }).check();
  await select(a.slug);
  await select(c.slug);

  // Asked first; cancelling deletes nothing.
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  const confirm = confirmation(page);
  await expect(confirm.getByRole('heading', { name: fill(t.confirm.deleteHeadingMany, { count: '2' }) })).toBeVisible();
  await expect(confirm.getByText(a.slug, { exact: true })).toBeVisible();
  await expect(confirm.getByText(c.slug, { exact: true })).toBeVisible();
  await expect(confirm.getByText(b.slug, { exact: true })).toHaveCount(0);
  await cancelConfirmation(page);
  await expect(textRows(page)).toHaveCount(3);

  await select(a.slug);
  await select(c.slug);
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  await confirmation(page)
    .getByRole('button', { name: fill(t.confirm.deleteConfirmMany, { count: '2' }) })
    .click();

  await expect(notice(page, fill(t.notice.deletedMany, { count: '2' }))).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(textRows(page)).toHaveCount(1);
  await expect(textRow(page, b.slug)).toBeVisible();
  expect(await pasteById(request, token, a.id)).toBeNull();
  expect(await pasteById(request, token, c.id)).toBeNull();
  expect(await pasteById(request, token, b.id)).not.toBeNull();

  // A row's own delete button deletes that one text, after the same question.
  await textRow(page, b.slug)
    .getByRole('button', { name: fill(t.list.deleteLabel, { slug: b.slug }) })
    .click();
  await expect(confirmation(page).getByRole('heading', { name: t.confirm.deleteHeadingOne })).toBeVisible();
  await confirmation(page).getByRole('button', { name: t.confirm.deleteConfirmOne }).click();
  await expect(notice(page, t.notice.deletedOne)).toBeVisible();
  await expect(page.getByRole('heading', { name: fill(t.empty.noResultsHeading, { query: marker }) })).toBeVisible();
  expect(await pasteById(request, token, b.id)).toBeNull();
});

test('delete with nothing selected says to select something', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'none');
  const token = await adminToken(request);
  await createPaste(request, bearer(token), { slug: marker, content: 'Kept' });
  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await page.getByRole('button', { name: t.batch.deleteSelected }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Select at least one item' })).toBeVisible();
  await expect(confirmation(page)).toHaveCount(0);
  await expect(textRows(page)).toHaveCount(1);
});

test('clear expired removes an expired text, after asking', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'exp');
  const token = await adminToken(request);
  const kept = await createPaste(request, bearer(token), { slug: `${marker}-kept`, content: 'Still valid' });
  await loginAsAdmin(page);

  // The other project clears expired texts too, possibly between our waiting and looking: retry.
  let expired: { id: string; slug: string } | undefined;
  for (let attempt = 1; attempt <= 3 && !expired; attempt++) {
    const candidate = await createPaste(request, bearer(token), {
      slug: `${marker}-old${attempt}`,
      content: 'About to expire',
      expiresAt: new Date(Date.now() + 1000).toISOString(),
    });
    await page.waitForTimeout(1500);
    await page.goto(`${TEXTS}?q=${marker}`);
    if ((await textRow(page, candidate.slug).count()) === 1) expired = candidate;
  }
  expect(expired, 'an expired text stayed long enough to be listed').toBeDefined();
  await expect(textRow(page, expired!.slug).getByText(t.list.expired, { exact: true })).toBeVisible();
  await expect(textRow(page, kept.slug).getByText(t.list.expired, { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: t.batch.clearExpired }).click();
  await expect(confirmation(page).getByRole('heading', { name: t.confirm.clearHeading })).toBeVisible();
  await confirmation(page).getByRole('button', { name: t.confirm.clearConfirm }).click();

  // Usually "Cleared 1 …"; the other project may have swept ours a moment earlier.
  const cleared = new RegExp(
    [t.notice.clearedOne, fill(t.notice.clearedMany, { count: '\\d+' }), t.notice.clearedNone].join('|'),
  );
  await expect(notice(page, cleared)).toBeVisible();
  await expect(textRow(page, expired!.slug)).toHaveCount(0);
  await expect(textRow(page, kept.slug)).toBeVisible();
  expect(await pasteById(request, token, expired!.id)).toBeNull();
  expect(await pasteById(request, token, kept.id)).not.toBeNull();
});
