import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { startServer } from '../support/server';
import { loginAsAdmin } from './auth-helpers';
import { en, fill, whenHydrated } from './helpers';
import { fillUploadForm, PNG_2X2, tempFile, uniqueFileSlug, unlockFilePage, uploadedLinks } from './upload-helpers';

// Every test here runs in both projects: `js` and `no-js` (JavaScript disabled, plain form posts).
test.use({ locale: 'en-US' });

/** An admin token of a server of its own (tests/support/server.ts's default admin). */
async function loginToken(request: APIRequestContext, url: string): Promise<string> {
  const login = await request.post(`${url}/api/admin/login`, {
    data: { username: 'admin', password: 'test-admin-password' },
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

async function upload(page: Page, file: string, slug: string, extra: { password?: string } = {}) {
  await page.goto('/upload');
  await fillUploadForm(page, { file, slug, ...extra });
  return (await uploadedLinks(page)).link;
}

test('an unknown file answers 404 with a clear page', async ({ page }) => {
  const response = await page.goto('/file/no-such-file-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.file.status.missingHeading);
  await expect(page.getByRole('link', { name: en.common.actions.backHome })).toBeVisible();
});

test('an image shows as an <img> preview', async ({ page }, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'img');
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'pixels.png', PNG_2X2), slug);
  await page.goto(link);
  const image = page.getByRole('img', { name: 'pixels.png' });
  await expect(image).toHaveAttribute('src', `/api/file-view/${slug}`);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await expect(page.getByText('image/png')).toBeVisible();
});

test('a PDF opens in place on a wide screen, and on a phone after a tap (always without JavaScript)', async ({
  page,
}, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'pdf');
  const pdf = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'report.pdf', pdf), slug);
  const frame = page.locator(`iframe[title="${fill(en.file.preview.pdfTitle, { name: 'report.pdf' })}"]`);
  const show = page.getByRole('button', { name: en.file.preview.showPdf });
  await page.goto(link);
  await whenHydrated(page);
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute('src', /report\.pdf|\/api\//);
  await expect(show).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await whenHydrated(page);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await expect(show).toBeVisible();
    await expect(frame).toHaveCount(0);
    await show.click();
  } else {
    await expect(show).toBeHidden();
  }
  await expect(frame).toBeVisible();
  await expect(page.getByRole('link', { name: en.file.preview.openPdf })).toBeVisible();
});

test('Markdown renders sanitized: a <script> in it does not run', async ({ page }, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'md');
  const markdown = [
    '# Release notes',
    '',
    '- **bold** item',
    '',
    '<script>window.__fileXss = 1; document.title = "pwned"</script>',
    '',
    '<img src="x" onerror="window.__fileXss = 2">',
    '',
    '[click](javascript:window.__fileXss=3)',
  ].join('\n');
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'notes.md', markdown), slug);
  await page.goto(link);
  const preview = page.getByTestId('markdown-preview');
  await expect(preview.getByRole('heading', { name: 'Release notes' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('bold');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('[onerror]')).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript"]')).toHaveCount(0);
  await expect(page).not.toHaveTitle('pwned');
  if (testInfo.project.name === 'js')
    expect(await page.evaluate(() => (window as { __fileXss?: number }).__fileXss)).toBeUndefined();
});

test('code is shown as highlighted text', async ({ page }, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'code');
  const code = 'export const answer: number = 42;\n// ```not a fence end\nconsole.log("<b>hi</b>");\n';
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'answer.ts', code), slug);
  await page.goto(link);
  const preview = page.getByTestId('text-preview');
  await expect(preview).toContainText('export const answer: number = 42;');
  await expect(preview).toContainText('console.log("<b>hi</b>");');
  await expect(preview.locator('b')).toHaveCount(0);
  await expect(preview.locator('.hljs-keyword').first()).toBeVisible();
});

