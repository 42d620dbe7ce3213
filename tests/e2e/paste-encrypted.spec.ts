import { expect, test, type Page } from '@playwright/test';
import { readPaste, sealPaste } from '../../scripts/e2e-crypt.mjs';
import { loginAsAdmin } from './auth-helpers';
import { en, waitForHydration } from './helpers';
import { adminToken, createPasteViaApi, fillPasteForm, sharedLinks, storedViews, uniqueSlug } from './paste-helpers';

/**
 * End-to-end encrypted pastes in Chromium (issue 31, docs/encryption.md): the editor seals in the
 * page, the paste page opens with the key in the fragment, and the server's rules still hold.
 * Envelopes made outside the browser come from scripts/e2e-crypt.mjs (node:crypto), so each side
 * opens what the other sealed.
 */

const MARKER = 'sealed-marker-71b2';

/** Every Content-Security-Policy complaint the page logs: the strict policy must let the page work. */
function policyViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test('@js seal a paste with a password in the editor; a new reader opens it with link and password', async ({
  page,
  browser,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'e2e');
  const violations = policyViolations(page);
  const sent: string[] = [];
  page.on('request', (request) => sent.push(`${request.url()} ${request.postData() ?? ''}`));
  await loginAsAdmin(page);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByLabel(en.paste.encrypted.option).check();
  await fillPasteForm(page, {
    content: `# ${MARKER}\n\nSome **bold** words and \`code\`.`,
    slug,
    password: 'hunter two',
    remark: `remark ${MARKER}`,
  });

  const { link } = await sharedLinks(page);
  const [address, key] = link.split('#');
  expect(new URL(address!).pathname).toBe(`/paste/${slug}`);
  expect(key).toMatch(/^[\w-]{43}$/);
  // The QR code is drawn in the page: the link with its key never went to the server.
  await expect(page.getByRole('img', { name: en.paste.created.qr })).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect(sent.filter((line) => line.includes(key!) || line.includes(MARKER) || line.includes('hunter two'))).toEqual(
    [],
  );

  // The Node implementation reads it from the link and the password alone (a view counted).
  expect(await readPaste(link, { password: 'hunter two' })).toEqual({
    text: `# ${MARKER}\n\nSome **bold** words and \`code\`.`,
    remark: `remark ${MARKER}`,
    markdown: true,
  });

  const reader = await (await browser.newContext()).newPage();
  const readerViolations = policyViolations(reader);
  const opened = reader.waitForResponse((r) => r.url().endsWith(`/paste/${slug}`) && r.request().method() === 'GET');
  await reader.goto(link);
  const headers = (await opened).headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  expect(headers['referrer-policy']).toBe('no-referrer');
  await waitForHydration(reader);
  await expect(reader.getByText(en.paste.encrypted.badge)).toBeVisible();
  // A wrong password is found out in the page, before the unlock would spend a view (issue 42, item 4).
  await reader.getByLabel(en.paste.unlock.password, { exact: true }).fill('not it');
  await reader.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(reader.getByText(en.paste.encrypted.wrongKeyOrPassword)).toBeVisible();
  await reader.getByLabel(en.paste.unlock.password, { exact: true }).fill('hunter two');
  await reader.getByRole('button', { name: en.paste.unlock.submit }).click();
  await expect(reader.getByRole('heading', { name: MARKER })).toBeVisible();
  await expect(reader.locator('.paste-rendered strong')).toHaveText('bold');
  await expect(reader.getByText(`remark ${MARKER}`)).toBeVisible();
  // The reader's share card carries the whole link, key included, drawn in the page.
  await expect(reader.getByRole('textbox', { name: en.common.share.link })).toHaveValue(link);
  expect([...violations, ...readerViolations]).toEqual([]);

  // The admin's list says what it is, never the envelope nor a preview.
  await page.goto(`/admin/text-management?q=${slug}`);
  const row = page.locator('tr', { hasText: slug });
  await expect(row.getByText(en.paste.encrypted.badge)).toBeVisible();
  await expect(row.getByText(MARKER)).toHaveCount(0);
});

