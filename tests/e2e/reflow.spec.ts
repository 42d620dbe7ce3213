import { expect, test, type Page } from '@playwright/test';
import { en, logInAsAdmin, whenHydrated } from './helpers';
import { adminToken, createPasteViaApi, uniqueSlug } from './paste-helpers';

/**
 * Reflow and motion (issue 47 item 1, WCAG 1.4.10 and 2.3.3): at 320 CSS pixels wide — a phone's
 * narrowest, and a 1280 px window zoomed to 400 % — no page scrolls sideways and every task's
 * controls stay on screen; with the system asking for less motion nothing animates. Both projects.
 */
test.use({ viewport: { width: 320, height: 640 } });

/** The page's width beyond the window: 0 when nothing makes it scroll sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('at 320 px the main pages never scroll sideways, and their primary actions are on screen', async ({
  page,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'reflow');
  await createPasteViaApi(request, await adminToken(request), {
    content: `# A long line\n\n${'averyveryverylongwordwithoutanybreakopportunity'.repeat(3)} and \`code that is long enough to need a scroll of its own\``,
    slug,
  });
  await logInAsAdmin(page, '/admin');
  const pages: [string, string][] = [
    ['/', en.paste.form.submit],
    [`/paste/${slug}`, ''],
    ['/upload', en.upload.form.submit],
    ['/admin/key-management', ''],
    ['/admin/mount-management', ''],
    ['/mount-explorer', ''],
  ];
  for (const [path, action] of pages) {
    await page.goto(path);
    await whenHydrated(page);
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
    if (action) {
      const button = page.getByRole('button', { name: action, exact: true });
      const box = (await button.boundingBox())!;
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, path).toBeLessThanOrEqual(320);
    }
  }
  // The control: something 400 px wide on the page is caught.
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.style.cssText = 'width: 400px; height: 1px';
    document.querySelector('main')!.append(wide);
  });
  expect(await overflow(page)).toBeGreaterThan(0);
});

test('with less motion asked for, nothing transitions or animates', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const durations = await page.evaluate(() =>
    [...document.querySelectorAll('*')]
      .map((el) => getComputedStyle(el))
      .flatMap((style) => [style.transitionDuration, style.animationDuration])
      .flatMap((value) => value.split(',').map((part) => parseFloat(part)))
      .filter((seconds) => seconds > 0.001),
  );
  expect(durations).toEqual([]);
  // The control: without the setting, the page does have transitions (the buttons' colours).
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const moving = await page.evaluate(() =>
    [...document.querySelectorAll('.btn')].some((el) => parseFloat(getComputedStyle(el).transitionDuration) > 0.01),
  );
  expect(moving).toBe(true);
});
