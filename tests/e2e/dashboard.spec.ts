import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { en, logInAsAdmin, luminance, zh } from './helpers';
import { adminToken, bearer } from './text-admin-helpers';

/**
 * The admin dashboard (docs/product/spec.md §2 "Admin dashboard"), server-rendered: it runs in both
 * projects, so every check here also holds with JavaScript off.
 */
const t = en.dashboard;

interface Stats {
  totalPastes: number;
  totalFiles: number;
  totalApiKeys: number;
  totalS3Configs: number;
  lastWeekPastes: number[];
}

async function apiStats(request: APIRequestContext): Promise<Stats> {
  const answer = await request.get('/api/admin/dashboard/stats', { headers: bearer(await adminToken(request)) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Stats }).data;
}

/** A total tile's number. */
async function tile(page: Page, key: string): Promise<number> {
  return Number(await page.locator(`[data-total="${key}"]`).textContent());
}

test('shows totals that match the API, a 7-day chart as bars or lines, and the caches', async ({ page, request }) => {
  // Other tests create shares on this shared server at the same time: the page's figure lies
  // between what the API said just before and just after.
  const before = await apiStats(request);
  await request.post('/api/paste', {
    headers: bearer(await adminToken(request)),
    data: { content: 'counted on the dashboard' },
  });
  await logInAsAdmin(page, '/admin');
  const after = await apiStats(request);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.dashboard);
  const pastes = await tile(page, 'pastes');
  expect(pastes).toBeGreaterThan(before.totalPastes);
  expect(pastes).toBeLessThanOrEqual(after.totalPastes);
  expect(await tile(page, 'storageConfigs')).toBe(after.totalS3Configs);
  for (const key of ['fileShares', 'apiKeys']) expect(Number.isNaN(await tile(page, key))).toBe(false);

  // The chart: a picture with a text alternative, and the same figures as a table.
  const chart = page.getByRole('img', { name: t.activity.barTitle });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect > title').first()).toBeAttached();
  await page.getByText(t.activity.asTable).click();
  const rows = page.locator('table').filter({ hasText: t.activity.day }).locator('tbody tr');
  await expect(rows).toHaveCount(7);
  const today = Number(await rows.nth(6).locator('td').first().textContent());
  expect(today).toBeGreaterThanOrEqual(1); // the paste made above
  expect(today).toBeLessThanOrEqual(after.lastWeekPastes[6]!);

  // Lines instead of bars: a link, so it works without JavaScript too.
  await page
    .getByRole('navigation', { name: t.activity.chartKind })
    .getByRole('link', { name: t.activity.lines })
    .click();
  await expect(page).toHaveURL(/\?chart=line$/);
  const lines = page.getByRole('img', { name: t.activity.lineTitle });
  await expect(lines.locator('polyline')).toHaveCount(2);

  await expect(page.getByRole('heading', { name: t.weekly.heading })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.storage.heading })).toBeVisible();
  await expect(page.getByText(t.caches.directory, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t.caches.clear }).click();
  await expect(page.getByText(/^Caches cleared: \d+ entr(y|ies) removed$/)).toBeVisible();
});

test.describe('in Chinese with the dark theme', () => {
  // The automatic theme follows the dark system setting (the toggle itself is tested in theme.spec.ts).
  test.use({ locale: 'zh-CN', colorScheme: 'dark' });

  test('the dashboard is translated and dark', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel(zh.auth.login.username).fill('admin');
    await page.getByLabel(zh.auth.login.password, { exact: true }).fill('e2e-admin-password');
    await page.getByRole('button', { name: zh.auth.login.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.admin.dashboard);
    await expect(page.getByRole('img', { name: zh.dashboard.activity.barTitle })).toBeVisible();
    await expect(page.getByLabel(zh.dashboard.totals.label).getByText(zh.dashboard.totals.pastes)).toBeVisible();
    await expect(page.getByRole('heading', { name: zh.dashboard.caches.heading })).toBeVisible();
    const card = page.locator('[data-total="pastes"]').locator('..');
    expect(await luminance(card, 'backgroundColor')).toBeLessThan(0.1);
    expect(await luminance(card.locator('dd'), 'color')).toBeGreaterThan(0.6);
  });
});

test('the environment switcher shows for an admin with ?showEnvSwitcher only, and keeps its target in this browser', async ({
  page,
}, testInfo) => {
  const env = en.env;
  await page.goto('/?showEnvSwitcher');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
  await expect(page.getByRole('heading', { name: env.heading })).toHaveCount(0); // not for visitors

  await logInAsAdmin(page, '/admin');
  await expect(page.getByRole('heading', { name: env.heading })).toHaveCount(0); // not without the flag
  await page.goto('/admin?showEnvSwitcher');
  const panel = page.getByRole('region', { name: env.heading });
  await expect(panel).toBeVisible();
  await expect(panel.getByText('0.7.3', { exact: true })).toBeVisible();
  await expect(panel.getByText('SQLite', { exact: true })).toBeVisible();
  await expect(panel.getByText(/\(local folder\)$/)).toBeVisible();
  await expect(panel.getByRole('status')).toHaveText(env.currentThis);

  if (testInfo.project.name === 'no-js') {
    await expect(panel.getByText(env.needsScript)).toBeVisible();
    return;
  }
  await panel.getByLabel(env.origin).fill('https://other.example/some/page');
  await panel.getByLabel(env.apiKey).fill('key-of-the-other-server');
  await panel.getByRole('button', { name: env.use }).click();
  await expect(panel.getByRole('status')).toContainText('https://other.example');
  await page.reload();
  await expect(panel.getByRole('status')).toContainText('https://other.example');
  await panel.getByRole('button', { name: env.reset }).click();
  await expect(panel.getByRole('status')).toHaveText(env.currentThis);
  expect(await page.evaluate(() => localStorage.getItem('cloudclip.apiTarget'))).toBeNull();
});
