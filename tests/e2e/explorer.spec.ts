import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, expectFieldError, fill, whenHydrated } from './helpers';
import { startServer, type RunningServer } from '../support/server';

/**
 * The mount explorer over the embedded local storage (docs/product/spec.md §2 "Mount explorer"),
 * with JavaScript and without: mounts are server-wide, so every test has a private server.
 */
const t = en.explorer;
const m = en.mounts;
const u = en.upload.form;
const ADMIN = { username: 'admin', password: 'explorer-e2e-password' };
let server: RunningServer;

test.beforeEach(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
});
test.afterEach(async () => {
  await server?.stop();
});

const hasJs = () => test.info().project.name === 'js';

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();
}

/** Mount management, as a person does it: the form, then the list. */
async function createMount(page: Page, name: string, path: string) {
  await page.goto(`${server.url}/admin/mount-management`);
  await page.getByRole('link', { name: m.add }).first().click();
  const form = page.getByRole('region', { name: m.form.createHeading });
  await form.getByLabel(m.form.name).fill(name);
  await form.getByLabel(m.form.path).fill('bad path');
  await form.getByRole('button', { name: m.form.create }).click();
  await expectFieldError(form, form.getByLabel(m.form.path), en.errors.mountPathInvalid);
  await form.getByLabel(m.form.path).fill(path);
  await form.getByRole('button', { name: m.form.create }).click();
  await expect(page.getByRole('status').filter({ hasText: m.notice.created })).toBeVisible();
  await expect(page.getByRole('article', { name })).toContainText(path);
}

const toolbar = (page: Page) => page.getByRole('toolbar', { name: t.toolbar.label });

/** Uploads one file into the open folder: the page's form without JS, the uploader with it. */
async function upload(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await toolbar(page).getByRole('link', { name: t.toolbar.upload }).click();
  const panel = page.getByRole('region', { name: /^Upload to / });
  if (hasJs()) {
    await panel.getByLabel(t.upload.chooseFiles).setInputFiles(file);
    await panel.getByRole('button', { name: t.upload.start.replace('{{count}}', '1') }).click();
    const item = panel.getByRole('listitem').filter({ hasText: file.name });
    await expect(item.getByText(en.upload.status.success, { exact: true })).toBeVisible();
  } else {
    await panel.getByLabel(t.upload.file, { exact: true }).setInputFiles(file);
    await panel.getByRole('button', { name: t.upload.submit }).click();
    await expect(page.getByRole('status').filter({ hasText: `Uploaded “${file.name}”` })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: file.name, exact: true })).toBeVisible();
}

function row(page: Page, name: string) {
  return page.locator(`[data-entry-path$="/${name}"]`);
}

async function action(page: Page, name: string, label: string) {
  await row(page, name)
    .getByRole('button', { name: `More actions for ${name}` })
    .or(row(page, name).locator('summary'))
    .first()
    .click();
  await row(page, name)
    .getByRole('link', { name: `${label} ${name}` })
    .click();
}

/**
 * In the open (empty) folder of a mount: make a folder, upload a Markdown file and an image into
 * it, preview both, rename, make a share link and delete, clicking through as a person does.
 */
