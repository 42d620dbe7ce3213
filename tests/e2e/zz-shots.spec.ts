import { test } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
test('shots', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'js');
  await loginAsAdmin(page);
  await page.goto('/admin/users?new');
  await page.screenshot({ path: '/tmp/shots/users-new.png', fullPage: true });
  await page.goto('/admin/users');
  await page.screenshot({ path: '/tmp/shots/users.png', fullPage: true });
  await page.goto('/admin/account');
  await page.screenshot({ path: '/tmp/shots/account-admin.png', fullPage: true });
  const phone = await browser.newContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
  const p = await phone.newPage();
  await p.goto('/admin/login');
  await p.screenshot({ path: '/tmp/shots/login-zh.png', fullPage: true });
  await p.request.post('/admin/login', {
    form: { mode: 'admin', username: 'admin', password: 'e2e-admin-password' },
    maxRedirects: 0,
  });
  await p.goto('/admin/users');
  await p.screenshot({ path: '/tmp/shots/users-zh-phone.png', fullPage: true });
});
