import { expect, test } from '@playwright/test';
import { chooseTheme, luminance, themeToggleName } from './helpers';

test.use({ locale: 'en' });

test('the toggle cycles auto → light → dark → auto, and each choice survives a reload', async ({ page }) => {
  await page.goto('/upload');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'auto');
  const steps = [
    ['auto', 'light'],
    ['light', 'dark'],
    ['dark', 'auto'],
  ] as const;
  for (const [current, next] of steps) {
    await page.getByRole('button', { name: themeToggleName(current) }).click();
    await expect(html).toHaveAttribute('data-theme', next);
    await expect(page).toHaveURL(/\/upload$/);
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', next);
    await expect(page.getByRole('button', { name: themeToggleName(next) })).toBeVisible();
  }
});

test.describe('an explicit theme overrides the system setting', () => {
  test.use({ colorScheme: 'light' });

  test('dark paints a dark page with light text', async ({ page }) => {
    await page.goto('/');
    await chooseTheme(page, 'dark');
    await page.reload(); // the server renders it: no flash, no script needed
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await luminance(page.locator('body'), 'backgroundColor')).toBeLessThan(0.05);
    expect(await luminance(page.locator('body'), 'color')).toBeGreaterThan(0.6);
  });
});

test.describe('an explicit light theme beats a dark system', () => {
  test.use({ colorScheme: 'dark' });

  test('light paints a light page with dark text', async ({ page }) => {
    await page.goto('/');
    await chooseTheme(page, 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await luminance(page.locator('body'), 'backgroundColor')).toBeGreaterThan(0.9);
    expect(await luminance(page.locator('body'), 'color')).toBeLessThan(0.05);
  });
});

test('auto follows the system colour scheme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'auto');
  const body = page.locator('body');
  expect(await luminance(body, 'backgroundColor')).toBeLessThan(0.05);

  await page.emulateMedia({ colorScheme: 'light' });
  expect(await luminance(body, 'backgroundColor')).toBeGreaterThan(0.9);
  expect(await luminance(body, 'color')).toBeLessThan(0.05);
});
