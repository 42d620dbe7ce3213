import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en } from './helpers';
import { adminToken, createPasteViaApi, uniqueSlug } from './paste-helpers';

/**
 * Per-share statistics (issue 32), with JavaScript and without: a visitor's view and a chat app's
 * link preview reach the owner's figures, in the admin list's preview and under the paste itself.
 */
test.use({ locale: 'en-US' });
const s = en.stats;
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

test('the owner sees who opened a paste: views, bots apart, and the site that linked to it', async ({
  page,
  playwright,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'stats');
  const paste = await createPasteViaApi(page.request, await adminToken(page.request), { content: 'figures', slug });
  const base = testInfo.project.use.baseURL!;
  const outside = await playwright.request.newContext({ baseURL: base });
  expect(
    (
      await outside.get(`/paste/${slug}`, { headers: { 'User-Agent': CHROME, Referer: 'https://chat.example/r/1' } })
    ).ok(),
  ).toBe(true);
  expect((await outside.get(`/paste/${slug}`, { headers: { 'User-Agent': 'Slackbot-LinkExpanding 1.0' } })).ok()).toBe(
    true,
  );
  await outside.dispose();

  await loginAsAdmin(page);
  await page.goto(`/admin/text-management?preview=${paste.id}`);
  const stats = page.getByRole('region', { name: s.heading });
  await expect(stats.getByText(s.total.views).locator('..')).toContainText('1');
  await expect(stats.getByText(s.total.bots).locator('..')).toContainText('1');
  await expect(stats.getByText('chat.example')).toBeVisible();
  await expect(stats.getByRole('img', { name: s.chartTitle })).toBeVisible();

  // Under the paste itself, for its owner only.
  await page.goto(`/paste/${slug}`);
  await expect(page.getByRole('region', { name: s.heading })).toContainText('chat.example');
  const stranger = await playwright.request.newContext({ baseURL: base });
  const html = await (await stranger.get(`/paste/${slug}`, { headers: { 'User-Agent': CHROME } })).text();
  expect(html).toContain('figures');
  expect(html).not.toContain(s.heading);
  await stranger.dispose();
});
