import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueName } from './auth-helpers';
import { en, fill, logInAsAdmin, waitForHydration } from './helpers';
import { expectFocusRing, tabTo, tabToSeen } from './keyboard-helpers';
import { adminToken } from './paste-helpers';

/**
 * More of the main tasks with the keyboard alone (issue 47 item 1; keyboard-tasks.spec.ts holds the
 * paste, the password share and the explorer's): choosing files and copying an upload's link, sending
 * files to an upload request, and the admin's key and mount forms. JavaScript on.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const inMain = (page: Page) => page.evaluate(() => document.activeElement?.closest('main') !== null);

/**
 * The next file chooser, listened for well before the key that opens it. Playwright turns on the
 * chooser's interception without waiting for the browser to confirm it; a chooser opened by a key
 * pressed right after (as `Promise.all([waitForEvent, press])` does) sometimes came before it and
 * never arrived as an event: 1 run in 30, the key's click and the input's click both seen in the page.
 */
const chooserOpened = (page: Page) => page.waitForEvent('filechooser');

/**
 * A hidden file input reached with Tab: its visible button (the label after it) shows the ring, and
 * Enter opens the system's chooser, answered here with `files`.
 */
async function chooseWithKeyboard(
  page: Page,
  input: Locator,
  ring: Locator,
  files: { name: string; buffer: Buffer }[],
) {
  const chooser = chooserOpened(page);
  await tabTo(page, input);
  expect(await ring.evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(files.map((f) => ({ ...f, mimeType: 'text/plain' })));
}

test('@js files chosen, uploaded and their link copied with the keyboard alone', async ({ page }, testInfo) => {
  await logInAsAdmin(page);
  await page.goto('/upload');
  await waitForHydration(page);
  const name = `${uniqueName(testInfo, 'keys')}.txt`;
  const input = page.locator('#file');
  await chooseWithKeyboard(page, input, page.locator('label[for="file"]'), [{ name, buffer: Buffer.from('typed') }]);
  await tabToSeen(page, page.getByRole('button', { name: en.upload.form.submit, exact: true }));
  await page.keyboard.press('Enter');
  // One file: its result takes the focus, its link selected, ready to copy.
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: en.common.share.link })).toBeFocused();
  await tabToSeen(page, page.getByRole('button', { name: en.common.share.copy }));
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/file\/[\w-]+$/);
});

test('@js a visitor sends two files to an upload request with the keyboard alone', async ({ page, request }) => {
  const r = en.request;
  const made = await request.post('/api/upload-requests', {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { title: 'Keyboard drop', target: 'shares' },
  });
  expect(made.ok(), await made.text()).toBe(true);
  const slug = ((await made.json()) as { data: { slug: string } }).data.slug;
  await page.goto(`/r/${slug}`);
  await waitForHydration(page);
  await tabToSeen(page, page.getByLabel(r.form.note));
  await page.keyboard.type('from the keyboard');
  const choose = page.getByRole('button', { name: r.drop.choose });
  const chooser = chooserOpened(page);
  await tabToSeen(page, choose);
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles([
    { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('1') },
    { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('2') },
  ]);
  await tabToSeen(page, page.getByRole('button', { name: fill(r.drop.send, { count: '2' }) }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(fill(r.drop.sent, { name: 'two.txt' }))).toBeVisible();
  expect(await inMain(page)).toBe(true);
});

test('@js an admin creates an access key with the keyboard alone, and its key takes the focus', async ({
  page,
}, testInfo) => {
  const f = en.keys.form;
  await logInAsAdmin(page, '/admin/key-management');
  await page.goto('/admin/key-management?new');
  await waitForHydration(page);
  const form = page.getByRole('region', { name: f.createHeading });
  const name = uniqueName(testInfo, 'typed key');
  await tabToSeen(page, form.getByLabel(f.name, { exact: true }));
  await page.keyboard.type(name);
  await tabToSeen(page, form.getByRole('checkbox', { name: en.keys.permissions.text, exact: true }));
  await page.keyboard.press('Space');
  await tabToSeen(page, form.getByRole('button', { name: f.create }));
  await page.keyboard.press('Enter');
  const banner = page.getByRole('status').filter({ hasText: fill(en.keys.created.heading, { name }) });
  await expect(banner).toBeVisible();
  await expect(banner.getByLabel(en.keys.created.keyLabel)).toBeFocused();
});

test('@js an admin adds a mount with the keyboard alone; a mistake takes the focus to its field', async ({
  page,
}, testInfo) => {
  const m = en.mounts;
  await logInAsAdmin(page, '/admin/mount-management');
  await waitForHydration(page);
  await tabToSeen(page, page.getByRole('link', { name: m.add }).first());
  await page.keyboard.press('Enter');
  const form = page.getByRole('region', { name: m.form.createHeading });
  const name = uniqueName(testInfo, 'Typed');
  await tabToSeen(page, form.getByLabel(m.form.name));
  await page.keyboard.type(name);
  await tabToSeen(page, form.getByLabel(m.form.path));
  await page.keyboard.type('bad path');
  await tabToSeen(page, form.getByRole('button', { name: m.form.create }));
  await page.keyboard.press('Enter');
  await expect(form.getByText(en.errors.mountPathInvalid).first()).toBeVisible();
  const path = form.getByLabel(m.form.path);
  await expectFocusRing(path);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(`/typed-${Date.now().toString(36)}`);
  await page.keyboard.press('Enter');
  // The form is gone: the notice that says what happened takes the focus.
  await expect(page.getByRole('status').filter({ hasText: m.notice.created })).toBeFocused();
});
