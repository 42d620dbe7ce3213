import { expect, test } from '@playwright/test';
import { submitAdminLogin, messagePattern, submitKeyLogin } from './auth-helpers';
import { en } from './helpers';
import { startServer, type RunningServer } from '../support/server';

test.use({ locale: 'en-US' });

// The limit is per client address and every test runs from 127.0.0.1: a private server with a
// small limit keeps the shared server's counter out of it.
let server: RunningServer;
const ADMIN = { username: 'admin', password: 'rate-limit-password' };

test.beforeEach(async () => {
  server = await startServer({ adminPassword: ADMIN.password, env: { LOGIN_RATE_LIMIT: '3/600' } });
});
test.afterEach(async () => {
  await server?.stop();
});

test('repeated wrong passwords end in 429 with the translated message', async ({ page }) => {
  await page.goto(`${server.url}/admin`);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const response = page.waitForResponse((r) => r.request().method() === 'POST');
    await submitAdminLogin(page, { username: ADMIN.username, password: `wrong-${attempt}` });
    expect((await response).status(), `attempt ${attempt}`).toBe(401);
    await expect(page.getByRole('alert')).toHaveText(en.errors.invalidCredentials);
  }

  // The fourth attempt is refused, even with the right password.
  const limited = page.waitForResponse((r) => r.request().method() === 'POST');
  await submitAdminLogin(page, ADMIN);
  const response = await limited;
  expect(response.status()).toBe(429);
  await expect(page.getByRole('alert')).toHaveText(messagePattern(en.errors.tooManyAttempts));
  await expect(page.getByText(en.pages.admin.adminPanel, { exact: true })).toHaveCount(0);

  // Failures count per account name: guesses at the admin do not use up the key logins' limit.
  await submitKeyLogin(page, 'whatever-key', server.url);
  await expect(page.getByRole('alert')).toHaveText(en.errors.apiKeyInvalid);
});
