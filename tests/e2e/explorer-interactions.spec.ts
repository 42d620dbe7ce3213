import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './auth-helpers';
import { en, fill, waitForHydration } from './helpers';
import { startServer, type RunningServer } from '../support/server';
import { adminHeaders, mountLocal, putMounted } from './mount-helpers';

/** The explorer's keyboard, context menu, drag and drop, views and text editing; mount management's edits. */
const t = en.explorer;
const m = en.mounts;
const ADMIN = { username: 'admin', password: 'explorer-ui-password' };
let server: RunningServer;

test.beforeEach(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
});
test.afterEach(async () => {
  await server?.stop();
});

/** A mount /box on the local storage holding a folder, two images and a text file (through the API), and `extra` files. */
async function seed(request: APIRequestContext, extra: [string, Buffer, string][] = []): Promise<string> {
  const headers = await adminHeaders(request, server.url, ADMIN);
  await mountLocal(request, server.url, headers);
  expect((await request.post(`${server.url}/api/fs/mkdir`, { headers, data: { path: '/box/archive/' } })).ok()).toBe(
    true,
  );
  const image = (color: string) => png(color, 20, 20);
  const files: [string, Buffer, string][] = [
    ['a.png', await image('#dc2626'), 'image/png'],
    ['b.png', await image('#16a34a'), 'image/png'],
    ['notes.txt', Buffer.from('first line'), 'text/plain'],
    ...extra,
  ];
  for (const [name, buffer, mimeType] of files)
    await putMounted(request, server.url, headers, '/box', { name, buffer, mimeType });
  return '/mount-explorer/box';
}

const png = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const hasJs = () => test.info().project.name === 'js';

const entryLink = (page: Page, name: string) => page.getByRole('link', { name, exact: true });

