import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { en, fill } from './helpers';

export { adminToken, apiKey, bearer, createKey } from './text-admin-helpers';

export const FILES = '/admin/file-management';
export const t = en.fileAdmin;

/** The shared server's data folder (tests/e2e/start-server.mjs); its local storage lives in storage/. */
const dataDir = path.resolve(import.meta.dirname, '../../.tmp/e2e-data');

/**
 * Both projects share one server: every test names its files with its own marker (found by the
 * search), so other tests' files never show up in its assertions.
 */
export function uniqueMarker(testInfo: TestInfo, label: string): string {
  return `fa${label}-${testInfo.project.name}-${randomBytes(4).toString('hex')}`;
}

export interface Uploaded {
  id: string;
  slug: string;
  filename: string;
}

/** PUT /api/upload-direct/{name} (options in the query) with the given auth headers. */
export async function uploadFile(
  request: APIRequestContext,
  headers: Record<string, string>,
  filename: string,
  body: Buffer | string,
  query: Record<string, string> = {},
): Promise<Uploaded> {
  const search = new URLSearchParams(query).toString();
  const response = await request.put(
    `/api/upload-direct/${encodeURIComponent(filename)}${search ? `?${search}` : ''}`,
    {
      data: typeof body === 'string' ? Buffer.from(body) : body,
      headers: { ...headers, 'Content-Type': 'application/octet-stream' },
    },
  );
  expect(response.ok(), await response.text()).toBe(true);
  const data = ((await response.json()) as { data: Uploaded }).data;
  return { id: data.id, slug: data.slug, filename: data.filename };
}

/** GET /api/files/{id} as the admin: the record (null once deleted). */
export async function fileById(
  request: APIRequestContext,
  token: string,
  id: string,
): Promise<{ storage_path: string; remark: string | null; has_password: boolean; slug: string } | null> {
  const response = await request.get(`/api/files/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  if (response.status() === 404) return null;
  expect(response.ok(), await response.text()).toBe(true);
  return (
    (await response.json()) as {
      data: { storage_path: string; remark: string | null; has_password: boolean; slug: string };
    }
  ).data;
}

/** Whether the object of a local-storage share is on disk. */
export function objectExists(storagePath: string): boolean {
  return fs.existsSync(path.join(dataDir, 'storage', storagePath));
}

/** The rows of the list (desktop: a table), and the row of one file in it. */
export function fileRows(page: Page): Locator {
  return page.getByRole('table', { name: t.list.label }).locator('tbody > tr[id^="file-"]');
}

export function fileRow(page: Page, name: string): Locator {
  return fileRows(page).filter({ has: page.getByRole('link', { name: fill(t.list.open, { name }), exact: true }) });
}

/** Opens the list searched for `query` through the search form. */
export async function searchFor(page: Page, query: string): Promise<void> {
  const search = page.getByRole('search', { name: t.search.label });
  await search.getByLabel(t.search.label).fill(query);
  await search.getByRole('button', { name: t.search.submit }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(query)}`));
}

/** The delete question: a modal dialog with JavaScript, the action's confirmation step without. */
export function confirmation(page: Page): Locator {
  return page.getByRole('dialog').or(page.getByRole('alertdialog'));
}

/** The success line after an action. */
export function notice(page: Page, text: string | RegExp): Locator {
  return page.getByRole('status').filter({ hasText: text });
}
