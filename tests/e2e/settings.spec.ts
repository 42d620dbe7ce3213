import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { submitAdminLogin, submitKeyLogin } from './auth-helpers';
import { en, fill, luminance, zh } from './helpers';
import { startServer, type RunningServer } from '../support/server';

test.use({ locale: 'en-US' });

// These tests change server-wide settings (the upload limit, the URL-upload allow-list, proxy
// signing) that other specs rely on, and both projects would race on the same rows: each worker
// gets a private server instead of the shared one.
const ADMIN = { username: 'admin', password: 'settings-admin-password' };
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
});
test.afterAll(async () => {
  await server?.stop();
});

const GLOBAL = '/admin/settings/global';
const WEBDAV = '/admin/settings/webdav';

async function logIn(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(`${server.url}${path}`);
  await submitAdminLogin(page, ADMIN);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  expect(new URL(page.url()).pathname).toBe(path);
}

async function adminApi(request: APIRequestContext, path: string) {
  const login = await request.post(`${server.url}/api/admin/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const res = await request.get(`${server.url}/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: unknown }).data;
}

function globalForm(page: Page) {
  const g = en.settings.global;
  return {
    size: page.getByLabel(g.maxUploadSize),
    unit: page.getByLabel(g.maxUploadUnit),
    signAll: page.getByRole('checkbox', { name: g.proxySignAll }),
    strip: page.getByRole('checkbox', { name: g.stripMetadata }),
    expires: page.getByLabel(g.proxySignExpires),
    hosts: page.getByLabel(g.allowedHosts),
    save: page.getByRole('button', { name: en.settings.save }),
  };
}

