import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { createKeyViaApi, loginAsAdmin, submitKeyLogin, uniqueName } from './auth-helpers';
import { en, expectFieldError, fill, visitorPage, zh } from './helpers';
import {
  downloadFromFilePage,
  fillUploadForm,
  tempFile,
  uniqueFileSlug,
  unlockFilePage,
  uploadedLinks,
} from './upload-helpers';

// Every test here runs in both projects: `js` and `no-js` (JavaScript disabled, plain form posts).
test.use({ locale: 'en-US' });

test('an anonymous visitor is told why they cannot upload, and can log in from there', async ({ page }) => {
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.upload.heading);
  await expect(page.getByRole('heading', { name: en.upload.access.anonymousHeading })).toBeVisible();
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: en.upload.access.login }).click();
  await page.getByLabel(en.auth.login.username).fill('admin');
  await page.getByLabel(en.auth.login.password, { exact: true }).fill('e2e-admin-password');
  await page.getByRole('button', { name: en.auth.login.submit }).click();
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toBeVisible();
});

test('the URL tab is a form with the share options, it checks the URL; the tabs are links', async ({
  page,
  javaScriptEnabled,
}) => {
  await loginAsAdmin(page);
  await page.goto('/upload');
  const tabs = page.getByRole('navigation', { name: en.upload.tabs.label });
  await expect(tabs.getByRole('link', { name: en.upload.tabs.file })).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: en.upload.tabs.url }).click();
  await expect(page).toHaveURL(/\/upload\?tab=url$/);
  await expect(tabs.getByRole('link', { name: en.upload.tabs.url })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: en.upload.tabs.file })).not.toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: en.upload.url.heading })).toBeVisible();
  const field = page.getByRole('textbox', { name: en.upload.url.field, exact: true });
  await expect(field).toBeVisible();
  await expect(page.getByLabel(en.upload.form.slug, { exact: true })).toBeVisible();
  await expect(page.getByLabel(en.upload.form.password, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: en.upload.url.submit })).toBeVisible();
  // "Fetch info" asks the server from the page: only with JavaScript.
  await expect(page.getByRole('button', { name: en.upload.url.fetchInfo })).toHaveCount(javaScriptEnabled ? 1 : 0);
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toHaveCount(0);

  // Not an http(s) URL: refused on the field, nothing uploaded.
  await field.fill('ftp://example.com/file.zip');
  await page.getByLabel(en.upload.form.remark, { exact: true }).fill('kept');
  await page.getByRole('button', { name: en.upload.url.submit }).click();
  await expectFieldError(page, field, en.upload.url.invalid);
  await expect(field).toHaveValue('ftp://example.com/file.zip');
  await expect(page.getByLabel(en.upload.form.remark, { exact: true })).toHaveValue('kept');

  await page.getByRole('link', { name: en.upload.url.useFileTab }).click();
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: en.upload.tabs.file })).toHaveAttribute('aria-current', 'page');
});

test('a key without the file permission is told why it cannot upload', async ({ page }, testInfo) => {
  const key = await createKeyViaApi(page.request, { name: uniqueName(testInfo, 'nofile'), permissions: 1 });
  await submitKeyLogin(page, key);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: en.upload.access.forbiddenHeading })).toBeVisible();
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toHaveCount(0);
});

