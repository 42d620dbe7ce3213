import { expect, test } from '@playwright/test';
import { en, waitForHydration, zh } from './helpers';

// Only meaningful with JavaScript on: the no-js project skips tests tagged @js.
for (const [locale, strings] of [
  ['en', en],
  ['zh-CN', zh],
] as const) {
  test.describe(`hydration in ${locale}`, () => {
    // With the real service worker: it must neither log a problem nor turn navigation into reloads.
    test.use({ locale, serviceWorkers: 'allow' });

    test('pages hydrate without errors and client-side navigation works @js', async ({ page }) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning')
          problems.push(`${message.type()}: ${message.text()}`);
      });
      await page.goto('/admin/account');
      await waitForHydration(page);

      const nav = page.getByRole('navigation', { name: strings.common.nav.label });
      const documentRequests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documentRequests.push(request.url());
      });
      await nav.getByRole('link', { name: strings.common.nav.upload, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(strings.pages.upload.heading);
      await expect(page).toHaveTitle(`${strings.pages.upload.title} · ${strings.common.appName}`);
      expect(documentRequests, 'a hydrated app navigates without reloading the document').toEqual([]);
      expect(problems).toEqual([]);
    });
  });
}
