import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { sealFile } from '~/lib/e2e/file';
import { readFileShare, shareFile } from '../../scripts/e2e-crypt.mjs';
import { loginAsAdmin } from './auth-helpers';
import { en, waitForHydration } from './helpers';
import { adminToken } from './paste-helpers';
import { fillUploadForm, tempFile, uniqueFileSlug, unlockFilePage } from './upload-helpers';

/**
 * End-to-end encrypted file shares in Chromium (issue 31, docs/encryption.md "Files"): the upload
 * page seals each file as it sends it, the file page opens the name with the key in the fragment
 * and decrypts the download in the page; the server's password and view rules still hold.
 */

const MARKER = 'sealed-file-marker-4e8a';
const e = en.file.encrypted;

/** The result's link, with its key, once the upload is done (no direct download is offered). */
async function sealedLink(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { name: en.upload.result.heading })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel(en.upload.result.download, { exact: true })).toHaveCount(0);
  const link = await page.getByLabel(en.upload.result.link, { exact: true }).inputValue();
  expect(link).toMatch(/#[\w-]{43}$/);
  return link;
}

/** Clicks "Decrypt and download" and returns what the browser saved. */
async function decryptedDownload(page: Page): Promise<{ bytes: Buffer; name: string; url: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: e.download }).click(),
  ]);
  return { bytes: fs.readFileSync(await download.path()), name: download.suggestedFilename(), url: download.url() };
}

/** An encrypted share made through the API, as a script would (presign, PUT the records, commit). */
async function sealedShareViaApi(request: APIRequestContext, slug: string, text: string) {
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const sealed = await sealFile(new Blob([text]), { name: 'note.txt', type: 'text/plain', remark: null });
  const presign = await request.post('/api/s3/presign', {
    headers,
    data: { filename: 'x', size: sealed.source.size, slug, envelope: sealed.envelope },
  });
  expect(presign.ok(), await presign.text()).toBe(true);
  const { file_id, upload_url } = (await presign.json()).data;
  const records = Buffer.from(await (await sealed.source.slice(0, sealed.source.size)).arrayBuffer());
  expect((await request.put(upload_url, { data: records })).ok()).toBe(true);
  expect((await request.post('/api/s3/commit', { headers, data: { file_id } })).ok()).toBe(true);
  return sealed;
}

test('@js encrypt a file on the upload page; a new reader sees its name and text, and downloads it', async ({
  page,
  browser,
}, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'sealed');
  const text = `${MARKER}\nline two\n`;
  const file = tempFile(testInfo, `${MARKER}.txt`, text);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
  await loginAsAdmin(page);
  await page.goto('/upload');
  await waitForHydration(page);
  await page.getByLabel(e.option).check();
  await fillUploadForm(page, { file, slug, remark: `remark ${MARKER}` });
  const link = await sealedLink(page);
  const key = link.split('#')[1]!;
  expect(new URL(link).pathname).toBe(`/file/${slug}`);
  // Neither the key, nor the name, nor the text, nor the remark went to the server.
  expect(sent.filter((line) => line.includes(key) || line.includes(MARKER))).toEqual([]);

  // Without a service worker (blocked in this suite unless allowed) the page decrypts the download
  // itself, into a Blob it saves.
  const reader = await (await browser.newContext()).newPage();
  const opened = reader.waitForResponse((r) => r.url().endsWith(`/file/${slug}`) && r.request().method() === 'GET');
  await reader.goto(link);
  expect((await opened).headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  await expect(reader.getByText(e.badge)).toBeVisible();
  await expect(reader.getByRole('heading', { name: `${MARKER}.txt` })).toBeVisible();
  await expect(reader.getByText(`remark ${MARKER}`)).toBeVisible();
  // A small text file is shown, decrypted in the page.
  await expect(reader.getByText('line two')).toBeVisible();
  const saved = await decryptedDownload(reader);
  expect(saved.url).toMatch(/^blob:/);
  expect(saved.name).toBe(`${MARKER}.txt`);
  expect(saved.bytes.toString()).toBe(text);

  // The admin's list says "encrypted" where it cannot show a name.
  await page.goto(`/admin/file-management?search=${slug}`);
  const row = page.locator('tr', { hasText: `/file/${slug}` });
  await expect(row.getByText(e.badge)).toBeVisible();
  await expect(row.getByText(MARKER)).toHaveCount(0);

  // The Node script reads what the page sealed from the link alone (a view counted)…
  expect(await readFileShare(link)).toMatchObject({ name: `${MARKER}.txt`, remark: `remark ${MARKER}` });
  // …and the page opens what the script sealed.
  const token = await adminToken(page.request);
  const fromScript = await shareFile(new URL(link).origin, `Bearer ${token}`, Buffer.from('from the script'), {
    name: 'script.txt',
    type: 'text/plain',
  });
  await reader.goto(fromScript);
  await expect(reader.getByRole('heading', { name: 'script.txt' })).toBeVisible();
  await expect(reader.getByText('from the script')).toBeVisible();

  // A wrong key, or none: said, never garbage.
  const wrong = await (await browser.newContext()).newPage();
  await wrong.goto(`${link.split('#')[0]}#${'A'.repeat(43)}`);
  await expect(wrong.getByRole('heading', { name: e.incompleteHeading })).toBeVisible();
  await wrong.goto(`${link.split('#')[0]}#short`);
  await wrong.reload();
  await expect(wrong.getByRole('heading', { name: e.incompleteHeading })).toBeVisible();
});

