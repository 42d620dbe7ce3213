import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Chromium (English), signed in to the app at `url` as `admin` through the login form; answers the browser and its page. */
export async function signedInPage(url, admin) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  await page.goto(`${url}/admin`);
  await page.getByLabel('Username').fill(admin.username);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Admin panel', { exact: true }).waitFor();
  return { browser, page };
}