test('an Office document on a server the internet cannot reach says so instead of embedding a viewer', async ({
  page,
}, testInfo) => {
  // The viewers are on the internet: never let the test browser reach them.
  await page.route(/^https:\/\/(view\.officeapps\.live\.com|docs\.google\.com)\//, (route) => route.abort());
  const slug = uniqueFileSlug(testInfo, 'doc');
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'plan.docx', 'PK not really a document'), slug);
  await page.goto(link);
  // This test server is 127.0.0.1: Microsoft's servers could never fetch the document from it.
  await expect(page.getByText(/cannot be reached from the internet/)).toContainText('127.0.0.1');
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.goto(`${link}?office=acme`);
  await expect(page.getByText(fill(en.file.office.unsupported, { provider: 'acme' }))).toBeVisible();
});

test('Office documents preview through Microsoft or Google, what they need said first', async ({ page, request }) => {
  await page.route(/^https:\/\/(view\.officeapps\.live\.com|docs\.google\.com)\//, (route) => route.abort());
  // A server whose public address is on the internet (PUBLIC_URL): its links are what the viewers fetch.
  const server = await startServer({ env: { PUBLIC_URL: 'https://clip.example.com' } });
  try {
    const put = await request.put(`${server.url}/api/upload-direct/plan.docx?slug=office-doc`, {
      data: Buffer.from('PK not really a document'),
      headers: { Authorization: `Bearer ${await loginToken(request, server.url)}` },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await page.goto(`${server.url}/file/office-doc`);
    const frame = page.locator('iframe');
    const source = () =>
      frame
        .getAttribute('src')
        .then((src) => new URL(src!).searchParams.get('src') ?? new URL(src!).searchParams.get('url'));
    await expect(page.getByText(fill(en.file.office.note, { provider: en.file.office.microsoft }))).toBeVisible();
    await expect(frame).toHaveAttribute('src', /^https:\/\/view\.officeapps\.live\.com\/op\/embed\.aspx\?src=/);
    // The document's own URL: absolute and temporary (a signed link), never a plain share URL.
    expect(await source()).toMatch(/^https:\/\/clip\.example\.com\/api\/storage\//);
    await page.getByRole('link', { name: en.file.office.google }).click();
    await expect(frame).toHaveAttribute('src', /^https:\/\/docs\.google\.com\/gview\?embedded=true&url=/);
    expect(await source()).toMatch(/^https:\/\/clip\.example\.com\/api\/storage\//);
  } finally {
    await server.stop();
  }
});

test('after unlocking a password-protected document, switching the viewer keeps it unlocked', async ({
  page,
}, testInfo) => {
  await page.route(/^https:\/\/(view\.officeapps\.live\.com|docs\.google\.com)\//, (route) => route.abort());
  const slug = uniqueFileSlug(testInfo, 'pwdoc');
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'budget.xlsx', 'PK sheet'), slug, { password: 'sheet' });
  await page.context().clearCookies();

  await page.goto(link);
  await unlockFilePage(page, 'sheet');
  // This test server is 127.0.0.1, so each viewer is explained rather than embedded: the words
  // name the chosen viewer, and the document stays unlocked when switching.
  const said = (provider: string) => page.getByText(new RegExp(`^${provider} shows a document by fetching it`));
  await expect(said(en.file.office.microsoft)).toBeVisible();
  await page.getByRole('link', { name: en.file.office.google }).click();
  await expect(said(en.file.office.google)).toBeVisible();
  await expect(page.getByRole('heading', { name: en.file.unlock.heading })).toHaveCount(0);
  // The page address never carries the password or the grant (issue 42, item 8: the grant is in the
  // share's cookie); a forged or stale grant asks for it again.
  expect(page.url()).not.toMatch(/sheet|grant/);
  await page.context().clearCookies();
  const { hostname } = new URL(page.url());
  await page.context().addCookies([{ name: 'cc_grant', value: '1.forged', domain: hostname, path: `/file/${slug}` }]);
  const stale = await page.goto(link);
  expect(stale?.status()).toBe(401);
  await expect(page.getByRole('heading', { name: en.file.unlock.heading })).toBeVisible();
  await expect(page.getByText(en.file.unlock.grantExpired)).toBeVisible();
});

test('the owner edits the info, then deletes the file and lands on the home page', async ({ page }, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'own');
  const renamed = `${slug}-2`;
  await loginAsAdmin(page);
  const link = await upload(page, tempFile(testInfo, 'mine.txt', 'mine'), slug, { password: 'pw1' });

  await page.goto(link);
  await page.getByRole('link', { name: en.file.actions.edit }).click();
  await expect(page).toHaveURL(new RegExp(`/file/${slug}\\?edit=1$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(en.file.edit.heading, { name: 'mine.txt' }));
  await page.getByLabel(en.file.edit.slug, { exact: true }).fill(renamed);
  await page.getByLabel(en.file.edit.remark, { exact: true }).fill('edited remark');
  await page.getByLabel(en.file.edit.maxViews, { exact: true }).fill('5');
  await page.getByLabel(en.file.edit.clearPassword).check();
  await page.getByRole('button', { name: en.file.edit.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/file/${renamed}\\?edit=1&notice=saved$`));
  await expect(page.getByText(en.file.edit.saved)).toBeVisible();

  // The old link is gone; the new one opens without a password and shows the new facts (its owner's
  // looks count no view: issue 42, item 3).
  expect((await page.goto(link))?.status()).toBe(404);
  await page.goto(`/file/${renamed}`);
  await expect(page.getByText('edited remark')).toBeVisible();
  await expect(page.getByText(fill(en.file.meta.viewsOf, { views: '0', max: '5' }))).toBeVisible();
  await expect(page.getByTestId('text-preview')).toHaveText('mine');

  await page.getByRole('link', { name: en.file.actions.delete }).click();
  await expect(page.getByRole('alertdialog')).toContainText(fill(en.file.delete.heading, { name: 'mine.txt' }));
  await page.getByRole('button', { name: en.file.delete.confirm }).click();
  await expect(page).toHaveURL(/\/\?notice=fileDeleted$/);
  await expect(page.getByRole('status').filter({ hasText: en.file.delete.done })).toBeVisible();
  expect((await page.goto(`/file/${renamed}`))?.status()).toBe(404);
});

test('visitors cannot open the edit page', async ({ page }, testInfo) => {
  const slug = uniqueFileSlug(testInfo, 'guard');
  await loginAsAdmin(page);
  await upload(page, tempFile(testInfo, 'guarded.txt', 'x'), slug);
  await page.context().clearCookies();

  const response = await page.goto(`/file/${slug}?edit=1`);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.file.status.unauthorizedHeading);
  await expect(page.getByRole('link', { name: en.pages.unauthorized.login })).toBeVisible();
  // The public page has no owner controls for them.
  await page.goto(`/file/${slug}`);
  await expect(page.getByTestId('text-preview')).toHaveText('x');
  await expect(page.getByRole('link', { name: en.file.actions.edit })).toHaveCount(0);
});

test.describe('in a browser on Shanghai time', () => {
  test.use({ timezoneId: 'Asia/Shanghai' });

  test("a file's dates say UTC without scripts and the reader's own time with them", async ({ page }, testInfo) => {
    const slug = uniqueFileSlug(testInfo, 'zone');
    await loginAsAdmin(page);
    const link = await upload(page, tempFile(testInfo, 'pixels.png', PNG_2X2), slug);
    await page.goto(link);
    const created = page.locator('time').first();
    const iso = await created.getAttribute('datetime');
    expect(iso).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The hour and minute as the server writes them (UTC), and eight hours later (Shanghai).
    const at = new Date(iso!);
    const clock = (hours: number) =>
      `${String((at.getUTCHours() + hours) % 24).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    if (testInfo.project.use.javaScriptEnabled === false) {
      await expect(created).toHaveText(new RegExp(`${clock(0)} UTC$`));
    } else {
      // Switched after hydration, in a task of its own (DateTime.tsx).
      await expect(created).toHaveText(new RegExp(`${clock(8)}$`));
      await expect(created).not.toContainText('UTC');
    }
  });
});
