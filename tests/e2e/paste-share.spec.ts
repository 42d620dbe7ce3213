import { expect, test, type Page } from '@playwright/test';
import { en } from './helpers';
import { adminToken, createPasteViaApi, uniqueSlug } from './paste-helpers';

/**
 * The paste page's share card and title (issue 15 item 4): the link, a copy button and the QR code,
 * for the owner and for any visitor, with JavaScript and without; the tab is titled with the remark
 * or the first heading, never with the heading of a paste still locked.
 */
test.use({ locale: 'en-US' });

const shareCard = (page: Page) => page.getByRole('region', { name: en.common.share.heading, exact: true });

async function expectShareCard(page: Page, slug: string, note: string) {
  const card = shareCard(page);
  const link = card.getByLabel(en.common.share.link, { exact: true });
  await expect(link).toHaveValue(new URL(`/paste/${slug}`, page.url()).href);
  const qr = card.getByRole('img', { name: en.common.share.qr });
  await expect(qr).toBeVisible();
  // The QR code is an image of the link, drawn when the browser asks for it (routes/qr.ts).
  const src = await qr.getAttribute('src');
  expect(src).toBe(`/qr.svg?u=${encodeURIComponent(new URL(`/paste/${slug}`, page.url()).href)}`);
  const image = await page.request.get(src!);
  expect(image.headers()['content-type']).toContain('image/svg+xml');
  expect(await image.text()).toContain('<svg');
  await expect(card).toContainText(note);
  const copy = card.getByRole('button', { name: en.common.share.copy });
  if (test.info().project.name === 'js') await expect(copy).toBeVisible();
}

test('a visitor sees the share card, and the tab is titled with the first heading', async ({ page, request }, info) => {
  const token = await adminToken(request);
  const slug = uniqueSlug(info, 'share');
  await createPasteViaApi(request, token, {
    slug,
    content: 'intro\n\n```\n# not this\n```\n\n## Release notes\n\nbody',
  });
  await page.goto(`/paste/${slug}`);
  await expect(page.getByText('body', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`Release notes · ${en.common.appName}`);
  await expectShareCard(page, slug, en.common.share.scan);

  // Neither a remark nor a heading: the generic title.
  const plain = uniqueSlug(info, 'plain');
  await createPasteViaApi(request, token, { slug: plain, content: 'just words' });
  await page.goto(`/paste/${plain}`);
  await expect(page).toHaveTitle(`${en.pages.paste.title} · ${en.common.appName}`);
});

test('a locked paste shares its link and is titled with its remark only, before and after unlocking', async ({
  page,
  request,
}, info) => {
  const token = await adminToken(request);
  const slug = uniqueSlug(info, 'locked');
  await createPasteViaApi(request, token, { slug, content: '# Private heading', password: 'pw-123', remark: 'Team' });
  await page.goto(`/paste/${slug}`);
  await expect(page.getByRole('button', { name: en.paste.unlock.submit })).toBeVisible();
  await expect(page).toHaveTitle(`Team · ${en.common.appName}`);
  await expectShareCard(page, slug, en.common.share.passwordNote);

  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('pw-123');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(page.getByRole('heading', { name: 'Private heading' })).toBeVisible();
  await expectShareCard(page, slug, en.common.share.passwordNote);
});

test('the last allowed view shows no share card: the link no longer works', async ({ page, request }, info) => {
  const token = await adminToken(request);
  const slug = uniqueSlug(info, 'once');
  await createPasteViaApi(request, token, { slug, content: 'only once', maxViews: 1 });
  await page.goto(`/paste/${slug}`);
  await page.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(page.getByText(en.paste.view.lastView)).toBeVisible();
  await expect(page.getByRole('article')).toContainText('only once');
  await expect(shareCard(page)).toHaveCount(0);
});
