import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin, submitKeyLogin } from './auth-helpers';
import { en, fill, visitorPage, waitForHydration } from './helpers';
import type { RunningServer } from '../support/server';
import { putMounted, serverWithBox } from './mount-helpers';

/**
 * Share links of mounted files as their owner changes the files (issue 42, items 5 and 6): "Share
 * selected" says what it shares and keeps it ticked; a share follows a rename through the
 * explorer; Rename and Delete say how many links point at what they change; a link whose folder
 * was deleted tells its visitor so, and File management tells its owner.
 */
const t = en.explorer;
const ADMIN = { username: 'admin', password: 'share-links-password' };
let server: RunningServer;
let headers: Record<string, string>;

test.beforeEach(async ({ request }) => {
  ({ server, headers } = await serverWithBox(request, ADMIN));
  for (const [folder, name] of [
    ['/box', 'a.txt'],
    ['/box', 'b.txt'],
    ['/box', 'c.txt'],
    ['/box/docs', 'd.txt'],
  ] as const)
    await putMounted(request, server.url, headers, folder, { name, buffer: Buffer.from(name) });
});
test.afterEach(async () => {
  await server?.stop();
});

const hasJs = () => test.info().project.name === 'js';
const box = (page: Page, name: string) => page.getByRole('checkbox', { name: fill(t.list.select, { name }) });

/** The names a visitor of the link sees. */
async function visitorSees(browser: Parameters<typeof visitorPage>[0], link: string): Promise<string> {
  const page = await visitorPage(browser, hasJs());
  try {
    await page.goto(link);
    return (await page.getByRole('main').textContent()) ?? '';
  } finally {
    await page.context().close();
  }
}

test('Share selected lists what it shares, keeps it ticked, and shares exactly that (a key holder)', async ({
  page,
  browser,
  request,
}) => {
  // A key that may share and select (the delete bit) in its base path.
  const made = await request.post(`${server.url}/api/admin/api-keys`, {
    headers,
    data: { name: 'sharer', permissions: 2 | 256 | 512 | 4096, basic_path: '/box', expires_at: null },
  });
  await submitKeyLogin(page, ((await made.json()) as { data: { key: string } }).data.key, server.url);
  await page.goto(`${server.url}/mount-explorer/box`);
  if (hasJs()) await waitForHydration(page);
  await box(page, 'a.txt').check();
  await box(page, 'b.txt').check();
  await page.getByRole('button', { name: t.list.shareSelected }).click();
  const panel = page.getByRole('region', { name: fill(t.share.headingMany, { count: '2' }) });
  const listed = panel.getByRole('list', { name: t.list.actedOn });
  await expect(listed.getByRole('listitem')).toHaveText(['a.txt', 'b.txt']);
  // The ticks still show what the panel shares.
  await expect(box(page, 'a.txt')).toBeChecked();
  await expect(box(page, 'b.txt')).toBeChecked();
  await expect(box(page, 'c.txt')).not.toBeChecked();
  if (hasJs()) {
    // Ticking another meanwhile changes the ticks, not what this panel shares: it says so by its list.
    await box(page, 'c.txt').check();
    await expect(listed.getByRole('listitem')).toHaveText(['a.txt', 'b.txt']);
  }
  await panel.getByRole('button', { name: t.share.create }).click();
  const link = await page.getByLabel(t.share.result).inputValue();
  // The result says the link's rules, opens it, and leads to where it is managed.
  await expect(panel.getByRole('listitem').filter({ hasText: en.file.meta.expires })).toBeVisible();
  await expect(panel.getByText(en.upload.result.unlimitedViews)).toBeVisible();
  await expect(panel.getByRole('link', { name: en.paste.created.open })).toHaveAttribute('href', link);
  const slug = new URL(link).pathname.split('/').pop()!;
  await expect(panel.getByRole('link', { name: t.share.manage })).toHaveAttribute('href', `/file/${slug}?edit=1`);
  // The result has its own address: a reload shows the same link and shares nothing twice.
  expect(new URL(page.url()).searchParams.get('shared')).toBe(slug);
  await page.reload();
  await expect(page.getByLabel(t.share.result)).toHaveValue(link);
  const seen = await visitorSees(browser, link);
  expect(seen).toContain('a.txt');
  expect(seen).toContain('b.txt');
  expect(seen).not.toContain('c.txt');
  // Back in the folder, the shared rows say so; the others do not.
  await page.goto(`${server.url}/mount-explorer/box`);
  const row = (name: string) => page.getByRole('row').filter({ has: box(page, name) });
  await expect(row('a.txt')).toContainText(t.list.shared);
  await expect(row('b.txt')).toContainText(t.list.shared);
  await expect(row('c.txt')).not.toContainText(t.list.shared);
});

test('a shared folder’s link follows its rename; its delete warns, then its visitor and owner are told', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, ADMIN, server.url);
  await page.goto(`${server.url}/mount-explorer/box?do=share&name=docs/`);
  await page.getByRole('button', { name: t.share.create }).click();
  const link = await page.getByLabel(t.share.result).inputValue();
  expect(await visitorSees(browser, link)).toContain('d.txt');

  // Rename: the panel says the link follows, and it does.
  await page.goto(`${server.url}/mount-explorer/box?do=rename&name=docs/`);
  await expect(page.getByRole('note')).toHaveText(t.links.rename_one);
  await page.getByLabel(t.rename.newName).fill('papers');
  await page.getByRole('button', { name: t.rename.submit }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Renamed to “papers”' })).toBeVisible();
  expect(await visitorSees(browser, link)).toContain('d.txt');

  // Delete: the confirmation says the link stops working.
  await page.goto(`${server.url}/mount-explorer/box?do=delete&name=papers/`);
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('note')).toHaveText(t.links.delete_one);
  await confirm.getByRole('button', { name: t.delete.confirm, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Deleted: 1' })).toBeVisible();
  // Its visitor learns what happened (not "expired"), and its owner sees it in File management.
  const seen = await visitorSees(browser, link);
  expect(seen).toContain('renamed or moved outside Cloudclip');
  expect(seen).not.toContain('maximum number of views');
  await page.goto(`${server.url}/admin/file-management`);
  await expect(page.getByRole('row').filter({ hasText: 'docs' })).toContainText(en.fileAdmin.list.targetGone);
});
