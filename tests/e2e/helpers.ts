import { expect, test, type Browser, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import en from '../../app/locales/en/index';
import zh from '../../app/locales/zh/index';

export { en, zh };

/** `{{name}}` interpolation, as i18next does it. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The `<title>` every page carries: its own title, then the app name. */
export function titleOf(title: string, appName = en.common.appName): string {
  return `${title} · ${appName}`;
}

export const THEMES = ['auto', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** The toggle's accessible name in English for the current theme (it names the next one too). */
export function themeToggleName(current: Theme): string {
  const next = THEMES[(THEMES.indexOf(current) + 1) % THEMES.length]!;
  return fill(en.common.theme.toggle, { current: en.common.theme[current], next: en.common.theme[next] });
}

/** Clicks the theme toggle (English UI) until `<html data-theme>` is `target`. */
export async function chooseTheme(page: Page, target: Theme): Promise<void> {
  const html = page.locator('html');
  for (let i = 0; i < THEMES.length; i++) {
    const current = (await html.getAttribute('data-theme')) as Theme;
    if (current === target) return;
    await page.getByRole('button', { name: themeToggleName(current) }).click();
    await expect(html).not.toHaveAttribute('data-theme', current);
  }
  await expect(html).toHaveAttribute('data-theme', target);
}

/** Relative luminance (0 black … 1 white) of an element's computed background or text colour. */
export async function luminance(locator: Locator, property: 'backgroundColor' | 'color'): Promise<number> {
  const rgb = await locator.evaluate((el, prop) => {
    // Let the browser resolve any colour syntax to sRGB by painting one pixel.
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = getComputedStyle(el)[prop];
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a };
  }, property);
  expect(rgb.a, `${property} should be opaque`).toBe(255);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(rgb.r) + 0.7152 * lin(rgb.g) + 0.0722 * lin(rgb.b);
}

/** The first admin, created from ADMIN_USERNAME/ADMIN_PASSWORD by tests/e2e/start-server.mjs. */
export const ADMIN = { username: 'admin', password: 'e2e-admin-password' };

/**
 * Logs in through the admin login form (English UI), which an anonymous visitor gets in place on
 * any admin page, and ends on `path`.
 */
export async function logInAsAdmin(page: Page, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(en.auth.login.username).fill(ADMIN.username);
  await page.getByLabel(en.auth.login.password, { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: en.auth.login.submit }).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en.auth.login.heading);
  expect(new URL(page.url()).pathname).toBe(path);
}

/**
 * Waits until React has hydrated the document and run its effects (the root marks `<html
 * data-hydrated>`, app/root.tsx), so a key pressed next reaches the page's handlers and nothing an
 * effect does on mount comes after the test's next check.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * In the project with JavaScript, waits until React has hydrated the page: a box ticked before
 * that is unticked by the hydration of a controlled input. Without JavaScript there is nothing to wait for.
 */
export async function whenHydrated(page: Page): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) return;
  await waitForHydration(page);
}

/**
 * A form error said once: the message stands beside its field (as the field's description), and
 * the form's alert only points at the marked field instead of repeating it.
 */
export async function expectFieldError(scope: Page | Locator, field: Locator, message: string, t = en) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(scope.getByRole('alert')).toHaveText(oneMarkedField(t));
}

/** The alert's words for one marked field: Chinese has a single plural form, which says the count. */
export function oneMarkedField(t: typeof en | typeof zh): string {
  return t === en ? en.errors.seeMarkedFields_one : fill(t.errors.seeMarkedFields_other, { count: '1' });
}

/**
 * A page of another browser, not logged in: a share's visitor. It keeps the project's JavaScript
 * setting (a new context would not) and the test's locale.
 */
export async function visitorPage(browser: Browser, javaScriptEnabled: boolean, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ javaScriptEnabled, locale: 'en-US', serviceWorkers: 'block', ...options });
  return context.newPage();
}
