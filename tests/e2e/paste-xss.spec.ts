import { expect, test } from '@playwright/test';
import { adminToken, createPasteViaApi, uniqueSlug } from './paste-helpers';
import { waitForHydration } from './helpers';

/**
 * Nothing in a paste may ever run script: the XSS corpus, created through the JSON API, opened in
 * real Chromium with JavaScript on (the app's own scripts running), every link clicked and every
 * element hovered.
 */
const CORPUS: Array<[string, string]> = [
  ['script', '<script>window.__xss=1</script>'],
  ['img-onerror', '<img src=x onerror="window.__xss=1">'],
  ['js-link', '[a](javascript:window.__xss=1)'],
  ['entity-js-link', '[a](&#106;avascript:window.__xss=1)'],
  ['svg', '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>'],
  ['data-html-link', '<a href="data:text/html,<script>alert(1)</script>">d</a>'],
  ['data-b64-link', '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['iframe', '<iframe src="javascript:window.__xss=1">'],
  ['onmouseover', '<p onmouseover="window.__xss=1">hover</p>'],
  ['style', '<style>body{display:none}</style>'],
  // All of it in one paste, mixed with ordinary Markdown.
  [
    'mixed',
    '# Title\n\n[ok](https://example.com)\n\n<script>window.__xss=1</script>\n\n[a](javascript:window.__xss=1) ' +
      '<img src=x onerror="window.__xss=1"> <p onmouseover="window.__xss=1">hover</p>\n\n<style>body{display:none}</style>',
  ],
];

test.describe('XSS corpus in real Chromium', () => {
  test.use({ locale: 'en-US' });

  for (const [name, content] of CORPUS) {
    test(`${name} runs no script @js`, async ({ page, request, context }, testInfo) => {
      const token = await adminToken(request);
      const { slug } = await createPasteViaApi(request, token, { content, slug: uniqueSlug(testInfo, `x-${name}`) });

      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      const popups: string[] = [];
      context.on('page', (popup) => popups.push(popup.url()));
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));

      const response = await page.goto(`/paste/${slug}`);
      expect(response?.status()).toBe(200);
      await waitForHydration(page);
      const pageUrl = page.url();

      for (const view of ['rendered', 'plain'] as const) {
        if (view === 'plain') await page.goto(`/paste/${slug}?view=plain`);
        const article = page.getByRole('article');
        await expect(article).toBeVisible();

        // No live dangerous element or attribute made it into the paste's content.
        const content = article.locator('.prose, pre');
        await expect(content).toHaveCount(1);
        const found = await content.evaluate((root) => {
          const bad: string[] = [];
          for (const el of [root, ...root.querySelectorAll('*')]) {
            if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'STYLE', 'svg'].includes(el.tagName)) bad.push(el.tagName);
            for (const attr of el.attributes) {
              if (/^on/i.test(attr.name) || attr.name === 'style') bad.push(`${el.tagName}[${attr.name}]`);
              if (
                /^(href|src|action|formaction|xlink:href)$/i.test(attr.name) &&
                /^\s*(javascript|data|vbscript):/i.test(attr.value)
              )
                bad.push(`${el.tagName}[${attr.name}=${attr.value}]`);
            }
          }
          return bad;
        });
        expect(found).toEqual([]);

        // Hover every element of the paste, then click every link in it.
        for (const element of await article.locator('*').all()) {
          if (await element.isVisible()) await element.hover({ force: true, timeout: 2_000 }).catch(() => undefined);
        }
        for (const link of await article.locator('.prose a, pre a').all()) {
          if (!(await link.isVisible())) continue;
          const href = (await link.getAttribute('href')) ?? '';
          expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
          // Do not follow real outside links (no network here): only check where they point.
          if (/^https?:/i.test(href) && !href.startsWith(new URL(pageUrl).origin)) continue;
          await link.click({ timeout: 2_000 }).catch(() => undefined);
          if (page.url() !== pageUrl && !page.url().includes(`/paste/${slug}`)) await page.goBack();
        }

        expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
        await expect(page.locator('body')).toBeVisible();
        expect(await page.locator('body').evaluate((body) => getComputedStyle(body).display)).not.toBe('none');
        await expect(page.locator('#page-heading')).toBeVisible();
      }

      expect(dialogs).toEqual([]);
      expect(popups.filter((url) => /^(javascript|data):/i.test(url))).toEqual([]);
      expect(navigations.filter((url) => /^(javascript|data):/i.test(url))).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  test('the raw link serves the corpus as inert plain text @js', async ({ page, request }, testInfo) => {
    const token = await adminToken(request);
    const content = CORPUS.map(([, c]) => c).join('\n');
    const { slug } = await createPasteViaApi(request, token, { content, slug: uniqueSlug(testInfo, 'x-raw') });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`/api/raw/${slug}`);
    expect(response?.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(response?.headers()['x-content-type-options']).toBe('nosniff');
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