test('@js a big encrypted file goes in parts behind a password; the reader needs link and password', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const slug = uniqueFileSlug(testInfo, 'sealed-big');
  const bytes = randomBytes(11 * 1024 * 1024);
  const file = tempFile(testInfo, 'film.bin', bytes);
  const parts: string[] = [];
  page.on('request', (request) => {
    const part = new URL(request.url()).searchParams.get('partNumber');
    if (request.method() === 'PUT' && part) parts.push(part);
  });
  await loginAsAdmin(page);
  await page.goto('/upload');
  await waitForHydration(page);
  await page.getByLabel(e.option).check();
  await fillUploadForm(page, { file, slug, password: 'hunter two' });
  const link = await sealedLink(page);
  expect(parts.sort()).toEqual(['1', '2', '3']);

  const reader = await (await browser.newContext({ serviceWorkers: 'allow' })).newPage();
  await reader.goto(link);
  await waitForHydration(reader);
  // A wrong password is found out in the page: the unlock is not sent, no view is spent (issue 42, item 4).
  await unlockFilePage(reader, 'not it');
  await expect(reader.getByText(e.wrongKeyOrPassword)).toBeVisible();
  await unlockFilePage(reader, 'hunter two');
  await expect(reader.getByRole('heading', { name: 'film.bin' })).toBeVisible();
  // The service worker that controls the page streams it: decrypted as it arrives, held by no page.
  await reader.waitForFunction(
    async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
  );
  const saved = await decryptedDownload(reader);
  expect(new URL(saved.url).pathname).toMatch(/^\/_sealed-download\//);
  expect(saved.name).toBe('film.bin');
  expect(saved.bytes.equals(bytes)).toBe(true);
});

test('@no-js-only without JavaScript an encrypted file page says it needs JavaScript', async ({
  page,
  request,
}, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'sealed-nojs');
  const sealed = await sealedShareViaApi(request, slug, `${MARKER} no js`);
  await page.goto(`/file/${slug}#${sealed.secret}`);
  await expect(page.getByRole('heading', { name: e.needsJsHeading })).toBeVisible();
  await expect(page.getByRole('heading', { name: e.name })).toBeVisible();
  await expect(page.getByText(MARKER)).toHaveCount(0);

  // Its owner's edit form keeps to what the server can change: no remark, password or link mode.
  await loginAsAdmin(page);
  await page.goto(`/file/${slug}?edit=1`);
  await expect(page.getByText(e.editNote)).toBeVisible();
  await expect(page.getByLabel(en.file.edit.password, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(en.file.edit.remark, { exact: true })).toHaveCount(0);
  await page.getByLabel(en.file.edit.maxViews, { exact: true }).fill('5');
  await page.getByRole('button', { name: en.file.edit.submit }).click();
  await expect(page.getByText(en.file.edit.saved)).toBeVisible();
});
