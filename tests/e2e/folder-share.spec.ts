import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin } from './auth-helpers';
import { en, fill, waitForHydration, whenHydrated } from './helpers';
import { unlockFilePage } from './upload-helpers';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * Folder and selection shares (issue 30), with JavaScript and without: an admin shares a folder and
 * a selection from the mount explorer; a visitor opens the folder behind its password, browses,
 * previews, downloads one file and everything as a zip.
 */
const t = en.explorer;
const f = en.file.folder;
const ADMIN = { username: 'admin', password: 'folder-share-e2e-password' };
let server: RunningServer;
const bytes = { notes: Buffer.from('# Trip notes\n\nDay one: the beach.\n') };

test.beforeEach(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  const call = apiClient(() => server.url);
  await mountLocal(call, await adminAuth(call, ADMIN.username, ADMIN.password));
  const album = path.join(server.dataDir, 'storage', 'album');
  fs.mkdirSync(path.join(album, 'day two'), { recursive: true });
  fs.writeFileSync(path.join(album, 'notes.md'), bytes.notes);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#f97316' } })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(album, 'beach.png'), png);
  fs.writeFileSync(path.join(album, 'day two', 'hills.png'), png);
});
test.afterEach(async () => {
  await server?.stop();
});

const row = (page: Page, name: string) => page.locator(`[data-entry-path$="/${name}"]`);

/** The share panel's form: a password, then the link it makes. */
async function createShare(page: Page, password: string): Promise<string> {
  await page.getByLabel(en.upload.form.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.share.create }).click();
  return page.getByLabel(t.share.result).inputValue();
}