test('an admin changes the global settings; every mistake shows at its field and nothing is saved', async ({
  page,
  request,
}) => {
  await logIn(page, GLOBAL, en.pages.admin.globalSettings);
  const form = globalForm(page);
  // The defaults of a fresh install; the allow-list explains why it is empty.
  await expect(form.size).toHaveValue('100');
  await expect(form.unit).toHaveValue('MB');
  await expect(form.signAll).toBeChecked();
  await expect(form.strip).not.toBeChecked();
  await expect(form.expires).toHaveValue('0');
  await expect(form.hosts).toHaveValue('');
  await expect(page.getByRole('note')).toContainText(en.settings.global.allowedHostsWarningTitle);

  await form.size.fill('1500');
  await form.unit.selectOption('KB');
  await form.signAll.uncheck();
  await form.expires.fill('-1');
  await form.hosts.fill('nas.lan\nhttp://192.168.1.10:8080');
  const answer = page.waitForResponse((r) => r.request().method() === 'POST');
  await form.save.click();
  expect((await answer).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(en.settings.fixErrors);
  await expect(page.locator('#max_upload_size-error')).toHaveText(
    fill(en.settings.global.errors.sizeNotWholeMb, { size: '1500 KB', suggestion: '2048 KB' }),
  );
  await expect(page.locator('#proxy_sign_expires-error')).toHaveText(en.errors.proxySignExpiresInvalid);
  await expect(page.locator('#url_fetch_allowed_hosts-error')).toHaveText(
    fill(en.errors.allowedHostUrl, { entry: 'http://192.168.1.10:8080' }),
  );
  await expect(form.hosts).toHaveAttribute('aria-invalid', 'true');
  // What was typed is still there, and nothing was stored.
  await expect(form.size).toHaveValue('1500');
  await expect(form.unit).toHaveValue('KB');
  await expect(form.signAll).not.toBeChecked();
  await expect(form.expires).toHaveValue('-1');
  await expect(form.hosts).toHaveValue('nas.lan\nhttp://192.168.1.10:8080');
  expect(await adminApi(request, '/admin/proxy-sign-settings')).toEqual({ signAll: true, expires: 0 });

  await form.size.fill('2');
  await form.unit.selectOption('GB');
  await form.expires.fill('3600');
  await form.hosts.fill('NAS.lan, 192.168.1.10\n10.0.0.0/24');
  await form.strip.check();
  await form.save.click();
  await expect(page.getByRole('status').filter({ hasText: en.settings.saved })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(form.size).toHaveValue('2');
  await expect(form.unit).toHaveValue('GB');
  await expect(form.signAll).not.toBeChecked();
  await expect(form.strip).toBeChecked();
  await expect(form.expires).toHaveValue('3600');
  await expect(form.hosts).toHaveValue('nas.lan\n192.168.1.10\n10.0.0.0/24');

  // Stored in whole MB, and in effect for everyone at once.
  const limit = await request.get(`${server.url}/api/system/max-upload-size`);
  expect(((await limit.json()) as { data: { max_upload_size: number } }).data.max_upload_size).toBe(2048);
  expect(await adminApi(request, '/admin/proxy-sign-settings')).toEqual({ signAll: false, expires: 3600 });

  // KB that make whole MB are fine; an emptied allow-list blocks private hosts again.
  await form.size.fill('5120');
  await form.unit.selectOption('KB');
  await form.signAll.check();
  await form.hosts.fill('');
  await form.save.click();
  await expect(page.getByRole('status').filter({ hasText: en.settings.saved })).toBeVisible();
  await expect(form.size).toHaveValue('5');
  await expect(form.unit).toHaveValue('MB');
  await expect(form.signAll).toBeChecked();
  await expect(form.hosts).toHaveValue('');
});

test('an admin switches the WebDAV upload mode', async ({ page }) => {
  await logIn(page, WEBDAV, en.pages.admin.webdavSettings);
  const group = page.getByRole('group', { name: en.settings.webdav.uploadMode });
  const direct = group.getByRole('radio', { name: en.settings.webdav.modes.direct });
  const multipart = group.getByRole('radio', { name: en.settings.webdav.modes.multipart });
  await expect(direct).toBeChecked();
  await expect(multipart).toHaveAccessibleDescription(en.settings.webdav.modes.multipartHint);

  // The address to mount, and the steps for each system (open without JavaScript too).
  const address = `${server.url}/dav/`;
  await expect(page.getByTestId('webdav-address')).toHaveText(address);
  const linux = page.locator('details').filter({ hasText: en.settings.webdav.connect.linux.name });
  await expect(linux.getByText(`mount -t davfs ${address}`)).toBeHidden();
  await linux.locator('summary').click();
  await expect(linux.getByText(`sudo mount -t davfs ${address} /mnt/cloudclip`)).toBeVisible();
  // The commands come with a copy button once JavaScript runs.
  if (test.info().project.name === 'js')
    await expect(linux.getByRole('button', { name: en.settings.webdav.connect.copyCommands.copy })).toBeVisible();

  await multipart.check();
  await page.getByRole('button', { name: en.settings.save }).click();
  await expect(page.getByRole('status').filter({ hasText: en.settings.saved })).toBeVisible();
  await page.reload();
  await expect(multipart).toBeChecked();

  await direct.check();
  await page.getByRole('button', { name: en.settings.save }).click();
  await expect(page.getByRole('status').filter({ hasText: en.settings.saved })).toBeVisible();
  await expect(direct).toBeChecked();
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('labels and errors come in the visitor’s language', async ({ page }) => {
    await page.goto(`${server.url}${GLOBAL}`);
    await page.getByLabel(zh.auth.login.username).fill(ADMIN.username);
    await page.getByLabel(zh.auth.login.password, { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: zh.auth.login.submit, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh.pages.admin.globalSettings);

    await page.getByLabel(zh.settings.global.allowedHosts).fill('*.lan');
    await page.getByLabel(zh.settings.global.maxUploadSize).fill('0');
    await page.getByRole('button', { name: zh.settings.save }).click();
    await expect(page.getByRole('alert')).toHaveText(zh.settings.fixErrors);
    await expect(page.locator('#url_fetch_allowed_hosts-error')).toHaveText(
      fill(zh.errors.allowedHostWildcard, { entry: '*.lan' }),
    );
    await expect(page.locator('#max_upload_size-error')).toHaveText(zh.settings.global.errors.sizeTooSmall);
  });
});

test('access keys are sent to their first module, away from both settings pages', async ({ page, request }) => {
  const login = await request.post(`${server.url}/api/admin/login`, { data: ADMIN });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const created = await request.post(`${server.url}/api/admin/api-keys`, {
    data: { name: `settings-text-${test.info().project.name}`, permissions: 1, expires_at: null },
    headers: { Authorization: `Bearer ${token}` },
  });
  const key = ((await created.json()) as { data: { key: string } }).data.key;

  await submitKeyLogin(page, key, server.url);
  await expect(page).toHaveURL(/\/admin\/text-management$/);
  for (const path of [GLOBAL, WEBDAV]) {
    await page.goto(`${server.url}${path}`);
    await expect(page).toHaveURL(/\/admin\/text-management$/);
  }
  await expect(page.getByRole('link', { name: en.pages.admin.globalSettings })).toHaveCount(0);
});

test.describe('on a phone in dark mode', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('the settings pages fit the screen and are painted dark', async ({ page }) => {
    await logIn(page, GLOBAL, en.pages.admin.globalSettings);
    for (const path of [GLOBAL, WEBDAV]) {
      if (path !== GLOBAL) await page.goto(`${server.url}${path}`);
      const width = await page.locator('html').evaluate((el) => el.scrollWidth);
      expect(width, `${path} must not scroll sideways on a phone`).toBeLessThanOrEqual(390);
      const form = page.locator('form.card');
      expect(await luminance(form, 'backgroundColor')).toBeLessThan(0.05);
      expect(await luminance(form, 'color')).toBeGreaterThan(0.6);
    }
    await page.goto(`${server.url}${GLOBAL}`);
    const hosts = page.getByLabel(en.settings.global.allowedHosts);
    expect(await luminance(hosts, 'backgroundColor')).toBeLessThan(0.05);
    expect(await luminance(page.getByRole('note'), 'color')).toBeGreaterThan(0.6);
    const save = page.getByRole('button', { name: en.settings.save });
    const box = await save.boundingBox();
    // The save button spans the phone's width (easy to hit), inside the screen.
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
