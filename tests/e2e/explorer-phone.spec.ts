import { expect, test, type Locator, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { en, fill, zh } from './helpers';
import type { RunningServer } from '../support/server';
import { putMounted, serverWithBox } from './mount-helpers';

/** The explorer and mount management on a phone (issue 28 A8), with and without JavaScript. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const t = en.explorer;
const ADMIN = { username: 'admin', password: 'explorer-phone-password' };
let server: RunningServer;

test.beforeEach(async ({ request }) => {
  const started = await serverWithBox(request, ADMIN, '团队共享的项目文件');
  server = started.server;
  const headers = started.headers;
  await request.post(`${server.url}/api/fs/mkdir`, { headers, data: { path: '/box/empty/' } });
  await putMounted(request, server.url, headers, '/box', {
    name: 'quarterly-report.txt',
    buffer: Buffer.from('x'.repeat(2048)),
  });
});
test.afterEach(async () => {
  await server?.stop();
});

async function expectTouchTarget(target: Locator) {
  const box = (await target.boundingBox())!;
  expect(box.width, 'a touch target is at least 44 px wide').toBeGreaterThanOrEqual(44);
  expect(box.height, 'a touch target is at least 44 px high').toBeGreaterThanOrEqual(44);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.locator('html').evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(390);
}

test('the explorer on a phone: one toolbar row, sizes under names, 44 px targets, the view in the settings', async ({
  page,
}) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/box`);
  const toolbar = page.getByRole('toolbar', { name: t.toolbar.label });
  const tops = new Set<number>();
  for (const control of await toolbar.locator(':scope > a, :scope > details > summary').all()) {
    if (!(await control.isVisible())) continue;
    tops.add(Math.round((await control.boundingBox())!.y));
    await expectTouchTarget(control);
  }
  expect(tops.size, 'the toolbar is one row').toBe(1);
  await expectTouchTarget(toolbar.getByRole('link', { name: t.toolbar.upload }));

  // The size and date sit under the name; an empty folder says "—".
  const report = page.getByRole('link', { name: 'quarterly-report.txt' });
  await expect(report).toContainText('2 KB');
  await expect(page.getByRole('link', { name: 'empty' })).toContainText('—');
  await expectTouchTarget(report);
  await expectTouchTarget(
    page.getByRole('checkbox', { name: fill(t.list.select, { name: 'quarterly-report.txt' }) }).locator('..'),
  );
  await expectTouchTarget(page.getByLabel(fill(t.list.more, { name: 'quarterly-report.txt' })));
  // The up link is by the breadcrumb.
  await expect(page.getByRole('link', { name: fill(t.upTo, { path: '/' }) })).toBeInViewport();
  await expectNoSidewaysScroll(page);

  // The view is chosen in the settings; Apply closes them.
  await expect(page.getByRole('button', { name: t.toolbar.gallery })).toBeHidden();
  await toolbar.getByLabel(t.toolbar.settings, { exact: true }).first().click();
  const settings = page.getByRole('form', { name: t.toolbar.settings });
  await settings.getByLabel(t.toolbar.view).selectOption('grid');
  await settings.getByRole('button', { name: t.toolbar.apply }).click();
  await expect(page.locator('ul[data-view="grid"]')).toBeVisible();
  await expect(settings).toBeHidden();
});

test('mount cards in Chinese never overflow a phone', async ({ page }) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/admin/mount-management`);
  await page.getByRole('group', { name: en.common.language.label }).getByText('中', { exact: true }).click();
  const card = page.getByRole('article', { name: '团队共享的项目文件' });
  await expect(card).toContainText(zh.mounts.list.lastUsed);
  const overflowing = await card.evaluate((el) =>
    [el, ...el.querySelectorAll('*')]
      .filter((node) => node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).overflowX === 'visible')
      .map((node) => `${node.tagName} ${node.textContent?.slice(0, 40)}`),
  );
  expect(overflowing, 'nothing in the card is wider than its box').toEqual([]);
  await expectNoSidewaysScroll(page);
});
