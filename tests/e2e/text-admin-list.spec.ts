import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { fill, waitForHydration } from './helpers';
import {
  adminToken,
  bearer,
  createPaste,
  pasteById,
  searchFor,
  shownSlugs,
  t,
  textRow,
  textRows,
  TEXTS,
  uniqueMarker,
} from './text-admin-helpers';

test.use({ locale: 'en-US' });

test('an admin sees every text with its details, and the search narrows the list', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'list');
  const other = uniqueMarker(testInfo, 'other');
  const token = await adminToken(request);
  const inRemark = await createPaste(request, bearer(token), {
    slug: `${marker}-a`,
    content: 'First line\n\nsecond   line with   spaces',
    remark: `Remark ${marker}`,
    password: 'secret-pw',
    maxViews: 5,
  });
  const inContent = await createPaste(request, bearer(token), {
    slug: `${other}-b`,
    content: `Some text mentioning ${marker} in the middle. ${'x'.repeat(300)}`,
  });
  await createPaste(request, bearer(token), { slug: `${other}-c`, content: 'Unrelated' });

  await loginAsAdmin(page);
  await page.goto(TEXTS);
  await expect(page.getByRole('heading', { level: 1, name: 'Text management' })).toBeVisible();
  await expect(page.getByText(t.scope.admin)).toBeVisible();

  await searchFor(page, marker);
  await expect(textRows(page)).toHaveCount(2);
  await expect(page.getByText(fill(t.summary.resultsMany, { count: '2', query: marker }))).toBeVisible();
  expect(await shownSlugs(page)).toEqual([inContent.slug, inRemark.slug]); // newest first

  const first = textRow(page, inRemark.slug);
  await expect(first.getByText(`Remark ${marker}`)).toBeVisible();
  await expect(first.getByText('First line second line with spaces')).toBeVisible();
  await expect(first.getByText(t.list.passwordYes, { exact: true })).toBeVisible();
  await expect(first.getByText(fill(t.list.viewsOf_other, { views: '0', max: '5' }))).toBeVisible();
  await expect(first.getByText(t.list.never)).toBeVisible();
  await expect(first.getByText(t.list.adminCreator)).toBeVisible();
  await expect(first.getByRole('link', { name: fill(t.list.editLabel, { slug: inRemark.slug }) })).toHaveAttribute(
    'href',
    `/paste/${inRemark.slug}?edit=1`,
  );

  const second = textRow(page, inContent.slug);
  await expect(second.getByText(t.list.passwordNo)).toBeVisible();
  await expect(second.getByText(fill(t.list.viewsUnlimited_other, { views: '0' }))).toBeVisible();
  // The content preview stops at about 120 characters.
  const preview = await second.locator('td:nth-child(2) p').filter({ hasText: 'Some text' }).textContent();
  expect(preview!.length).toBeLessThan(140);
  expect(preview).toMatch(/…$/);

  // A search shorter than 2 characters is not applied, and the page says so.
  await searchFor(page, 'x');
  await expect(page.getByText(t.search.tooShort)).toBeVisible();
  await expect(page.getByRole('searchbox', { name: t.search.label })).toHaveAttribute('aria-invalid', 'true');

  // Nothing found: its own empty state, with a way back to every text.
  await searchFor(page, `${marker}-nothing`);
  await expect(
    page.getByRole('heading', { name: fill(t.empty.noResultsHeading, { query: `${marker}-nothing` }) }),
  ).toBeVisible();
  await expect(textRows(page)).toHaveCount(0);
  await page.getByRole('link', { name: t.empty.showAll }).click();
  await expect(page).toHaveURL(new RegExp(`${TEXTS}$`));
  await expect(textRows(page).first()).toBeVisible();
});

test('more than 10 matching texts are paged, 10 a page, and the search stays on', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'page');
  const token = await adminToken(request);
  const created: string[] = [];
  // One after another, so the creation times (the list order) are distinct.
  for (let i = 1; i <= 12; i++) {
    created.push(
      (await createPaste(request, bearer(token), { content: `Paged text ${i}`, remark: `${marker} #${i}` })).slug,
    );
  }
  const newestFirst = [...created].reverse();

  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await expect(page.getByText(fill(t.summary.resultsMany, { count: '12', query: marker }))).toBeVisible();
  await expect(textRows(page)).toHaveCount(10);
  expect(await shownSlugs(page)).toEqual(newestFirst.slice(0, 10));

  const pages = page.getByRole('navigation', { name: t.pagination.label });
  await expect(pages.getByText(fill(t.pagination.pageOf, { page: '1', pages: '2' }))).toBeVisible();
  await pages.getByRole('link', { name: t.pagination.next }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  await expect(textRows(page)).toHaveCount(2);
  expect(await shownSlugs(page)).toEqual(newestFirst.slice(10));
  await expect(pages.getByRole('link', { name: fill(t.pagination.page, { page: '2' }) })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await pages.getByRole('link', { name: t.pagination.previous }).click();
  await expect(textRows(page)).toHaveCount(10);
  await expect(page).not.toHaveURL(/page=/);

  // A page past the end goes to the last page.
  await page.goto(`${TEXTS}?q=${marker}&page=9`);
  await expect(page).toHaveURL(/page=2/);
  await expect(textRows(page)).toHaveCount(2);
});

