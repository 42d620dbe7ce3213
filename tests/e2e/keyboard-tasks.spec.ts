import { expect, test, type Page } from '@playwright/test';
import { en, logInAsAdmin, waitForHydration } from './helpers';
import { expectFocusRing, tabTo, tabToSeen } from './keyboard-helpers';
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

  /** Makes a folder through the API, as the admin. */
  async function mkdir(path: string) {
    const call = apiClient(() => server.url);
    await call('POST', '/fs/mkdir', { auth: await adminAuth(call, 'admin', 'keyboard-password'), body: { path } });
  }

  /** Signs in on the login page and lands, hydrated, in the local mount. */
  async function openMount(page: Page) {
    await page.goto(`${server.url}/admin/login?redirectTo=/mount-explorer/local`);
    await page.getByLabel(en.auth.login.username).fill('admin');
    await page.getByLabel(en.auth.login.password, { exact: true }).fill('keyboard-password');
    await page.getByLabel(en.auth.login.password, { exact: true }).press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.mountExplorer.heading);
    await waitForHydration(page);
  }

  test('@js moves a ticked file into a folder chosen in the picker, with the keyboard alone', async ({ page }) => {
    const t = en.explorer;
    await mkdir('/local/archive/');
    await openMount(page);
    await tabToSeen(page, page.getByRole('checkbox', { name: t.list.select.replace('{{name}}', 'beta.txt') }));
    await page.keyboard.press('Space');
    await tabToSeen(page, page.getByRole('button', { name: t.list.copySelected }));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: t.copy.headingOne.replace('{{name}}', 'beta.txt') });
    await expect(panel).toBeVisible();
    // The tree is a group of radios: Tab enters it once, the arrows choose.
    const archive = panel.getByRole('radio', { name: 'archive', exact: true });
    await tabTo(page, panel.getByRole('radio').first());
    for (let i = 0; i < 10 && !(await archive.isChecked()); i++) await page.keyboard.press('ArrowDown');
    await expect(archive).toBeChecked();
    await expectFocusRing(archive);
    await tabToSeen(page, panel.getByRole('checkbox', { name: t.copy.move }));
    await page.keyboard.press('Space');
    await tabToSeen(page, panel.getByRole('button', { name: t.copy.submit }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'beta.txt', exact: true })).toHaveCount(0);
    // The focus is not dropped to the page's top: it is where the work is shown.
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await page.goto(`${server.url}/mount-explorer/local/archive`);
    await expect(page.getByRole('link', { name: 'beta.txt', exact: true })).toBeVisible();
  });

  test('@js shares a folder for a week with a password, and its link takes the focus', async ({ page }) => {
    const t = en.explorer;
    await mkdir('/local/photos/');
    await openMount(page);
    await tabToSeen(page, page.getByRole('checkbox', { name: t.list.select.replace('{{name}}', 'photos') }));
    await page.keyboard.press('Space');
    await tabToSeen(page, page.getByRole('button', { name: t.list.shareSelected }));
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: t.share.heading.replace('{{name}}', 'photos') });
    await expect(panel.getByText(t.share.bodyFolder)).toBeVisible();
    await tabToSeen(page, panel.getByLabel(en.upload.form.password, { exact: true }));
    await page.keyboard.type('shared-secret');
    await tabToSeen(page, panel.getByRole('button', { name: t.share.create }));
    await page.keyboard.press('Enter');
    const link = page.getByLabel(t.share.result);
    await expect(link).toBeVisible();
    await expect(link).toBeFocused();
    await tabToSeen(page, panel.getByRole('button', { name: t.share.copy }));
  });
});
