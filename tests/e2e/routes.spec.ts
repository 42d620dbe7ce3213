import { expect, test } from '@playwright/test';
import routeConfig from '../../app/routes';
import { en, logInAsAdmin, titleOf } from './helpers';

/** The English title of every admin child (docs/product/spec.md §2); a child added to app/routes.ts must be added here. */
const ADMIN_TITLES: Record<string, string> = {
  'text-management': en.pages.admin.textManagement,
  'file-management': en.pages.admin.fileManagement,
  'upload-requests': en.pages.admin.uploadRequests,
  'key-management': en.pages.admin.keyManagement,
  users: en.pages.admin.users,
  'mount-management': en.pages.admin.mountManagement,
  'storage-config': en.pages.admin.storageConfig,
  account: en.pages.admin.account,
  'settings/global': en.pages.admin.globalSettings,
  'settings/webdav': en.pages.admin.webdavSettings,
  backups: en.pages.admin.backups,
  'audit-log': en.pages.admin.auditLog,
  'recycle-bin': en.pages.admin.recycleBin,
};

const admin = routeConfig.find((entry) => entry.path === 'admin');
const adminChildren = (admin?.children ?? []).filter((child) => !child.index).map((child) => child.path!);

const ROUTES: Array<[path: string, title: string | undefined]> = [
  ['/', en.pages.home.title],
  ['/upload', en.pages.upload.title],
  ['/paste/x', en.pages.paste.title],
  ['/file/x', en.pages.file.title],
  ['/mount-explorer', en.pages.mountExplorer.title],
  ['/mount-explorer/a/b', en.pages.mountExplorer.title],
  ['/admin', en.pages.admin.dashboard],
  ...adminChildren.map((child): [string, string | undefined] => [`/admin/${child}`, ADMIN_TITLES[child]]),
];

test.use({ locale: 'en' });

test('app/routes.ts lists every admin child of the spec', () => {
  expect([...adminChildren].sort()).toEqual(Object.keys(ADMIN_TITLES).sort());
});

// Shares that do not exist answer their own page with 404; everything else is 200.
const MISSING_SHARES = new Set(['/paste/x', '/file/x']);

// Anonymous visitors: admin pages answer in place with the login form (docs/product/spec.md §2: no redirect).
for (const [path, title] of ROUTES) {
  test(`${path} answers with its own titled page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(MISSING_SHARES.has(path) ? 404 : 200);
    expect(new URL(page.url()).pathname).toBe(path);
    expect(title, `no expected title for ${path}`).toBeTruthy();
    await expect(page).toHaveTitle(titleOf(title!));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: en.common.nav.label })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(/© \d{4} /);
  });
}

test('logged in as admin, every admin module shows its own page', async ({ page }) => {
  await logInAsAdmin(page, '/admin');
  const sections = page.getByRole('navigation', { name: en.pages.admin.sections });
  for (const [path, title] of ROUTES.filter(([p]) => p.startsWith('/admin'))) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(path);
    await expect(page).toHaveTitle(titleOf(title!));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await expect(sections.getByRole('link', { name: title!, exact: true })).toHaveAttribute('aria-current', 'page');
  }
});

test('an unknown path redirects to /, which says the page does not exist', async ({ page, request }) => {
  const direct = await request.get('/no/such/page?x=1', { maxRedirects: 0 });
  expect(direct.status()).toBeGreaterThanOrEqual(301);
  expect(direct.status()).toBeLessThanOrEqual(308);
  expect(direct.headers()['location']).toBe('/?notice=notFound');

  await page.goto('/no/such/page');
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
  await expect(page.getByRole('status').filter({ hasText: en.pages.notFound.redirected })).toBeVisible();
});

test('/not-found shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/not-found');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle(titleOf(en.pages.notFound.title));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.notFound.heading);
  await page.getByRole('link', { name: en.common.actions.backHome }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.home.heading);
});
