import { expect, test } from '@playwright/test';
import { loginAsAdmin, submitAdminLogin } from './auth-helpers';
import { en, expectFieldError, fill, visitorPage, zh } from './helpers';
import { adminToken, createPasteViaApi, fillPasteForm, sharedLinks, storedViews, uniqueSlug } from './paste-helpers';

// Every test here runs in both projects: `js` and `no-js` (JavaScript disabled, plain form posts).
test.use({ locale: 'en-US' });

test('an anonymous visitor is told why they cannot create, and can log in from there', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
  await expect(page.getByRole('heading', { name: en.paste.access.anonymousHeading })).toBeVisible();
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: en.paste.access.login }).click();
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toBeVisible();
});

test('create a password-protected paste on the home page, open its link, unlock it', async ({
  page,
  browser,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'pw');
  await loginAsAdmin(page);
  await page.goto('/');
  await fillPasteForm(page, {
    content: '# Secret notes\n\n- [x] **done** item',
    slug,
    password: 'open sesame',
    expiry: '7d',
    remark: 'for the team',
  });

  const { link, raw } = await sharedLinks(page);
  expect(new URL(link).pathname).toBe(`/paste/${slug}`);
  expect(raw).toMatch(new RegExp(`/api/raw/${slug}\\?password=open%20sesame$`));
  await expect(page.getByRole('img', { name: en.paste.created.qr })).toBeVisible();
  await expect(page.getByRole('link', { name: en.paste.created.createAnother })).toBeVisible();

  // The raw link the creator got works as it is.
  const rawText = await page.request.get(raw);
  expect(rawText.status()).toBe(200);
  expect(await rawText.text()).toBe('# Secret notes\n\n- [x] **done** item');

  // Its owner sees it at once, behind no password (issue 42, item 3); a visitor is asked for it.
  await page.goto(link);
  await expect(page.getByRole('article').getByRole('heading', { name: 'Secret notes' })).toBeVisible();
  page = await visitorPage(browser, testInfo.project.name === 'js', { locale: 'en-US' });
  await page.goto(link);
  await expect(page.getByRole('heading', { name: en.paste.unlock.heading })).toBeVisible();
  await expect(page.getByText('for the team')).toBeVisible();
  await expect(page.getByText('Secret notes')).toHaveCount(0);

  // A wrong password: 401, the translated message, and the prompt again.
  const wrong = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('nope');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  expect((await wrong).status()).toBe(401);
  await expect(page.getByRole('alert')).toHaveText(en.errors.passwordWrong);

  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('open sesame');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { name: 'Secret notes' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('done');
  await expect(article.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('link', { name: en.paste.view.raw })).toHaveAttribute(
    'href',
    `/api/raw/${slug}?password=open%20sesame`,
  );
});

test.describe('in Chinese', () => {
  test('create, open and unlock a password paste in the Chinese UI', async ({ page, browser }, testInfo) => {
    const slug = uniqueSlug(testInfo, 'zh');
    await loginAsAdmin(page);
    await page.goto('/');
    await page
      .getByRole('button', { name: fill(en.common.language.switchTo, { language: zh.common.language.zh }) })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.home.heading);

    await fillPasteForm(page, { content: '中文内容 **加粗**', slug, password: '密码123', expiry: 'never' }, zh);
    const { link } = await sharedLinks(page, zh);
    await expect(page.getByText(zh.paste.created.neverExpires)).toBeVisible();

    // A visitor whose browser speaks Chinese is asked for the password (its owner would see it at once).
    page = await visitorPage(browser, testInfo.project.name === 'js', { locale: 'zh-CN' });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: zh.paste.unlock.heading })).toBeVisible();
    await page.getByLabel(zh.paste.unlock.password, { exact: true }).fill('错误');
    await page.getByRole('button', { name: zh.paste.unlock.submit }).click();
    await expect(page.getByRole('alert')).toHaveText(zh.errors.passwordWrong);

    await page.getByLabel(zh.paste.unlock.password, { exact: true }).fill('密码123');
    await page.getByRole('button', { name: zh.paste.unlock.submit }).click();
    await expect(page.getByRole('article').locator('strong')).toHaveText('加粗');
    await expect(page.getByRole('article')).toContainText('中文内容');
    await expect(page.getByRole('link', { name: zh.paste.view.plain })).toBeVisible();
  });
});