/** Seeds /box, logs in and opens it; with JavaScript, waits until the rows are draggable (hydrated). */
async function openBox(page: Page, request: APIRequestContext): Promise<string> {
  const box = await seed(request);
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}${box}`);
  if (test.info().project.name === 'js') await expect(page.locator('tr[draggable="true"]').first()).toBeVisible();
  return box;
}

test('keyboard, context menu, drag to move, image navigation and views @js', async ({ page, request }) => {
  // Hydrated: rows become draggable only once the page's script runs.
  const box = await openBox(page, request);

  // Arrows move between entries; F2 renames the focused one; Delete asks first.
  await entryLink(page, 'archive').focus();
  await page.keyboard.press('ArrowDown');
  await expect(entryLink(page, 'a.png')).toBeFocused();
  await page.keyboard.press('F2');
  await expect(page.getByLabel(t.rename.newName)).toHaveValue('a.png');
  await page.getByRole('link', { name: t.cancel }).click();
  // The panel gone, the focus is back on the entry it was opened from (ExplorerPanel).
  await expect(page.getByLabel(t.rename.newName)).toHaveCount(0);
  await expect(entryLink(page, 'a.png')).toBeFocused();
  await entryLink(page, 'b.png').focus();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('alertdialog')).toContainText('Delete “b.png”?');
  // Focus moves into the confirmation (not onto its Delete button).
  await expect(page.getByRole('alertdialog')).toBeFocused();
  await page.getByRole('link', { name: t.cancel }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // "?" shows the shortcuts.
  await expect(page.getByText(t.keys.selectAll)).toBeHidden();
  await entryLink(page, 'a.png').focus();
  await page.keyboard.press('?');
  await expect(page.getByText(t.keys.selectAll)).toBeVisible();

  // Ctrl+A selects everything; Delete then asks about all of it.
  await entryLink(page, 'notes.txt').focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByRole('checkbox', { name: 'Select notes.txt' })).toBeChecked();
  await page.keyboard.press('Delete');
  await expect(page.getByRole('alertdialog')).toContainText(t.delete.heading.replace('{{count}}', '4'));
  await page.getByRole('link', { name: t.cancel }).click();
  // Cancel is a navigation: a menu opened before it lands would close when the page re-renders.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Right click: the context menu, with the entry's actions; Escape closes it.
  await entryLink(page, 'notes.txt').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'Actions for notes.txt' });
  await expect(menu.getByRole('menuitem', { name: /Preview/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Download/ })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // The row's "more" menu, opened near the window's bottom, opens upwards: all of it in the window.
  const viewport = page.viewportSize()!;
  const summary = page.getByLabel(fill(t.list.more, { name: 'notes.txt' }));
  const summaryTop = await summary.evaluate((el) => el.getBoundingClientRect().top);
  expect(summaryTop).toBeGreaterThan(400); // room above it for the menu
  await page.setViewportSize({ width: viewport.width, height: Math.round(summaryTop) + 80 });
  await summary.click();
  const more = page.getByRole('group').filter({ has: summary });
  const rename = more.getByRole('link', { name: /Rename/ });
  await expect(rename).toBeVisible();
  const placed = await more.locator('div.card').evaluate((el) => el.getBoundingClientRect().toJSON());
  expect(placed.bottom).toBeLessThanOrEqual(Math.round(summaryTop) + 80);
  expect(placed.top).toBeLessThan(summaryTop);
  await summary.click();
  await expect(rename).toBeHidden();
  await page.setViewportSize(viewport);

  // Edit the text file in place.
  await entryLink(page, 'notes.txt').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: /Edit/ }).click();
  await page.getByLabel(t.edit.content).fill('second version');
  await page.getByRole('button', { name: t.edit.save }).click();
  await expect(page.getByTestId('text-preview')).toContainText('second version');

  // Images: next and previous with the arrow keys.
  await page.goto(`${server.url}${box}?preview=a.png`);
  await expect(page.getByRole('heading', { name: 'a.png', level: 2 })).toBeVisible();
  await waitForHydration(page);
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/preview=b\.png/);
  await expect(page.getByRole('heading', { name: 'b.png', level: 2 })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/preview=a\.png/);
  await expect(page.getByRole('heading', { name: 'a.png', level: 2 })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`${box}$`));

  // Drag a file onto a folder: it moves in.
  await entryLink(page, 'b.png').dragTo(entryLink(page, 'archive'));
  await expect(page.getByRole('status').filter({ hasText: 'Moved “b.png”' })).toBeVisible();
  await expect(entryLink(page, 'b.png')).toHaveCount(0);
  await entryLink(page, 'archive').click();
  await expect(entryLink(page, 'b.png')).toBeVisible();
});

test('the gallery: a masonry that keeps shapes, images only with folders, and a full-screen view', async ({
  page,
  request,
}) => {
  // Tall: the gallery keeps its shape.
  const box = await seed(request, [['c.png', await png('#2563eb', 20, 60), 'image/png']]);
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}${box}`);
  // Its settings are remembered by this browser.
  await page.getByRole('button', { name: t.toolbar.gallery }).click();
  await expect(page.getByRole('button', { name: t.toolbar.gallery })).toHaveAttribute('aria-pressed', 'true');
  await page.getByText(t.toolbar.settings).click();
  await page.getByLabel(t.toolbar.columns).fill('3');
  await page.getByLabel(t.toolbar.imagesOnly).check();
  await page.getByRole('button', { name: t.toolbar.apply }).click();
  // A masonry of 3 columns: images keep their aspect ratio (never cropped); folders stay.
  const gallery = page.locator('ul[data-view="gallery"]');
  // Three columns: the CSS columns without JavaScript, the window's lanes with it (issue 46).
  const lefts = async () => {
    const boxes = await Promise.all(
      ['archive', 'a.png', 'b.png', 'c.png'].map((n) => gallery.getByRole('link', { name: n }).boundingBox()),
    );
    return new Set(boxes.map((b) => Math.round(b?.x ?? -1))).size;
  };
  await expect.poll(lefts).toBe(3);
  await page.reload();
  await expect.poll(lefts).toBe(3);
  await expect(gallery.getByRole('link', { name: 'a.png' })).toBeVisible();
  await expect(gallery.getByRole('link', { name: 'archive' })).toBeVisible();
  await expect(gallery.getByRole('link', { name: 'notes.txt' })).toHaveCount(0);
  const tall = gallery.getByRole('link', { name: 'c.png' }).locator('img');
  await expect.poll(() => tall.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(20);
  const box3 = (await tall.boundingBox())!;
  expect(box3.height / box3.width).toBeCloseTo(3, 0);

  // An image opens full screen: zoom, next and previous by key, button and swipe; Escape closes.
  await gallery.getByRole('link', { name: 'a.png' }).click();
  const lightbox = page.getByRole('dialog', { name: 'a.png' });
  await expect(lightbox).toContainText(fill(t.lightbox.position, { position: '1', count: '3' }));
  if (!hasJs()) {
    // Without JavaScript: links to the next image and back; the image opens at full size on its own.
    await page.getByRole('link', { name: t.actions.next }).click();
    await expect(page.getByRole('dialog', { name: 'b.png' })).toBeVisible();
    await page.getByRole('link', { name: t.actions.close }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return;
  }
  await expect(lightbox.getByRole('link', { name: t.actions.close })).toBeFocused();
  const zoom = lightbox.getByRole('button', { name: en.file.preview.zoomIn });
  await zoom.click();
  await expect(lightbox.getByRole('button', { name: en.file.preview.zoomOut })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'b.png' })).toBeVisible();
  await page.getByRole('link', { name: t.actions.previous }).click();
  await expect(page.getByRole('dialog', { name: 'a.png' })).toBeVisible();
  // A swipe to the left: the next image.
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width * 0.7, viewport.height / 2);
  await page.mouse.down();
  await page.mouse.move(viewport.width * 0.3, viewport.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole('dialog', { name: 'b.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${box}$`));
});

test('a direct link, and mount management edits, deactivation and deletion', async ({ page, request }) => {
  const box = await seed(request);
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}${box}?do=link&name=notes.txt`);
  await page.getByRole('button', { name: t.link.create }).click();
  const url = await page.getByRole('textbox', { name: new RegExp(`^${t.link.result}`) }).inputValue();
  const fetched = await page.request.get(url);
  expect(fetched.status()).toBe(200);
  expect(await fetched.text()).toBe('first line');

  await page.goto(`${server.url}/admin/mount-management`);
  const card = page.getByRole('article', { name: 'Box' });
  await card.getByRole('link', { name: 'Edit Box' }).click();
  const form = page.getByRole('region', { name: 'Edit “Box”' });
  await form.getByLabel(m.form.cacheTtl).fill('90000');
  await form.getByRole('button', { name: m.form.save }).click();
  await expect(form.getByLabel(m.form.cacheTtl)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel(m.form.cacheTtl).fill('60');
  await form.getByLabel(m.form.name).fill('Boxes');
  await form.getByRole('button', { name: m.form.save }).click();
  await expect(page.getByRole('status').filter({ hasText: m.notice.updated })).toBeVisible();
  const renamed = page.getByRole('article', { name: 'Boxes' });
  await expect(renamed).toContainText('60 s');

  // Deactivated: gone from the explorer until activated again.
  await renamed.getByRole('button', { name: m.list.deactivate }).click();
  await expect(page.getByRole('status').filter({ hasText: m.notice.deactivated })).toBeVisible();
  await page.goto(`${server.url}/mount-explorer`);
  await expect(entryLink(page, 'box')).toHaveCount(0);
  await page.goto(`${server.url}/admin/mount-management`);
  await page.getByRole('article', { name: 'Boxes' }).getByRole('button', { name: m.list.activate }).click();
  await expect(page.getByRole('status').filter({ hasText: m.notice.activated })).toBeVisible();

  // Deleted after confirming; the files stay in the storage.
  await page.getByRole('article', { name: 'Boxes' }).getByRole('link', { name: 'Delete Boxes' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(m.delete.body);
  await page.getByRole('button', { name: m.delete.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: m.notice.deleted })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Boxes' })).toHaveCount(0);
  await expect(page.getByText(m.empty.heading)).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a long press opens the context menu, a moving press does not; nothing scrolls sideways @js', async ({
    page,
    request,
  }) => {
    await openBox(page, request);
    const width = await page.locator('html').evaluate((el) => el.scrollWidth);
    expect(width, 'the explorer must not scroll sideways on a phone').toBeLessThanOrEqual(390);

    const cdp = await page.context().newCDPSession(page);
    const at = (await entryLink(page, 'notes.txt').boundingBox())!;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dx = 0) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: at.x + 10 + dx, y: at.y + at.height / 2 }],
      });
    const menu = page.getByRole('menu', { name: 'Actions for notes.txt' });
    // Moved by 30 px while pressed: a scroll, not a long press.
    await touch('touchStart');
    await touch('touchMove', 30);
    await page.waitForTimeout(700);
    await touch('touchEnd', 30);
    await expect(menu).toHaveCount(0);
    // Held still for 700 ms: the menu opens.
    await touch('touchStart');
    await page.waitForTimeout(700);
    await expect(menu).toBeVisible();
    await touch('touchEnd');
    await expect(menu.getByRole('menuitem', { name: /Rename/ })).toBeVisible();
  });
});

test('column headers sort the list both ways, with and without JavaScript, and the choice is kept', async ({
  page,
  request,
}) => {
  const box = await openBox(page, request);
  const names = () =>
    page
      .locator('tbody [data-entry-path]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-entry-path')!.split('/').pop()));
  const header = (name: string) => page.getByRole('columnheader', { name });
  await expect.poll(names).toEqual(['archive', 'a.png', 'b.png', 'notes.txt']);
  await expect(header(t.list.name)).toHaveAttribute('aria-sort', 'ascending');

  // Size: largest first (folders stay first), then smallest first.
  await page.getByRole('link', { name: t.list.sortBy.replace('{{column}}', t.list.size) }).click();
  await expect(page).toHaveURL(/sort=size&order=desc/);
  await expect(header(t.list.size)).toHaveAttribute('aria-sort', 'descending');
  // The text file is the smallest; the two images tie or nearly.
  const notesAt = async () => (await names()).indexOf('notes.txt');
  await expect.poll(notesAt).toBe(3);
  await page.getByRole('link', { name: t.list.sortBy.replace('{{column}}', t.list.size) }).click();
  await expect(header(t.list.size)).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(notesAt).toBe(1);

  // Kept for this browser: the folder opened again without the query sorts the same way.
  await page.goto(`${server.url}${box}`);
  await expect(header(t.list.size)).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(notesAt).toBe(1);
});

test('selecting: select all with a count and Clear, Shift+click ranges, Space, and buttons only while selecting @js', async ({
  page,
  request,
}) => {
  await openBox(page, request);
  const zip = page.getByRole('button', { name: t.list.zipSelected });
  const boxOf = (name: string) => page.getByRole('checkbox', { name: t.list.select.replace('{{name}}', name) });
  const count = (n: number) => page.getByText(t.list.selectedCount.replace('{{count}}', String(n)));
  // Nothing ticked: no buttons that would act on nothing.
  await expect(zip).toBeHidden();

  await boxOf('a.png').check();
  await expect(count(1)).toBeVisible();
  await expect(zip).toBeVisible();
  await boxOf('notes.txt').click({ modifiers: ['Shift'] });
  await expect(count(3)).toBeVisible();
  await expect(boxOf('b.png')).toBeChecked();
  await expect(boxOf('archive')).not.toBeChecked();

  await page.getByRole('button', { name: t.list.clearSelection }).click();
  await expect(zip).toBeHidden();
  await expect(boxOf('a.png')).not.toBeChecked();

  // Ctrl+A from the listing, then the select-all box clears it again.
  await entryLink(page, 'archive').focus();
  await page.keyboard.press('Control+a');
  await expect(count(4)).toBeVisible();
  await page.getByRole('checkbox', { name: t.list.selectedCount.replace('{{count}}', '4') }).uncheck();
  await expect(zip).toBeHidden();

  // Space ticks the focused entry.
  await entryLink(page, 'b.png').focus();
  await page.keyboard.press('Space');
  await expect(boxOf('b.png')).toBeChecked();
  await expect(count(1)).toBeVisible();
});
