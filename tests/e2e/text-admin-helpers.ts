import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { ADMIN } from './auth-helpers';
import { en, fill } from './helpers';

export const TEXTS = '/admin/text-management';
export const t = en.textAdmin;

/**
 * Both projects share one server: every test tags its texts with its own marker (slug-safe, found
 * by the search), so other tests' texts never show up in its assertions.
 */
export function uniqueMarker(testInfo: TestInfo, label: string): string {
  return `ta${label}-${testInfo.project.name}-${randomBytes(4).toString('hex')}`;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
export const apiKey = (key: string) => ({ Authorization: `ApiKey ${key}` });

export interface PasteInput {
  content: string;
  slug?: string;
  remark?: string;
  password?: string;
  expiresAt?: string;
  maxViews?: number;
}

export async function createPaste(
  request: APIRequestContext,
  headers: Record<string, string>,
  input: PasteInput,
): Promise<{ id: string; slug: string }> {
  const response = await request.post('/api/paste', { data: input, headers });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string; slug: string };
}

/** GET /api/pastes/{id} as the admin: the stored row (null once deleted). */
export async function pasteById(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<{ views: number; slug: string } | null> {
  const response = await request.get(`/api/pastes/${id}`, { headers: bearer(token) });
  if (response.status() === 404) return null;
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { views: number; slug: string } }).data;
}

export async function createKey(request: APIRequestContext, token: string, name: string, permissions: number) {
  const created = await request.post('/api/admin/api-keys', {
    data: { name, permissions, expires_at: null },
    headers: bearer(token),
  });
  expect(created.ok(), await created.text()).toBe(true);
  return ((await created.json()) as { data: { key: string; id: string } }).data;
}

/** The list on the page, and the row of one text in it (desktop: a table row). */
export function textRows(page: Page): Locator {
  return page.getByRole('table', { name: t.list.label }).locator('tbody > tr[id^="paste-"]');
}

export function textRow(page: Page, slug: string): Locator {
  return textRows(page).filter({ has: page.getByRole('link', { name: fill(t.list.open, { slug }), exact: true }) });
}

/** The slugs of the rows shown, in order. */
export async function shownSlugs(page: Page): Promise<string[]> {
  return textRows(page).locator('td:nth-child(2) > a').allTextContents();
}

/** Opens the list searched for `marker` through the search form. */
export async function searchFor(page: Page, marker: string): Promise<void> {
  const search = page.getByRole('search', { name: t.search.label });
  await search.getByLabel(t.search.label).fill(marker);
  await search.getByRole('button', { name: t.search.submit }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
}

/**
 * The confirmation: a modal dialog with JavaScript, the action's confirmation step without. Both
 * carry the same heading and buttons.
 */
export function confirmation(page: Page): Locator {
  return page.getByRole('dialog').or(page.getByRole('alertdialog'));
}

export async function cancelConfirmation(page: Page): Promise<void> {
  const confirm = confirmation(page);
  await confirm
    .getByRole('button', { name: en.common.confirm.cancel })
    .or(confirm.getByRole('link', { name: en.common.confirm.cancel }))
    .click();
  await expect(confirmation(page)).toHaveCount(0);
}

/** The success line after an action, whatever count it reports. */
export function notice(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}
