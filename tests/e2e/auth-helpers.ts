import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { en, waitForHydration, whenHydrated } from './helpers';

/** The shared server's first admin (tests/e2e/start-server.mjs). Never changed by any test. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/** Both projects run against one server: names carry the project and a random suffix. */
export function uniqueName(testInfo: TestInfo, label: string): string {
  return `e2e-${label}-${testInfo.project.name}-${randomBytes(3).toString('hex')}`;
}

/** The message of a translation with `{{name}}` placeholders, as a pattern (placeholders: anything). */
export function messagePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(escaped.replace(/\\\{\\\{\s*\w+\s*\\\}\\\}/g, '.+?'));
}

/** Fills the admin login form already on the page and submits it. */
export async function submitAdminLogin(page: Page, credentials = ADMIN): Promise<void> {
  await page.getByLabel(en.auth.login.username).fill(credentials.username);
  await page.getByLabel(en.auth.login.password, { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: en.auth.login.submit }).click();
}

/**
 * Signs the page's browser context in as the admin by the login form's own post, without loading
 * and filling the form (that is auth-login.spec.ts's to test): the session cookie lands in the
 * context. With JavaScript the page then opens the admin panel and waits for it to hydrate, as the
 * form's login did: the app's scripts are then cached, and the next page a test opens hydrates
 * before the test can tick its boxes.
 */
export async function loginAsAdmin(page: Page, credentials = ADMIN, base = ''): Promise<void> {
  const answer = await page.request.post(`${base}/admin/login`, {
    form: { mode: 'admin', redirectTo: '/admin', ...credentials },
    maxRedirects: 0,
  });
  expect(answer.status(), await answer.text()).toBe(302);
  if (test.info().project.use.javaScriptEnabled === false) return;
  await page.goto(`${base}/admin`);
  await waitForHydration(page);
}

/** Opens the API key tab of the login form on /admin and submits `key`. */
export async function submitKeyLogin(page: Page, key: string, base = ''): Promise<void> {
  await page.goto(`${base}/admin`);
  // With JavaScript the form posts by fetch once hydrated; before that a click posts the page itself.
  await whenHydrated(page);
  await page.getByRole('tab', { name: en.auth.login.apiKeyTab }).click();
  await expect(page.getByRole('tab', { name: en.auth.login.apiKeyTab })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel(en.auth.login.apiKey).fill(key);
  // Wait for the login answer itself: with JS the form posts by fetch, and a
  // caller's next page.goto could otherwise race ahead of the session cookie.
  const answered = page.waitForResponse((response) => response.request().method() === 'POST');
  await page.getByRole('button', { name: en.auth.login.submit }).click();
  await answered;
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: en.auth.logout }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/\/\?notice=loggedOut$/);
}

/** Creates a key through the JSON API as the admin and returns its secret. */
export async function createKeyViaApi(
  request: APIRequestContext,
  key: { name: string; permissions: number; basic_path?: string },
): Promise<string> {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await request.post('/api/admin/api-keys', {
    data: { ...key, expires_at: null },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { key: string } }).data.key;
}
