import { expect, test } from '@playwright/test';
import { en, logInAsAdmin } from './helpers';
import { expectFocusRing, tabTo } from './keyboard-helpers';

test.use({ locale: 'en' });

test('Tab reaches the skip link first, it becomes visible and leads to the content', async ({ page }) => {
  await page.goto('/upload');
  const skip = page.getByRole('link', { name: en.common.skipToContent });
  const inView = async () => {
    const box = await skip.boundingBox();
    return !!box && box.width > 20 && box.height > 10 && box.y >= 0 && box.x >= 0;
  };
  expect(await inView()).toBe(false);

  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await expect.poll(inView).toBe(true);
  await expectFocusRing(skip);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
});

test('nav links and header controls show a focus ring', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: en.common.nav.label });
  for (const name of [en.common.nav.home, en.common.nav.upload, en.common.nav.mountExplorer, en.common.nav.admin]) {
    const link = nav.getByRole('link', { name, exact: true });
    await tabTo(page, link);
    await expectFocusRing(link);
  }
  const theme = page.getByRole('button', { name: /^Theme: / });
  await tabTo(page, theme);
  await expectFocusRing(theme);
});

test('admin section links show a focus ring', async ({ page }) => {
  await logInAsAdmin(page, '/admin');
  await page.goto('/admin'); // start the Tab order from the top of a fresh page
  const sections = page.getByRole('navigation', { name: en.pages.admin.sections });
  const link = sections.getByRole('link', { name: en.pages.admin.keyManagement });
  await tabTo(page, link, 30);
  await expectFocusRing(link);
});