test('@js a view-limited paste: no key, no reveal; a wrong key says so and spends nothing; the right one opens it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'lim');
  const { envelope, key } = sealPaste(`${MARKER} limited`, { remark: null });
  const token = await adminToken(request);
  const { id } = await createPasteViaApi(request, token, { content: envelope, slug, maxViews: 1, encrypted: true });

  await page.goto(`/paste/${slug}`);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: en.paste.encrypted.incompleteHeading })).toBeVisible();
  await expect(page.getByRole('button', { name: en.paste.reveal.submit })).toHaveCount(0);
  expect(await storedViews(request, token, id)).toBe(0);

  // A link is opened afresh (a new hash on the same page would not load it again).
  const wrong = sealPaste('other').key;
  const second = await page.context().newPage();
  await second.goto(`/paste/${slug}#${wrong}`);
  await waitForHydration(second);
  // The key is tried on the gate's sealed metadata first: no reveal is offered, no view is spent.
  await expect(second.getByRole('heading', { name: en.paste.encrypted.incompleteHeading })).toBeVisible();
  await expect(second.getByRole('button', { name: en.paste.reveal.submit })).toHaveCount(0);
  await expect(second.getByText(MARKER)).toHaveCount(0);
  expect(await storedViews(request, token, id)).toBe(0);

  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`/paste/${slug}#${key}`);
  await waitForHydration(reader);
  await reader.getByRole('button', { name: en.paste.reveal.submit }).click();
  await expect(reader.getByText(`${MARKER} limited`)).toBeVisible();
  await expect(reader.getByText(en.paste.view.lastView)).toBeVisible();
});

test('@js a key pasted into the address after a wrong one opens the paste without counting again', async ({
  page,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'fix');
  const { envelope, key } = sealPaste(`${MARKER} fixed`);
  const token = await adminToken(request);
  const { id } = await createPasteViaApi(request, token, { content: envelope, slug, encrypted: true });
  await page.goto(`/paste/${slug}#${sealPaste('other').key}`);
  await expect(page.getByRole('heading', { name: en.paste.encrypted.incompleteHeading })).toBeVisible();
  expect(await storedViews(request, token, id)).toBe(1);
  await page.evaluate((right) => (window.location.hash = right), key);
  await expect(page.getByText(`${MARKER} fixed`)).toBeVisible();
  expect(await storedViews(request, token, id)).toBe(1);
});

test('@js 8 readers at once of a paste with 3 views: exactly 3 read it, the others are told', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const slug = uniqueSlug(testInfo, 'crowd');
  const { envelope, key } = sealPaste(`${MARKER} crowd`);
  await createPasteViaApi(request, await adminToken(request), {
    content: envelope,
    slug,
    maxViews: 3,
    encrypted: true,
  });
  // More readers than views, all at once: the count holds under the race (the API's own tests race 20 and 50: encrypted-pastes, api-pastes).
  const readers = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const reader = await (await browser.newContext()).newPage();
      await reader.goto(`/paste/${slug}#${key}`);
      await waitForHydration(reader);
      return reader;
    }),
  );
  await Promise.all(readers.map((reader) => reader.getByRole('button', { name: en.paste.reveal.submit }).click()));
  const outcomes = await Promise.all(
    readers.map(async (reader) => {
      const read = reader.getByText(`${MARKER} crowd`);
      // A reader who lost the race is told so beside the reveal button.
      const gone = reader.getByRole('alert').filter({ hasText: en.errors.pasteGone });
      await expect(read.or(gone)).toBeVisible({ timeout: 30_000 });
      return (await read.count()) > 0 ? 'read' : 'gone';
    }),
  );
  expect(outcomes.filter((o) => o === 'read')).toHaveLength(3);
  expect(outcomes.filter((o) => o === 'gone')).toHaveLength(5);
});

test('@no-js-only without JavaScript the page explains, and offers no step that would spend a view', async ({
  page,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'nojs');
  const { envelope, key } = sealPaste(MARKER);
  const token = await adminToken(request);
  const { id } = await createPasteViaApi(request, token, { content: envelope, slug, maxViews: 3, encrypted: true });
  await page.goto(`/paste/${slug}#${key}`);
  await expect(page.getByRole('heading', { name: en.paste.encrypted.needsJsHeading })).toBeVisible();
  await expect(page.getByText(en.paste.encrypted.needsJsBody)).toBeVisible();
  await expect(page.getByRole('button', { name: en.paste.reveal.submit })).toHaveCount(0);
  expect(await storedViews(request, token, id)).toBe(0);
  // And the home form does not offer what only JavaScript can do.
  await loginAsAdmin(page);
  await page.goto('/');
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toBeVisible();
  await expect(page.getByLabel(en.paste.encrypted.option)).toBeHidden();
});
