import { expect, test, type Page } from '@playwright/test';
import { en, fill, whenHydrated } from './helpers';
import { adminToken, createPasteViaApi, storedViews, uniqueSlug } from './paste-helpers';

/**
 * The paste page's view rules (issue 15 items 5 and 6; app/models/pastes/page-view.server.ts):
 * a view-limited paste waits behind a reveal form that only a person submits, link previews and
 * HEAD requests never count, and one visit (a short-lived cookie) counts once and stays unlocked.
 */
test.use({ locale: 'en-US' });

const article = (page: Page) => page.getByRole('article');

test('a view-limited paste is revealed by a form; previews, bots and HEAD never count', async ({
  page,
  request,
}, info) => {
  const token = await adminToken(request);
  const { slug, id } = await createPasteViaApi(request, token, {
    slug: uniqueSlug(info, 'reveal'),
    content: '# Burn note\n\nsecret words',
    maxViews: 2,
  });

  // A chat app's link preview: a bot fetching the page, then a HEAD request. Both see no content.
  const preview = await request.get(`/paste/${slug}`, { headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0' } });
  expect(preview.status()).toBe(200);
  const previewHtml = await preview.text();
  expect(previewHtml).toContain(en.paste.reveal.submit);
  expect(previewHtml).not.toContain('secret words');
  expect((await request.head(`/paste/${slug}`)).status()).toBe(200);

  // Opening the link shows the reveal step (no content, no title from it) and counts nothing.
  await page.goto(`/paste/${slug}`);
  await expect(page.getByRole('heading', { name: en.paste.reveal.heading })).toBeVisible();
  await expect(page.getByText(fill(en.paste.reveal.body_other, { count: '2' }))).toBeVisible();
  await expect(page.getByText('secret words')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/Burn note/);
  expect(await storedViews(request, token, id)).toBe(0);

  await page.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(article(page)).toContainText('secret words');
  expect(await storedViews(request, token, id)).toBe(1);

  // The same visit: reloading and switching to plain text count nothing more.
  await page.goto(`/paste/${slug}`);
  await expect(article(page)).toContainText('secret words');
  await page.getByRole('link', { name: en.paste.view.plain }).click();
  await expect(article(page).locator('pre')).toContainText('# Burn note');
  expect(await storedViews(request, token, id)).toBe(1);

  // Another browser has no visit: it gets the reveal step again, with one view left.
  const other = await page
    .context()
    .browser()!
    .newPage({ javaScriptEnabled: info.project.name === 'js' });
  await other.goto(`/paste/${slug}`);
  await expect(other.getByText(en.paste.reveal.body_one)).toBeVisible();
  await other.close();
});

test('the last allowed view switches to plain text without losing the content', async ({ page, request }, info) => {
  const token = await adminToken(request);
  const { slug } = await createPasteViaApi(request, token, {
    slug: uniqueSlug(info, 'lastplain'),
    content: '**bold once**',
    maxViews: 1,
  });
  await page.goto(`/paste/${slug}`);
  await page.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(page.getByText(en.paste.view.lastView)).toBeVisible();
  await expect(article(page).locator('strong')).toHaveText('bold once');
  // A reveal posted before the page hydrated comes back as a new document: a tab clicked while it
  // hydrates switches from the radio pair to the links and is lost (a full test run hit that).
  await whenHydrated(page);

  // With or without JavaScript the switch happens on this page: there is no paste to load again.
  await article(page).getByText(en.paste.view.plain, { exact: true }).click();
  await expect(article(page).locator('pre')).toHaveText('**bold once**');
  await expect(article(page).locator('strong')).toBeHidden();
  await article(page).getByText(en.paste.view.rendered, { exact: true }).click();
  await expect(article(page).locator('strong')).toHaveText('bold once');
  await expect(article(page).locator('pre')).toBeHidden();
});

test('an unlocked password paste stays readable in this browser, counted once', async ({ page, request }, info) => {
  const token = await adminToken(request);
  const { slug, id } = await createPasteViaApi(request, token, {
    slug: uniqueSlug(info, 'visit'),
    content: 'behind a password',
    password: 'pw-visit',
  });
  await page.goto(`/paste/${slug}`);
  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('pw-visit');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(article(page)).toContainText('behind a password');
  expect(await storedViews(request, token, id)).toBe(1);

  // Reloading, or opening it in another tab of the same browser, does not ask again.
  await page.goto(`/paste/${slug}?view=plain`);
  await expect(article(page).locator('pre')).toHaveText('behind a password');
  const tab = await page.context().newPage();
  await tab.goto(`/paste/${slug}`);
  await expect(article(tab)).toContainText('behind a password');
  await expect(tab.getByLabel(en.paste.unlock.password, { exact: true })).toHaveCount(0);
  await tab.close();
  expect(await storedViews(request, token, id)).toBe(1);

  // The visit is this browser's alone, and an edit (here: a new password) ends it.
  const fresh = await request.get(`/paste/${slug}`);
  expect(await fresh.text()).not.toContain('behind a password');
  const edit = await request.put(`/api/pastes/${slug}`, {
    data: { content: 'behind a password', password: 'pw-new' },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  await page.goto(`/paste/${slug}`);
  await expect(page.getByLabel(en.paste.unlock.password, { exact: true })).toBeVisible();
  await expect(page.getByText('behind a password')).toHaveCount(0);
});

test('a paste without a limit counts one view per visit, and none for previews', async ({ page, request }, info) => {
  const token = await adminToken(request);
  const { slug, id } = await createPasteViaApi(request, token, {
    slug: uniqueSlug(info, 'open'),
    content: 'open text',
  });
  const preview = await request.get(`/paste/${slug}`, { headers: { 'User-Agent': 'facebookexternalhit/1.1' } });
  expect(await preview.text()).toContain('open text');
  expect((await request.head(`/paste/${slug}`)).status()).toBe(200);
  expect(await storedViews(request, token, id)).toBe(0);

  await page.goto(`/paste/${slug}`);
  await expect(article(page)).toContainText('open text');
  expect(await storedViews(request, token, id)).toBe(1);
  await page.reload();
  await expect(article(page)).toContainText('open text');
  expect(await storedViews(request, token, id)).toBe(1);
});