test('a max-views-1 paste shows once, says so, then answers 410', async ({ page, browser }, testInfo) => {
  const slug = uniqueSlug(testInfo, 'once');
  await loginAsAdmin(page);
  await page.goto('/');
  await fillPasteForm(page, { content: 'read me once', slug, maxViews: '1' });
  const { link } = await sharedLinks(page);
  await expect(page.getByText(fill(en.paste.created.maxViews, { count: '1' }))).toBeVisible();

  // Its owner opens it as often as they like: no view is spent (issue 42, item 3).
  for (let i = 0; i < 2; i++) {
    await page.goto(link);
    await expect(page.getByRole('article')).toContainText('read me once');
  }
  page = await visitorPage(browser, testInfo.project.name === 'js', { locale: 'en-US' });
  const first = await page.goto(link);
  expect(first?.status()).toBe(200);
  await page.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(page.getByRole('article')).toContainText('read me once');
  await expect(page.getByText(en.paste.view.lastView)).toBeVisible();

  const second = await page.goto(link);
  expect(second?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.paste.status.goneHeading);
  await expect(page.getByText('read me once')).toHaveCount(0);
});

test('unlocking the last allowed view of a password paste shows it once', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const { slug } = await createPasteViaApi(request, token, {
    content: 'one look only',
    password: 'pw',
    maxViews: 1,
    slug: uniqueSlug(testInfo, 'pwonce'),
  });
  await page.goto(`/paste/${slug}`);
  await page.getByLabel(en.paste.unlock.password, { exact: true }).fill('pw');
  const unlock = page.waitForResponse((r) => r.request().method() === 'POST');
  await page.getByRole('button', { name: en.paste.unlock.submit }).click();
  expect((await unlock).status()).toBe(200);
  await expect(page.getByRole('article')).toContainText('one look only');
  await expect(page.getByText(en.paste.view.lastView)).toBeVisible();
  await expect(page.getByRole('link', { name: en.paste.view.raw })).toHaveCount(0);

  const again = await page.goto(`/paste/${slug}`);
  expect(again?.status()).toBe(410);
});

test('an unknown paste answers 404 with a clear page', async ({ page }) => {
  const response = await page.goto('/paste/no-such-paste-here');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.paste.status.missingHeading);
  await expect(page.getByRole('link', { name: en.common.actions.backHome })).toBeVisible();
});

test('form errors show in the form and keep everything typed except the password', async ({ page }, testInfo) => {
  const taken = uniqueSlug(testInfo, 'taken');
  await createPasteViaApi(page.request, await adminToken(page.request), { content: 'first', slug: taken });
  await loginAsAdmin(page);
  await page.goto('/');

  // Slug taken: 409 and the spec's message.
  const conflict = page.waitForResponse((r) => r.request().method() === 'POST');
  await fillPasteForm(page, { content: 'second text', slug: taken, password: 'pw', remark: 'kept', maxViews: '4' });
  expect((await conflict).status()).toBe(409);
  await expectFieldError(page, page.getByLabel(en.paste.form.slug, { exact: true }), en.errors.slugTaken);
  // The form posts to the home page itself: no "?index" is left in the address, with or without JS.
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/');
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveValue('second text');
  await expect(page.getByLabel(en.paste.form.slug, { exact: true })).toHaveValue(taken);
  await expect(page.getByLabel(en.paste.form.remark, { exact: true })).toHaveValue('kept');
  await expect(page.getByLabel(en.paste.form.maxViews, { exact: true })).toHaveValue('4');
  await expect(page.getByLabel(en.paste.form.password, { exact: true })).toHaveValue('');

  // Reserved slug, empty content, custom expiry without days: each on its field.
  await fillPasteForm(page, { content: 'x', slug: 'admin' });
  await expect(page.locator('#slug-error')).toHaveText(en.errors.slugReserved);
  await fillPasteForm(page, { content: '   ', slug: '' });
  await expect(page.locator('#content-error')).toHaveText(en.errors.contentRequired);
  await fillPasteForm(page, { content: 'x', expiry: 'custom', expiryDays: '' });
  await expect(page.locator('#create-expiryDays-error')).toHaveText(en.paste.form.expiryDaysRequired);
  await expect(page.getByLabel(en.paste.form.expiry, { exact: true })).toHaveValue('custom');

  // A custom number of days works.
  await fillPasteForm(page, { content: 'custom days', expiry: 'custom', expiryDays: '3' });
  await sharedLinks(page);
});

test('a key without the text permission sees why it cannot create', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const created = await request.post('/api/admin/api-keys', {
    data: { name: uniqueSlug(testInfo, 'key'), permissions: 2, expires_at: null },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const key = ((await created.json()) as { data: { key: string } }).data.key;

  await page.goto('/admin');
  await page.getByRole('tab', { name: en.auth.login.apiKeyTab }).click();
  await page.getByLabel(en.auth.login.apiKey).fill(key);
  await page.getByRole('button', { name: en.auth.login.submit }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: en.paste.access.forbiddenHeading })).toBeVisible();
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveCount(0);
});

