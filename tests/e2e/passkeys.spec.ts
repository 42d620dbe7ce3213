import { expect, test } from '@playwright/test';
import { uniqueName } from './auth-helpers';
import { accept, invite } from './account-helpers';
import { en, visitorPage } from './helpers';

test.use({ locale: 'en-US' });
test.describe.configure({ timeout: 60_000 });

/**
 * Passkeys (issue 44, item 4) with Chromium's virtual authenticator (the DevTools protocol's
 * WebAuthn domain): a platform authenticator that keeps discoverable credentials and verifies the
 * user. WebAuthn refuses IP addresses as a relying party, so these pages are opened on `localhost`.
 */
test('a member adds a passkey, signs in with it alone, and uses it as the second step after the password @js', async ({
  page,
  browser,
}, testInfo) => {
  const base = new URL(testInfo.project.use.baseURL!);
  base.hostname = 'localhost';
  const origin = base.origin;
  const username = uniqueName(testInfo, 'pk');
  const link = await invite(page, username);

  const member = await visitorPage(browser, true);
  const cdp = await member.context().newCDPSession(member);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await accept(member, link.replace(/^https?:\/\/[^/]+/, origin), 'member-password-3');

  await member.goto(`${origin}/admin/account`);
  await member.getByLabel(en.accounts.passkeys.name).fill('Test laptop');
  await member.getByRole('button', { name: en.accounts.passkeys.add }).click();
  await expect(member.getByTestId('passkey-list')).toContainText('Test laptop');
  // Signed out, the passkey alone signs in (it verified the user: two factors).
  await member.context().clearCookies();
  await member.goto(`${origin}/admin/login`);
  await member.getByRole('button', { name: en.accounts.passkeys.signIn }).click();
  await expect(member).toHaveURL(/\/admin\/(text|file)-management/);

  // With a passkey, the password alone is not enough: the second step asks for it.
  await member.context().clearCookies();
  await member.goto(`${origin}/admin/login`);
  await member.getByLabel(en.auth.login.username).fill(username);
  await member.getByLabel(en.auth.login.password, { exact: true }).fill('member-password-3');
  await member.getByRole('button', { name: en.auth.login.submit }).click();
  await expect(member).toHaveURL(/\/admin\/login\/second-factor/);
  await member.getByRole('button', { name: en.accounts.passkeys.use }).click();
  await expect(member).toHaveURL(/\/admin\/(text|file)-management/);
  await member.context().close();
});

test('without JavaScript the login page says passkeys need it and offers no passkey button @no-js-only', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await expect(page.getByText(en.accounts.passkeys.needsJs)).toBeVisible();
  await expect(page.getByRole('button', { name: en.accounts.passkeys.signIn })).toHaveCount(0);
});
