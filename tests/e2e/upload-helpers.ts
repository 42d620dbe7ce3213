import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Download, type Page, type TestInfo } from '@playwright/test';
import { en } from './helpers';

type Strings = typeof en;

/** Both projects share one server: slugs carry the project and a random suffix (and stay ≤ 50). */
export function uniqueFileSlug(testInfo: TestInfo, label: string): string {
  return `f-${label}-${testInfo.project.name}-${randomBytes(3).toString('hex')}`;
}

/** Writes `bytes` (default: 300 000 random bytes) to a file in the test's output folder; returns its path. */
export function tempFile(testInfo: TestInfo, name: string, bytes: Buffer | string = randomBytes(300_000)): string {
  const file = testInfo.outputPath(name);
  fs.mkdirSync(testInfo.outputPath(), { recursive: true });
  fs.writeFileSync(file, bytes);
  return file;
}

/** A 2×2 PNG (red, green, blue, white). */
export const PNG_2X2 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAFklEQVQImWP4z8DAsICBgYHh/////wEclwWc9/kdUQAAAABJRU5ErkJggg==',
  'base64',
);

export interface FormUpload {
  file: string;
  slug?: string;
  password?: string;
  remark?: string;
  maxViews?: string;
  expiry?: '5m' | '1h' | '1d' | '7d' | '30d' | 'never' | 'custom';
  expiryDays?: string;
  /** The visible name of the storage option to choose. */
  storage?: string | RegExp;
  path?: string;
  direct?: boolean;
}

/** The file form's options fold under the drop zone: opens them, once, to fill them in. */
export async function openUploadOptions(page: Page): Promise<void> {
  const details = page.locator('details', { has: page.locator('#options-heading') });
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
}

/**
 * Fills the file tab of /upload (already open, in the language of `s`) and submits it: a form post
 * without JavaScript, the browser uploader (straight to storage) with it.
 */
export async function fillUploadForm(page: Page, upload: FormUpload, s: Strings = en): Promise<void> {
  const f = s.upload.form;
  const input = page.getByLabel(f.file, { exact: true });
  // With JavaScript, the browser uploader must be running (it takes several files), or the click
  // would post the plain form instead.
  if (test.info().project.use.javaScriptEnabled !== false) await expect(input).toHaveAttribute('multiple', '');
  const { file: _file, ...options } = upload;
  if (Object.values(options).some((v) => v !== undefined)) await openUploadOptions(page);
  if (upload.slug !== undefined) await page.getByLabel(f.slug, { exact: true }).fill(upload.slug);
  if (upload.password !== undefined) await page.getByLabel(f.password, { exact: true }).fill(upload.password);
  if (upload.expiry) await page.getByLabel(s.paste.form.expiry, { exact: true }).selectOption(upload.expiry);
  if (upload.expiryDays !== undefined)
    await page.getByLabel(s.paste.form.expiryDays, { exact: true }).fill(upload.expiryDays);
  if (upload.maxViews !== undefined) await page.getByLabel(f.maxViews, { exact: true }).fill(upload.maxViews);
  if (upload.remark !== undefined) await page.getByLabel(f.remark, { exact: true }).fill(upload.remark);
  if (upload.storage !== undefined) {
    const select = page.getByLabel(f.storage, { exact: true });
    const options = await select.locator('option').allTextContents();
    const label = options.find((o) =>
      typeof upload.storage === 'string' ? o === upload.storage : upload.storage!.test(o),
    );
    expect(label, `storage option ${upload.storage} in ${options.join(', ')}`).toBeTruthy();
    await select.selectOption({ label: label! });
  }
  if (upload.path !== undefined) await page.getByLabel(f.path, { exact: true }).fill(upload.path);
  if (upload.direct) await page.getByLabel(f.linksDirect).check();
  await input.setInputFiles(upload.file);
  await page.getByRole('button', { name: f.submit, exact: true }).click();
}

/** The share box after an upload: the absolute share and download links. */
export async function uploadedLinks(page: Page, s: Strings = en): Promise<{ link: string; download: string }> {
  // An upload may still be completing (a multipart commit under two busy workers): more than 5 s.
  await expect(page.getByRole('heading', { name: s.upload.result.heading })).toBeVisible({ timeout: 30_000 });
  const link = await page.getByLabel(s.upload.result.link, { exact: true }).inputValue();
  const download = await page.getByLabel(s.upload.result.download, { exact: true }).inputValue();
  return { link, download };
}

/** Saves a download and returns its bytes. */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFileSync(file);
}

/** Clicks the file page's download button and returns what the browser saved. */
export async function downloadFromFilePage(page: Page, s: Strings = en): Promise<{ bytes: Buffer; name: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: new RegExp(`^${s.file.actions.download}`) }).click(),
  ]);
  return { bytes: await downloadedBytes(download), name: download.suggestedFilename() };
}

/** Fills the password prompt of a file page and submits it. */
export async function unlockFilePage(page: Page, password: string, s: Strings = en): Promise<void> {
  await page.getByLabel(s.file.unlock.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: s.file.unlock.submit }).click();
}