test('an admin shares a folder and a selection; a visitor browses, previews and downloads', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/local`);
  await whenHydrated(page); // the row's menu is another control once the page runs
  // The folder, from its row's actions.
  await row(page, 'album')
    .getByRole('button', { name: 'More actions for album' })
    .or(row(page, 'album').locator('summary'))
    .first()
    .click();
  await row(page, 'album')
    .getByRole('link', { name: `${t.actions.share} album` })
    .click();
  await expect(page.getByText(t.share.bodyFolder)).toBeVisible();
  const folderLink = await createShare(page, 'album-pass');
  expect(folderLink).toMatch(/\/file\/[\w-]+$/);

  // A selection: two ticked entries of one folder.
  await page.goto(`${server.url}/mount-explorer/local/album`);
  await row(page, 'notes.md').getByRole('checkbox').check();
  await row(page, 'day two').getByRole('checkbox').check();
  await page.getByRole('button', { name: t.list.shareSelected }).click();
  await expect(page.getByRole('heading', { name: t.share.headingMany.replace('{{count}}', '2') })).toBeVisible();
  const selectionLink = await createShare(page, 'pick-pass');

  // A visitor, not logged in: the password first, then the folder.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(folderLink);
  await expect(visitor.getByRole('heading', { name: en.file.unlockFolder.heading })).toBeVisible();
  // A folder's facts before its password too: when it was shared, never "0 B" or a MIME type.
  const facts = visitor.locator('dl').first();
  await expect(facts).toContainText(en.file.meta.shared);
  await expect(facts).not.toContainText(en.file.meta.size);
  await expect(facts).not.toContainText('inode/directory');
  await unlockFilePage(visitor, 'album-pass');
  await expect(visitor.getByRole('heading', { name: 'album' })).toBeVisible();
  const list = visitor.getByRole('table');
  await expect(list.getByRole('link', { name: 'notes.md', exact: true })).toBeVisible();
  await list.getByRole('link', { name: 'day two', exact: true }).click();
  await expect(visitor.getByRole('navigation', { name: f.location })).toContainText('day two');
  // The gallery shows the image's thumbnail.
  await visitor.getByRole('link', { name: f.gallery }).click();
  const tile = visitor.getByRole('img', { name: 'hills.png' });
  await expect(tile).toBeVisible();
  // Its thumbnail: its own 40 × 30, never enlarged (nor the whole file: it is a made WebP).
  await expect.poll(() => tile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  expect(await tile.getAttribute('src')).toContain('/api/file-thumbnail/');
  // Up again, a Markdown file's preview, then its download, byte for byte.
  await visitor.getByRole('navigation', { name: f.location }).getByRole('link', { name: 'album', exact: true }).click();
  // The view switch is on both pages: wait for the folder, or the click lands on 'day two' still.
  await expect(visitor.getByRole('navigation', { name: f.location })).not.toContainText('day two');
  await visitor.getByRole('link', { name: f.list }).click();
  await visitor.getByRole('table').getByRole('link', { name: 'notes.md', exact: true }).click();
  await expect(visitor.getByTestId('markdown-preview').getByRole('heading', { name: 'Trip notes' })).toBeVisible();
  const one = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: new RegExp(`^${en.file.actions.download}`) }).click();
  expect(fs.readFileSync(await (await one).path()).equals(bytes.notes)).toBe(true);
  // Everything as one zip.
  await visitor.getByRole('navigation', { name: f.location }).getByRole('link', { name: 'album', exact: true }).click();
  const zip = visitor.waitForEvent('download');
  await visitor.getByRole('link', { name: f.downloadAll }).click();
  const saved = await zip;
  expect(saved.suggestedFilename()).toBe('album.zip');
  const zipped = fs.readFileSync(await saved.path());
  expect(zipped.includes(Buffer.from('album/day two/hills.png'))).toBe(true);
  expect(zipped.includes(bytes.notes)).toBe(true);

  // The selection shows exactly what was ticked.
  await visitor.goto(selectionLink);
  await unlockFilePage(visitor, 'pick-pass');
  const picked = visitor.getByRole('table');
  await expect(picked.getByRole('link', { name: 'notes.md', exact: true })).toBeVisible();
  await expect(picked.getByRole('link', { name: 'day two', exact: true })).toBeVisible();
  await expect(picked.getByRole('link', { name: 'beach.png', exact: true })).toHaveCount(0);
});

test('@js one file shared encrypted from the explorer: a sealed copy, whose link carries its key', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/local/album`);
  await waitForHydration(page);
  await row(page, 'notes.md')
    .getByRole('button', { name: 'More actions for notes.md' })
    .or(row(page, 'notes.md').locator('summary'))
    .first()
    .click();
  await row(page, 'notes.md')
    .getByRole('link', { name: `${t.actions.share} notes.md` })
    .click();
  await page.getByLabel(en.file.encrypted.option).check();
  await page.getByRole('button', { name: t.share.create }).click();
  const link = await page.getByLabel(t.share.result).inputValue();
  expect(link).toMatch(/\/file\/[\w-]+#[\w-]{43}$/);
  await expect(page.getByRole('img', { name: t.share.qr })).toHaveAttribute('src', /^data:image\/svg\+xml/);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'notes.md' })).toBeVisible();
  const saved = visitor.waitForEvent('download');
  await visitor.getByRole('button', { name: en.file.encrypted.download }).click();
  expect(fs.readFileSync(await (await saved).path()).equals(bytes.notes)).toBe(true);
  // The share is a sealed copy: nothing of the file is in the object the server keeps for it.
  const objects = fs.readdirSync(path.join(server.dataDir, 'storage'), { recursive: true }).map(String);
  const sealed = objects.filter((name) => name.endsWith('encrypted.cce'));
  expect(sealed).toHaveLength(1);
  const stored = fs.readFileSync(path.join(server.dataDir, 'storage', sealed[0]!));
  expect(stored.includes(Buffer.from('Trip notes'))).toBe(false);
});

test.describe('in Chinese on a phone', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });

  test('a long name keeps the row: shown whole on two lines, never cut to a few characters', async ({ page }) => {
    const name = '市场营销部门第三季度工作总结报告.pdf';
    fs.writeFileSync(path.join(server.dataDir, 'storage', 'album', name), 'report');
    const call = apiClient(() => server.url);
    const auth = await adminAuth(call, ADMIN.username, ADMIN.password);
    const made = await call('POST', '/fs/create-share', { auth, body: { path: '/local/album/' } });
    expect(made.status, made.text).toBe(200);
    await page.goto(`${server.url}/file/${made.body.data.slug}`);
    const shown = page.getByRole('link', { name }).locator('span');
    await expect(shown).toBeVisible();
    // Cut, it was about 60 px wide on one line; whole, it wraps over two.
    const box = (await shown.boundingBox())!;
    expect(box.width).toBeGreaterThan(150);
    expect(await shown.evaluate((el) => el.scrollHeight <= el.clientHeight)).toBe(true);
  });
});