test('upload a file with a password, open its page, unlock it and download it byte-identical', async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'pw');
  const bytes = fs.readFileSync(tempFile(testInfo, 'secret report.bin'));
  await loginAsAdmin(page);
  await page.goto('/upload');
  await fillUploadForm(page, {
    file: testInfo.outputPath('secret report.bin'),
    slug,
    password: 'open sesame',
    remark: 'quarterly numbers',
    expiry: '7d',
  });

  const { link, download } = await uploadedLinks(page);
  expect(new URL(link).pathname).toBe(`/file/${slug}`);
  expect(download).toMatch(new RegExp(`/api/file-download/${slug}\\?password=open%20sesame$`));
  await expect(page.getByRole('img', { name: en.upload.result.qr })).toBeVisible();
  await expect(page.getByText(en.upload.result.passwordNote)).toBeVisible();
  const recent = page.getByRole('region', { name: en.upload.recent.heading });
  await expect(recent.getByRole('link', { name: 'secret report.bin' }).first()).toHaveAttribute(
    'href',
    `/file/${slug}`,
  );

  // Its owner sees it at once, behind no password, and counts no view (issue 42, item 3).
  await page.goto(link);
  await expect(page.getByRole('link', { name: new RegExp(`^${en.file.actions.download}`) })).toBeVisible();
  await expect(page.getByText(fill(en.file.meta.viewsUnlimited, { views: '0' }))).toBeVisible();

  // A visitor's page: facts and the password prompt, no content links yet.
  const owner = page;
  page = await visitorPage(browser, javaScriptEnabled);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('secret report.bin');
  await expect(page.getByText('quarterly numbers')).toBeVisible();
  await expect(page.getByText('293 KB')).toBeVisible();
  await expect(page.getByRole('heading', { name: en.file.unlock.heading })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${en.file.actions.download}`) })).toHaveCount(0);

  // A wrong password: 401 and the translated message.
  const wrong = page.waitForResponse((r) => r.request().method() === 'POST');
  await unlockFilePage(page, 'nope');
  expect((await wrong).status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(en.errors.passwordIncorrect);

  await unlockFilePage(page, 'open sesame');
  const button = page.getByRole('link', { name: new RegExp(`^${en.file.actions.download}`) });
  await expect(button).toBeVisible();
  // No grant and no password in the links or the address: the visit's grant is in its cookie (item 8).
  const href = (await button.getAttribute('href'))!;
  expect(href).toBe(`/api/file-download/${slug}`);
  expect(page.url()).not.toMatch(/grant|sesame/);
  await expect(page.getByText(fill(en.file.meta.viewsUnlimited, { views: '1' }))).toBeVisible();

  const saved = await downloadFromFilePage(page);
  expect(saved.name).toBe('secret report.bin');
  expect(saved.bytes.equals(bytes)).toBe(true);
  // The address the visitor could pass on opens nothing in another browser.
  const other = await visitorPage(browser, javaScriptEnabled);
  await other.goto(page.url());
  await expect(other.getByRole('heading', { name: en.file.unlock.heading })).toBeVisible();
  await owner.close();
});

test('the form shows the max upload size (100 MB by default)', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/upload');
  await expect(page.getByText(fill(en.upload.form.maxSize, { max: '100 MB' }), { exact: true })).toBeVisible();
});

test('errors show in the form and keep the options typed', async ({ page, javaScriptEnabled }, testInfo) => {
  const taken = uniqueFileSlug(testInfo, 'taken');
  const file = tempFile(testInfo, 'a.txt', 'first');
  await loginAsAdmin(page);
  await page.goto('/upload');
  await fillUploadForm(page, { file, slug: taken });
  await uploadedLinks(page);

  await page.goto('/upload');
  const conflict = page.waitForResponse((r) => r.request().method() === 'POST');
  await fillUploadForm(page, { file, slug: taken, remark: 'kept', maxViews: '4', password: 'pw', path: 'docs/x' });
  expect((await conflict).status()).toBe(409);
  await expectFieldError(page, page.getByLabel(en.upload.form.slug, { exact: true }), en.errors.slugTaken);
  await expect(page.getByLabel(en.upload.form.slug, { exact: true })).toHaveValue(taken);
  await expect(page.getByLabel(en.upload.form.remark, { exact: true })).toHaveValue('kept');
  await expect(page.getByLabel(en.upload.form.maxViews, { exact: true })).toHaveValue('4');
  await expect(page.getByLabel(en.upload.form.path, { exact: true })).toHaveValue('docs/x');
  await expect(page.getByLabel(en.upload.form.password, { exact: true })).toHaveValue('');
  // Without JavaScript the browser drops the chosen file: the page says so.
  await expect(page.getByText(en.upload.form.chooseAgain)).toHaveCount(javaScriptEnabled ? 0 : 1);

  // A reserved suffix and a custom expiry without days: each on its field.
  await fillUploadForm(page, { file, slug: 'admin' });
  await expect(page.locator('#slug-error')).toHaveText(en.errors.slugReserved);
  await fillUploadForm(page, { file, slug: '', expiry: 'custom', expiryDays: '' });
  await expect(page.locator('#create-expiryDays-error')).toHaveText(en.upload.form.expiryDaysRequired);
  // No file chosen.
  await page.goto('/upload');
  await page.getByRole('button', { name: en.upload.form.submit, exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(en.errors.seeMarkedFields_one);
  await expect(page.locator('#file-error')).toHaveText(en.errors.fileRequired);
});

test('errors come in the visitor language', async ({ page }, testInfo) => {
  const taken = uniqueFileSlug(testInfo, 'zh');
  const file = tempFile(testInfo, '报告.txt', '内容');
  await loginAsAdmin(page);
  await page.goto('/upload');
  await page
    .getByRole('button', { name: fill(en.common.language.switchTo, { language: zh.common.language.zh }) })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await fillUploadForm(page, { file, slug: taken }, zh);
  const { link } = await uploadedLinks(page, zh);
  await page.goto('/upload');
  await fillUploadForm(page, { file, slug: taken }, zh);
  await expectFieldError(page, page.getByLabel(zh.upload.form.slug, { exact: true }), zh.errors.slugTaken, zh);

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('报告.txt');
  await expect(page.getByTestId('text-preview')).toHaveText('内容');
});

test('a max-views-1 share shows once to a visitor, never counting its owner, then answers 410', async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'once');
  await loginAsAdmin(page);
  await page.goto('/upload');
  await fillUploadForm(page, { file: tempFile(testInfo, 'once.txt', 'read me once'), slug, maxViews: '1' });
  const { link } = await uploadedLinks(page);
  await expect(page.getByText(fill(en.upload.result.maxViews, { count: '1' }))).toBeVisible();

  // Its owner opens it (as "Open" and "Recent uploads" do) as often as they like: nothing is spent.
  for (let i = 0; i < 2; i++) {
    await page.goto(link);
    await expect(page.getByTestId('text-preview')).toHaveText('read me once');
    await expect(page.getByText(fill(en.file.meta.viewsOf, { views: '0', max: '1' }))).toBeVisible();
  }

  const visitor = await visitorPage(browser, javaScriptEnabled);
  const first = await visitor.goto(link);
  expect(first?.status()).toBe(200);
  await expect(visitor.getByTestId('text-preview')).toHaveText('read me once');
  await expect(visitor.getByText(fill(en.file.meta.viewsOf, { views: '1', max: '1' }))).toBeVisible();
  await expect(visitor.getByText(en.file.view.lastView)).toBeVisible();

  const second = await (await visitorPage(browser, javaScriptEnabled)).goto(link);
  expect(second?.status()).toBe(410);
});
