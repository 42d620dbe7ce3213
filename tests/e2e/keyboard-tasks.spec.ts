import { expect, test, type Page } from '@playwright/test';
import { en, logInAsAdmin, waitForHydration } from './helpers';
import { expectFocusRing, tabToSeen } from './keyboard-helpers';
import { adminToken, createPasteViaApi, uniqueSlug } from './paste-helpers';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * The main tasks with the keyboard alone (issue 47 item 1): every control is reached with Tab, shows
 * where the focus is, and after a submission, an error or a dialog the focus lands on what changed —
 * never on the page's top. JavaScript on; the forms' no-JS tab order is the document order the
 * no-js project's tests already walk. keyboard.spec.ts holds the header's and the skip link's.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const focused = (page: Page) => page.locator(':focus');

test('@js a paste with options, made and its link copied with the keyboard alone', async ({ page }, testInfo) => {
  await logInAsAdmin(page, '/admin');
  await page.goto('/');
  await waitForHydration(page);
  const slug = uniqueSlug(testInfo, 'keys');
  const form = en.paste.form;

  await tabToSeen(page, page.getByLabel(en.paste.editor.contentLabel, { exact: true }));
  await page.keyboard.type('# Typed, never clicked');
  await tabToSeen(page, page.getByLabel(form.slug, { exact: true }));
  await page.keyboard.type(slug);
  await tabToSeen(page, page.getByLabel(form.password, { exact: true }));
  await page.keyboard.type('hunter22');
  await tabToSeen(page, page.getByLabel(form.maxViews, { exact: true }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('3');
  await tabToSeen(page, page.getByRole('button', { name: form.submit }));
  await page.keyboard.press('Enter');

  // The result takes the focus: its link, selected, ready to copy.
  await expect(page.getByRole('heading', { name: en.paste.created.heading })).toBeVisible();
  await expect(focused(page)).toHaveValue(new RegExp(`/paste/${slug}$`));
  await tabToSeen(page, page.getByRole('button', { name: en.paste.created.copyLink }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: en.keys.copy.copied }).first()).toBeAttached();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/paste/${slug}$`));
});

test('@js a password share opened with the keyboard: a wrong password keeps the focus on the field', async ({
  page,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'locked');
  await createPasteViaApi(request, await adminToken(request), {
    content: 'behind the password',
    slug,
    password: 'open-sesame',
  });
  await page.goto(`/paste/${slug}`);
  await waitForHydration(page);
  const password = page.getByLabel(en.paste.unlock.password, { exact: true });
  await tabToSeen(page, password);
  await page.keyboard.type('wrong guess');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toBeVisible();
  await expectFocusRing(password);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('open-sesame');
  await page.keyboard.press('Enter');
  await expect(page.getByText('behind the password')).toBeVisible();
  // The focus is not left behind on a field that is gone: it stays in the page's content.
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});

test.describe('the explorer, with the keyboard', () => {
  let server: RunningServer;
  test.beforeEach(async () => {
    server = await startServer({ adminUsername: 'admin', adminPassword: 'keyboard-password' });
    const call = apiClient(() => server.url);
    const auth = await adminAuth(call, 'admin', 'keyboard-password');
    await mountLocal(call, auth);
    for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt'])
      await call('POST', '/fs/update', { auth, body: { path: `/local/${name}`, content: name } });
  });
  test.afterEach(async () => server?.stop());

  test('@js ticks files, opens a panel and closes it with Escape, and the focus comes back', async ({ page }) => {
    const t = en.explorer;
    await page.goto(`${server.url}/admin/login?redirectTo=/mount-explorer/local`);
    await page.getByLabel(en.auth.login.username).fill('admin');
    await page.getByLabel(en.auth.login.password, { exact: true }).fill('keyboard-password');
    await page.getByLabel(en.auth.login.password, { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.mountExplorer.heading);
    await waitForHydration(page);

    // Several files ticked with Space.
    for (const name of ['alpha.txt', 'gamma.txt']) {
      await tabToSeen(page, page.getByRole('checkbox', { name: t.list.select.replace('{{name}}', name) }));
      await page.keyboard.press('Space');
    }
    await expect(page.getByText(t.list.selectedCount.replace('{{count}}', '2'))).toBeVisible();

    // A panel opened from the toolbar takes the focus; Escape closes it and gives the focus back.
    const newFolder = page.getByRole('link', { name: t.toolbar.newFolder });
    await page.keyboard.press('Shift+Tab');
    await tabToSeen(page, newFolder);
    await page.keyboard.press('Enter');
    const name = page.getByLabel(t.mkdir.name);
    await expect(name).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(name).toHaveCount(0);
    await expectFocusRing(newFolder);

    // Done: the folder is made, the panel goes, and the focus is where the user left for it.
    await page.keyboard.press('Enter');
    await expect(name).toBeFocused();
    await page.keyboard.type('reports');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'reports', exact: true })).toBeVisible();
    await expect(newFolder).toBeFocused();
  });
});