test('a folder link with one view asks before it opens, shows it was the last, then is used up', async ({
  page,
  browser,
}) => {
  const call = apiClient(() => server.url);
  const auth = await adminAuth(call, ADMIN.username, ADMIN.password);
  const made = await call('POST', '/fs/create-share', { auth, body: { path: '/local/album/', max_views: 1 } });
  expect(made.status, made.text).toBe(200);
  const link = `${server.url}/file/${made.body.data.slug}`;
  await page.goto(link);
  // Nothing is counted by opening the link: the visitor opens the folder on purpose.
  await expect(page.getByRole('heading', { name: en.file.revealFolder.heading })).toBeVisible();
  await expect(page.getByText(fill(en.file.revealFolder.body_one, { count: '1' }))).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: en.file.revealFolder.submit }).click();
  await expect(page.getByText(f.lastView)).toBeVisible();
  // Browsing within the visit spends nothing more.
  await page.getByRole('link', { name: 'day two', exact: true }).click();
  await expect(page.getByRole('link', { name: 'hills.png', exact: true })).toBeVisible();

  const other = await (await browser.newContext()).newPage();
  await other.goto(link);
  await expect(other.getByText(en.errors.folderViewsUsedUp)).toBeVisible();
});

test('visitors step through a folder’s pictures full screen from its gallery', async ({ page }, info) => {
  const album = path.join(server.dataDir, 'storage', 'album');
  const tall = await sharp({ create: { width: 30, height: 60, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
  fs.writeFileSync(path.join(album, 'cliff.png'), tall);
  const call = apiClient(() => server.url);
  const auth = await adminAuth(call, ADMIN.username, ADMIN.password);
  const made = await call('POST', '/fs/create-share', { auth, body: { path: '/local/album/' } });
  await page.goto(`${server.url}/file/${made.body.data.slug}?view=gallery`);
  // A masonry: each picture in its own shape, the tall one taller than the wide one.
  const picture = (name: string) => page.getByRole('img', { name, exact: true });
  // Measured once both have loaded: before, each is its placeholder's 48 px (it raced once, in a full run).
  const loaded = (name: string) =>
    expect.poll(() => picture(name).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0));
  await loaded('cliff.png').toBe(true);
  await loaded('beach.png').toBe(true);
  const [tallBox, wideBox] = [await picture('cliff.png').boundingBox(), await picture('beach.png').boundingBox()];
  expect(tallBox!.height).toBeGreaterThan(wideBox!.height);

  await page.getByRole('link', { name: 'beach.png' }).click();
  const lightbox = page.getByRole('dialog', { name: 'beach.png' });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText(fill(t.lightbox.position, { position: '1', count: '2' }))).toBeVisible();
  if (info.project.name === 'js') await page.keyboard.press('ArrowRight');
  else await lightbox.getByRole('link', { name: t.actions.next }).click();
  await expect(page.getByRole('dialog', { name: 'cliff.png' })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: t.actions.close }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(picture('cliff.png')).toBeVisible();
});

test('the owner of a folder share sees who opened it, under the folder', async ({ page, browser }) => {
  const call = apiClient(() => server.url);
  const auth = await adminAuth(call, ADMIN.username, ADMIN.password);
  const made = await call('POST', '/fs/create-share', { auth, body: { path: '/local/album/' } });
  const link = `${server.url}/file/${made.body.data.slug}`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('link', { name: 'notes.md', exact: true })).toBeVisible();
  await expect(visitor.getByRole('region', { name: en.stats.heading })).toHaveCount(0);
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(link);
  const stats = page.getByRole('region', { name: en.stats.heading });
  await expect(stats.getByText(en.stats.total.views).locator('..')).toContainText('1');
});