async function organise(page: Page) {
  // A folder, then files inside it.
  await toolbar(page).getByRole('link', { name: t.toolbar.newFolder }).click();
  await page.getByLabel(t.mkdir.name).fill('notes');
  await page.getByRole('button', { name: t.mkdir.create }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Folder “notes” created' })).toBeVisible();
  await page.getByRole('link', { name: 'notes', exact: true }).click();
  await expect(page).toHaveURL(/\/notes$/);
  await upload(page, {
    name: 'plan.md',
    mimeType: 'text/markdown',
    buffer: Buffer.from('# The plan\n\n<script>x()</script>\n\n**bold** <img src=x onerror=alert(1)>'),
  });
  await upload(page, { name: 'photo.png', mimeType: 'image/png', buffer: await png() });

  // Markdown is rendered, sanitised; an image is shown.
  await page.getByRole('link', { name: 'plan.md', exact: true }).click();
  const markdown = page.getByTestId('markdown-preview');
  await expect(markdown.getByRole('heading', { name: 'The plan' })).toBeVisible();
  await expect(markdown.locator('strong')).toHaveText('bold');
  await expect(markdown.locator('script, [onerror]')).toHaveCount(0);
  await page.getByRole('link', { name: 'photo.png', exact: true }).click();
  const image = page.getByRole('img', { name: 'photo.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);

  // Rename the Markdown file.
  await action(page, 'plan.md', t.actions.rename);
  await page.getByLabel(t.rename.newName).fill('roadmap.md');
  await page.getByRole('button', { name: t.rename.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Renamed to “roadmap.md”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'roadmap.md', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'plan.md', exact: true })).toHaveCount(0);

  // A share link of the image, with the upload page's options: a bad suffix is marked at its field
  // and what was typed stays; then a file share with its QR code, behind its password.
  await action(page, 'photo.png', t.actions.share);
  await page.getByLabel(u.slug).fill('team photo!');
  await page.getByLabel(u.remark).fill('For the team');
  await page.getByRole('button', { name: t.share.create }).click();
  await expectFieldError(page, page.getByLabel(u.slug), en.errors.slugInvalid);
  await expect(page.getByLabel(u.remark)).toHaveValue('For the team');
  await page.getByLabel(u.slug).fill('team-photo');
  await page.getByLabel(u.password, { exact: true }).fill('share-pass-1');
  await page.getByLabel(u.maxViews).fill('5');
  await page.getByRole('button', { name: t.share.create }).click();
  const link = await page.getByLabel(t.share.result).inputValue();
  expect(link).toMatch(/\/file\/team-photo$/);
  await expect(page.getByRole('img', { name: t.share.qr })).toBeVisible();
  const shared = await page.request.get(`${server.url}/api/public/files/team-photo`);
  expect(await shared.json()).toMatchObject({
    data: { requires_password: true, max_views: 5, remark: 'For the team' },
  });

  // Delete after confirming: into the recycle bin, and back from it (issue 42, item 15).
  await action(page, 'roadmap.md', t.actions.delete);
  await expect(page.getByRole('alertdialog')).toContainText(fill(t.delete.bodyBin_other, { count: '30' }));
  await page.getByRole('button', { name: t.delete.confirm, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted: 1' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'roadmap.md', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'photo.png', exact: true })).toBeVisible();
  const folder = new URL(page.url()).pathname.replace(/^\/mount-explorer/, '');
  await page.getByRole('link', { name: t.toolbar.bin }).click();
  const kept = page.getByRole('list', { name: en.bin.list }).getByRole('listitem').filter({ hasText: 'roadmap.md' });
  await expect(kept).toContainText(`${folder}/roadmap.md`);
  await kept.getByRole('button', { name: `${en.bin.restore} roadmap.md` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Restored to ${folder}/roadmap.md` })).toBeVisible();
  await expect(page.getByText(en.bin.emptyHere)).toBeVisible();
  // The folder's listing, under the panel, has it again.
  await expect(page.getByRole('link', { name: 'roadmap.md', exact: true })).toBeVisible();
}

test('an admin mounts the local storage and organises files in it', async ({ page }) => {
  // As long as the key's walk below, on the same loaded machine.
  test.setTimeout(90_000);
  await loginAsAdmin(page, ADMIN, server.url);
  await createMount(page, 'Team files', '/team/files');

  // The mount appears under its virtual folders.
  await page.goto(`${server.url}/mount-explorer`);
  await whenHydrated(page); // else the second click can land while the first one's page loads
  await page.getByRole('link', { name: 'team', exact: true }).click();
  await page.getByRole('link', { name: 'files', exact: true }).click();
  await expect(page).toHaveURL(/\/mount-explorer\/team\/files$/);
  await expect(page.getByText(t.list.emptyUpload)).toBeVisible();

  await organise(page);
});

test('a key limited to /team stays inside it and organises files there', async ({ page, request }) => {
  // The longest walk through the explorer (two mounts, a key, every organising step): 13 s alone,
  // over 30 s beside another test on a loaded 2-core machine.
  test.setTimeout(90_000);
  // Two mounts through the admin API; the key may see and change only what is under /team.
  const login = await request.post(`${server.url}/api/admin/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const auth = { Authorization: `Bearer ${token}` };
  const configs = await request.get(`${server.url}/api/s3-configs`, { headers: auth });
  const local = ((await configs.json()) as { data: { id: string; storage_type?: string }[] }).data[0]!.id;
  for (const [name, path] of [
    ['Docs', '/team/docs'],
    ['Other', '/other'],
  ])
    expect(
      (
        await request.post(`${server.url}/api/admin/mounts`, {
          headers: auth,
          data: { name, mount_path: path, storage_config_id: local },
        })
      ).ok(),
    ).toBe(true);
  const created = await request.post(`${server.url}/api/admin/api-keys`, {
    headers: auth,
    data: { name: 'team-key', permissions: 2 | 256 | 512 | 2048 | 4096, basic_path: '/team', expires_at: null },
  });
  const key = ((await created.json()) as { data: { key: string } }).data.key;

  await submitKeyLogin(page, key, server.url);
  // Outside the base path: back to it.
  await page.goto(`${server.url}/mount-explorer/other`);
  await expect(page).toHaveURL(/\/mount-explorer\/team$/);
  await page.goto(`${server.url}/mount-explorer`);
  await expect(page.getByRole('link', { name: 'other', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'team', exact: true }).click();
  await expect(page).toHaveURL(/\/team$/);
  await page.getByRole('link', { name: 'docs', exact: true }).click();
  await expect(page).toHaveURL(/\/team\/docs$/);
  await organise(page);
  // A whole folder goes, with what is in it.
  await page.getByRole('link', { name: 'docs', exact: true }).click();
  await action(page, 'notes', t.actions.delete);
  await page.getByRole('button', { name: t.delete.confirm, exact: true }).click();
  await expect(page.getByRole('link', { name: 'notes', exact: true })).toHaveCount(0);
  await expect(page.getByText(t.list.emptyUpload)).toBeVisible();
});
