import { expect, test, type Page } from '@playwright/test';
import { en, logInAsAdmin, waitForHydration } from './helpers';

test.use({ locale: 'en', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const LINKS = [
  ['/', en.common.nav.home],
  ['/upload', en.common.nav.upload],
  ['/mount-explorer', en.common.nav.mountExplorer],
  ['/admin', en.common.nav.admin],
] as const;

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.locator('html').evaluate((el) => el.scrollWidth);
  expect(width, 'the page must not scroll sideways on a phone').toBeLessThanOrEqual(390);
}

test('the top links fold into a menu that opens and navigates', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: en.common.nav.label });
  for (const [href] of LINKS) {
    for (const link of await nav.locator(`li > a[href="${href}"]`).all()) await expect(link).toBeHidden();
  }
  // None of them is reachable until the menu opens.
  await expect(nav.getByRole('link', { name: en.common.nav.upload, exact: true })).toHaveCount(0);

  const menu = nav.locator('details');
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  for (const [, name] of LINKS) await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: en.common.nav.source })).toBeVisible();

  await menu.getByRole('link', { name: en.common.nav.upload, exact: true }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.upload.heading);
  await expect(nav.locator('details')).not.toHaveAttribute('open'); // closed again after navigating
});

test('a menu opened before the page has hydrated stays open @js', async ({ page }) => {
  // Hold the scripts back until the menu is open: on a slow phone a visitor taps before hydration.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  const menu = page.getByRole('navigation', { name: en.common.nav.label }).locator('details');
  await menu.locator('summary').click();
  await expect(menu).toHaveAttribute('open', '');
  release();
  await waitForHydration(page);
  await expect(menu).toHaveAttribute('open', '');
  await expect(menu.getByRole('link', { name: en.common.nav.mountExplorer, exact: true })).toBeVisible();
});

test('the language switcher and theme toggle stay reachable on a phone', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('group', { name: en.common.language.label })).toBeInViewport();
  await expect(page.getByRole('button', { name: /^Theme: / })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});

test('admin pages fit a phone: the section tabs scroll on their own', async ({ page }) => {
  await page.goto('/admin/settings/webdav'); // the login form, for an anonymous visitor
  await expectNoSidewaysScroll(page);
  await logInAsAdmin(page, '/admin/settings/webdav');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.webdavSettings);
  const sections = page.getByRole('navigation', { name: en.pages.admin.sections });
  await expect(sections.getByRole('link', { name: en.pages.admin.dashboard, exact: true })).toBeAttached();
  await expectNoSidewaysScroll(page);
});

test('the current admin section tab is scrolled into view @js', async ({ page }) => {
  await logInAsAdmin(page, '/admin/settings/webdav');
  const sections = page.getByRole('navigation', { name: en.pages.admin.sections });
  const current = sections.getByRole('link', { name: en.pages.admin.webdavSettings, exact: true });
  await expect(current).toHaveAttribute('aria-current', 'page');
  await expect(current).toBeInViewport({ ratio: 1 });
});
