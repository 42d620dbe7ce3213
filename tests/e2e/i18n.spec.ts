import { expect, test, type Page, type Response } from '@playwright/test';
import { en, fill, titleOf, waitForHydration, zh } from './helpers';

const CJK = /[\u4e00-\u9fff]/;

/**
 * The catalogues a page's scripts bring, told apart by what they hold, whatever their files are
 * named: a catalogue merged into a chunk every page loads is caught too (vite.config.ts).
 */
function catalogsFetched(page: Page) {
  const catalogs: string[] = [];
  const scripts: Promise<void>[] = [];
  const listener = (r: Response) => {
    if (!/\/assets\/.+\.js$/.test(new URL(r.url()).pathname)) return;
    scripts.push(
      r.text().then((code) => {
        if (code.includes(zh.common.tagline)) catalogs.push('zh');
        if (code.includes(en.common.tagline)) catalogs.push('en');
      }),
    );
  };
  page.on('response', listener);
  /** Stops listening and answers what came until now. */
  return async () => {
    page.off('response', listener);
    await Promise.all(scripts);
    return catalogs;
  };
}

test.describe('with an English browser (Accept-Language: en)', () => {
  test.use({ locale: 'en' });

  test('home renders in English', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
    await expect(page).toHaveTitle(titleOf(en.pages.home.title));
    const nav = page.getByRole('navigation', { name: en.common.nav.label });
    await expect(nav.getByRole('link', { name: en.common.nav.upload, exact: true })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(fill(en.common.footer.version, { version: '0.7.3' }));
    await expect(page.locator('main')).not.toContainText(CJK);
  });

  test('a page fetches the English catalogue alone @js', async ({ page }) => {
    const fetched = catalogsFetched(page);
    await page.goto('/upload');
    await waitForHydration(page);
    expect(await fetched()).toEqual(['en']);
  });
});

test.describe('with a Chinese browser (Accept-Language: zh-CN)', () => {
  test.use({ locale: 'zh-CN' });

  test('home renders in Chinese', async ({ page }) => {
    expect(zh.pages.home.heading).toMatch(CJK);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.home.heading);
    await expect(page).toHaveTitle(titleOf(zh.pages.home.title, zh.common.appName));
    const nav = page.getByRole('navigation', { name: zh.common.nav.label });
    await expect(nav.getByRole('link', { name: zh.common.nav.upload, exact: true })).toBeVisible();
    await expect(page.getByText(en.pages.home.intro)).toHaveCount(0);
  });

  test('a page fetches its own language only; the other comes with the first switch @js', async ({ page }) => {
    const first = catalogsFetched(page);
    await page.goto('/upload');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.upload.heading);
    // Hydrated with the Chinese catalog alone.
    await waitForHydration(page);
    expect(await first()).toEqual(['zh']);
    const second = catalogsFetched(page);
    await page.getByRole('button', { name: fill(zh.common.language.switchTo, { language: 'English' }) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.upload.heading);
    // The header is rendered by the client's i18next, which now holds English too.
    await expect(page.getByRole('navigation', { name: en.common.nav.label })).toBeVisible();
    expect(await second()).toEqual(['en']);
  });

  test('a switch whose catalogue arrives after the page data still titles the page in the new language @js', async ({
    page,
  }) => {
    // The race CI once lost: the post's redirect brought the English page data before the English
    // catalogue, and the title (translated synchronously by the route's meta) showed its keys.
    await page.goto('/upload');
    await waitForHydration(page);
    let delayed = 0;
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(en.common.tagline)) {
        delayed++;
        await new Promise((resolve) => setTimeout(resolve, 1500));
      }
      await route.fulfill({ response, body });
    });
    await page.getByRole('button', { name: fill(zh.common.language.switchTo, { language: 'English' }) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.upload.heading);
    await expect(page).toHaveTitle(titleOf(en.pages.upload.title));
    expect(delayed).toBe(1);
  });

  test('the switcher changes the language, and the stored choice beats Accept-Language', async ({ page }) => {
    await page.goto('/upload');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('lang', 'zh-CN');

    await page.getByRole('button', { name: fill(zh.common.language.switchTo, { language: 'English' }) }).click();
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page).toHaveURL(/\/upload$/); // back on the same page
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.upload.heading);
    await expect(page).toHaveTitle(titleOf(en.pages.upload.title));
    const english = page.getByRole('button', { name: fill(en.common.language.switchTo, { language: 'English' }) });
    await expect(english).toHaveAttribute('aria-pressed', 'true');

    // The choice sticks when navigating through the app…
    const nav = page.getByRole('navigation', { name: en.common.nav.label });
    await nav.getByRole('link', { name: en.common.nav.mountExplorer, exact: true }).click();
    await expect(page).toHaveURL(/\/mount-explorer$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.mountExplorer.heading);
    await expect(html).toHaveAttribute('lang', 'en');

    // …and on a full page load, although the browser still asks for Chinese.
    await page.goto('/');
    await expect(html).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);

    // Switching back works the same way.
    await page
      .getByRole('button', { name: fill(en.common.language.switchTo, { language: zh.common.language.zh }) })
      .click();
    await expect(html).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.home.heading);
    await expect(page).toHaveTitle(titleOf(zh.pages.home.title, zh.common.appName));
  });
});

test('the server picks the language from the first Accept-Language entry', async ({ request }) => {
  const cases: Array<[string, string]> = [
    ['zh-TW,zh;q=0.9', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['en-US,zh-CN;q=0.8', 'en'],
    ['fr-FR', 'en'],
  ];
  for (const [header, lang] of cases) {
    const res = await request.get('/', { headers: { 'Accept-Language': header } });
    expect(res.status()).toBe(200);
    expect(await res.text(), header).toContain(`<html lang="${lang}"`);
  }
});
