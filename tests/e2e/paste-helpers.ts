import { randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { ADMIN } from './auth-helpers';
import { en } from './helpers';

type Strings = typeof en;

/** Both projects share one server: slugs carry the project and a random suffix (and stay ≤ 50). */
export function uniqueSlug(testInfo: TestInfo, label: string): string {
  return `p-${label}-${testInfo.project.name}-${randomBytes(3).toString('hex')}`;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const login = await request.post('/api/admin/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

export interface ApiPasteInput {
  content: string;
  slug?: string;
  password?: string;
  remark?: string;
  expiresAt?: string;
  maxViews?: number;
  /** The content is an envelope sealed outside the server (docs/encryption.md). */
  encrypted?: boolean;
}

/** POST /api/paste as the admin. */
export async function createPasteViaApi(
  request: APIRequestContext,
  token: string,
  input: ApiPasteInput,
): Promise<{ id: string; slug: string }> {
  const response = await request.post('/api/paste', { data: input, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { id: string; slug: string };
}

/** GET /api/pastes/{id} as the admin: the stored views, without counting one. */
export async function storedViews(request: APIRequestContext, token: string, id: string): Promise<number | null> {
  const response = await request.get(`/api/pastes/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status() === 404) return null;
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: { views: number } }).data.views;
}

export interface FormPaste {
  content: string;
  slug?: string;
  password?: string;
  remark?: string;
  expiry?: '5m' | '1h' | '1d' | '7d' | '30d' | 'never' | 'custom';
  expiryDays?: string;
  maxViews?: string;
}

/** Fills the home page form (in the language of `s`) and submits it. */
export async function fillPasteForm(page: Page, paste: FormPaste, s: Strings = en): Promise<void> {
  await page.getByLabel(s.paste.editor.contentLabel, { exact: true }).fill(paste.content);
  if (paste.slug !== undefined) await page.getByLabel(s.paste.form.slug, { exact: true }).fill(paste.slug);
  if (paste.password !== undefined) await page.getByLabel(s.paste.form.password, { exact: true }).fill(paste.password);
  if (paste.expiry) await page.getByLabel(s.paste.form.expiry, { exact: true }).selectOption(paste.expiry);
  if (paste.expiryDays !== undefined)
    await page.getByLabel(s.paste.form.expiryDays, { exact: true }).fill(paste.expiryDays);
  if (paste.maxViews !== undefined) await page.getByLabel(s.paste.form.maxViews, { exact: true }).fill(paste.maxViews);
  if (paste.remark !== undefined) await page.getByLabel(s.paste.form.remark, { exact: true }).fill(paste.remark);
  await page.getByRole('button', { name: s.paste.form.submit }).click();
}

/** The share box after creating: the share link and the raw link. */
export async function sharedLinks(page: Page, s: Strings = en): Promise<{ link: string; raw: string }> {
  await expect(page.getByRole('heading', { name: s.paste.created.heading })).toBeVisible();
  const link = await page.getByLabel(s.paste.created.link, { exact: true }).inputValue();
  const raw = await page.getByLabel(s.paste.created.raw, { exact: true }).inputValue();
  return { link, raw };
}