test('the preview shows the rendered Markdown and does not count a view', async ({ page, request }, testInfo) => {
  const marker = uniqueMarker(testInfo, 'prev');
  const token = await adminToken(request);
  const paste = await createPaste(request, bearer(token), {
    slug: marker,
    content: `# Heading ${marker}\n\nSome **bold** words and a [link](https://example.com).\n\n<script>window.pwned = 1</script>\n\n- one\n- two`,
    maxViews: 3,
  });
  expect((await pasteById(request, token, paste.id))?.views).toBe(0);

  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await textRow(page, marker)
    .getByRole('link', { name: fill(t.list.previewLabel, { slug: marker }) })
    .click();
  await expect(page).toHaveURL(new RegExp(`preview=${paste.id}`));

  const panel = page.getByRole('region', { name: fill(t.preview.heading, { slug: marker }) });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { level: 1, name: `Heading ${marker}` })).toBeVisible();
  await expect(panel.locator('strong')).toHaveText('bold');
  await expect(panel.getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com');
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(panel.locator('script')).toHaveCount(0);
  await expect(panel.getByText(t.preview.hint)).toBeVisible();

  // Reading it again (a reload) counts nothing either.
  await page.reload();
  await expect(panel).toBeVisible();
  expect((await pasteById(request, token, paste.id))?.views).toBe(0);
  await expect(textRow(page, marker).getByText(fill(t.list.viewsOf_other, { views: '0', max: '3' }))).toBeVisible();

  await panel.getByRole('link', { name: t.preview.close }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/preview=/);
});

test('keyboard: the preview opens from the keyboard, takes focus and shows a focus ring @js', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'kbd');
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const token = await adminToken(request);
  await createPaste(request, bearer(token), { slug: marker, content: `Keyboard ${marker}` });
  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  await waitForHydration(page); // a box ticked before hydration is unticked by it

  const box = page.getByRole('checkbox', { name: fill(t.list.selectOne, { slug: marker }) });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await expect(page.getByText(fill(t.batch.selectedCount, { count: '1' }))).toBeVisible();

  const preview = page.getByRole('link', { name: fill(t.list.previewLabel, { slug: marker }) });
  for (let i = 0; i < 5 && !(await preview.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(preview).toBeFocused();
  const ring = await preview.evaluate((el) => ({
    visible: el.matches(':focus-visible'),
    width: parseFloat(getComputedStyle(el).outlineWidth),
  }));
  expect(ring.visible).toBe(true);
  expect(ring.width).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: fill(t.preview.heading, { slug: marker }) })).toBeFocused();

  // Closing the preview puts focus back on the row's preview button; the page hydrated cleanly.
  await page
    .getByRole('region', { name: fill(t.preview.heading, { slug: marker }) })
    .getByRole('link', { name: t.preview.close })
    .click();
  await expect(page.getByRole('link', { name: fill(t.list.previewLabel, { slug: marker }) })).toBeFocused();
  expect(errors).toEqual([]);
});

test('on a phone every text is a card with labelled actions, and nothing scrolls sideways', async ({
  page,
  request,
}, testInfo) => {
  const marker = uniqueMarker(testInfo, 'phone');
  const token = await adminToken(request);
  await createPaste(request, bearer(token), {
    slug: `${marker}-long-suffix-xx`,
    content: `${'averyveryverylongwordwithoutanyspaces'.repeat(4)} ${marker}`,
    remark: 'Phone',
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsAdmin(page);
  await page.goto(`${TEXTS}?q=${marker}`);
  const card = textRows(page).first();
  await expect(card).toBeVisible();
  // Below md the column headers are hidden and the actions carry visible words.
  await expect(page.getByRole('columnheader', { name: t.list.share })).toBeHidden();
  await expect(card.getByText(t.list.delete, { exact: true })).toBeVisible();
  await expect(card.getByText(t.list.preview, { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