test('the plain-text view, views and expiry', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const { slug, id } = await createPasteViaApi(request, token, {
    content: '## Title\n\n<b>not html</b>',
    slug: uniqueSlug(testInfo, 'plain'),
    maxViews: 10,
    remark: 'a remark',
  });
  await page.goto(`/paste/${slug}`);
  await page.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(page.getByRole('article').getByRole('heading', { name: 'Title' })).toBeVisible();
  await expect(page.getByText('1 / 10')).toBeVisible();
  await expect(page.getByText('a remark')).toBeVisible();

  await page.getByRole('link', { name: en.paste.view.plain }).click();
  await expect(page).toHaveURL(/\?view=plain$/);
  await expect(page.getByRole('article').locator('pre')).toHaveText('## Title\n\n<b>not html</b>');
  await expect(page.getByRole('link', { name: en.paste.view.plain })).toHaveAttribute('aria-current', 'true');

  // With JavaScript the switch happens in place; without, it is a new page load that the visit
  // cookie keeps from counting again.
  expect(await storedViews(request, token, id)).toBe(1);

  const direct = await page.goto(`/paste/${slug}?view=plain`);
  expect(direct?.status()).toBe(200);
  await expect(page.getByRole('article').locator('pre')).toContainText('<b>not html</b>');
});

test('the owner edits and deletes a paste, without counting views', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const slug = uniqueSlug(testInfo, 'own');
  const renamed = `${slug}-b`;
  await loginAsAdmin(page);
  await page.goto('/');
  await fillPasteForm(page, { content: 'version one', slug, password: 'pw1', maxViews: '3' });
  const { link } = await sharedLinks(page);

  // The owner sees the paste at once, with edit and delete.
  await page.goto(link);
  await page.getByRole('link', { name: en.paste.view.edit }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(en.paste.edit.heading, { slug }));
  await expect(page).toHaveURL(/\?edit=1$/);
  const id = await page.locator('input[type=hidden][name=id]').first().inputValue();
  expect(await storedViews(request, token, id)).toBe(0);
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveValue('version one');

  // A bad edit keeps what was typed.
  await page.getByLabel(en.paste.editor.contentLabel, { exact: true }).fill('version two');
  await page.getByLabel(en.paste.form.maxViews, { exact: true }).fill('-1');
  await page.getByRole('button', { name: en.paste.edit.submit }).click();
  await expect(page.locator('#edit-maxViews-error')).toHaveText(en.errors.maxViewsNegative);
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveValue('version two');

  await page.getByLabel(en.paste.form.maxViews, { exact: true }).fill('0');
  await page.getByLabel(en.paste.form.slug, { exact: true }).fill(renamed);
  await page.getByLabel(en.paste.edit.clearPassword).check();
  await page.getByLabel(en.paste.form.expiry, { exact: true }).selectOption('30d');
  await page.getByRole('button', { name: en.paste.edit.submit }).click();
  await expect(page.getByText(en.paste.edit.saved)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/paste/${renamed}`);
  expect(await storedViews(request, token, id)).toBe(0);

  await page.getByRole('link', { name: en.paste.edit.viewPaste }).click();
  await expect(page.getByRole('article')).toContainText('version two');
  // The owner's own visits spent no view.
  await expect(page.getByText(fill(en.paste.view.viewsUnlimited, { views: '0' }))).toBeVisible();

  // Delete: a confirmation step, then home.
  await page.getByRole('link', { name: en.paste.view.delete }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.getByRole('button', { name: en.paste.delete.confirm }).click();
  await expect(page).toHaveURL(/\/\?notice=deleted$/);
  await expect(page.getByText(en.paste.deletedNotice)).toBeVisible();
  expect(await storedViews(request, token, id)).toBeNull();
  const after = await page.goto(`/paste/${renamed}`);
  expect(after?.status()).toBe(404);
});

test('edit and delete pages refuse visitors who do not own the paste', async ({ page, request }, testInfo) => {
  const token = await adminToken(request);
  const { slug, id } = await createPasteViaApi(request, token, { content: 'mine', slug: uniqueSlug(testInfo, 'deny') });
  const response = await page.goto(`/paste/${slug}?edit=1`);
  expect(response?.status()).toBe(401);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.paste.status.forbiddenHeading);
  await expect(page.getByText(en.errors.authRequired)).toBeVisible();
  expect(await storedViews(request, token, id)).toBe(0);
  await expect(page.getByRole('link', { name: en.paste.view.edit })).toHaveCount(0);
});
