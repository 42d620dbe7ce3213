import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import routeConfig from '../../app/routes';
import { waitForHydration } from './helpers';
import { adminAuth, apiClient } from '../support/api-client';
import { mountLocal } from '../support/local-mount';
import { startServer, type RunningServer } from '../support/server';

/**
 * Every page, in the state that shows its content, checked by axe-core (issue 47): no serious or
 * critical violation of WCAG 2.1 A/AA and axe's best practices, and no moderate one unless ACCEPTED
 * says why. Two settings together cover both languages, both themes and both widths; the two projects
 * cover JavaScript on and off.
 */
const ADMIN = { username: 'admin', password: 'a11y-e2e-password' };
const SETTINGS = [
  { locale: 'en-US', colorScheme: 'light', viewport: { width: 1280, height: 900 } },
  { locale: 'zh-CN', colorScheme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

/** Moderate findings kept on purpose, by axe rule id, with the reason. */
const ACCEPTED: Record<string, string> = {};

let server: RunningServer;
const slugs = {
  paste: 'a11y-notes',
  locked: 'a11y-locked',
  image: 'a11y-photo',
  lockedFile: 'a11y-locked-file',
  folder: 'a11y-album',
  request: 'a11y-send',
};

test.beforeAll(async () => {
  server = await startServer({ adminUsername: ADMIN.username, adminPassword: ADMIN.password });
  const call = apiClient(() => server.url);
  const auth = await adminAuth(call, ADMIN.username, ADMIN.password);
  await mountLocal(call, auth);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0ea5e9' } })
    .png()
    .toBuffer();
  const album = path.join(server.dataDir, 'storage', 'album');
  fs.mkdirSync(path.join(album, 'day two'), { recursive: true });
  fs.writeFileSync(path.join(album, 'beach.png'), png);
  fs.writeFileSync(path.join(album, 'notes.md'), '# Notes\n\nA day at the beach.\n');
  const markdown =
    '# Trip\n\nA *paste* with a [link](https://example.com), a list:\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nconsole.log(1);\n```\n';
  for (const [slug, password] of [
    [slugs.paste, undefined],
    [slugs.locked, 'secret-a11y'],
  ] as const) {
    const made = await call('POST', '/paste', { auth, body: { content: markdown, slug, password, remark: 'a11y' } });
    expect(made.status, made.text).toBe(200);
  }
  const put = async (name: string, bytes: Buffer, query: Record<string, string>) => {
    const made = await call('PUT', `/upload-direct/${name}?${new URLSearchParams(query)}`, {
      auth,
      raw: new Uint8Array(bytes),
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(made.status, made.text).toBe(200);
  };
  await put('photo.png', png, { slug: slugs.image });
  await put('report.txt', Buffer.from('quarterly numbers\n'), { slug: slugs.lockedFile, password: 'secret-a11y' });
  const folder = await call('POST', '/fs/create-share', { auth, body: { path: '/local/album', slug: slugs.folder } });
  expect(folder.status, folder.text).toBe(200);
  const request = await call('POST', '/upload-requests', {
    auth,
    body: { title: 'Holiday photos', folder: '/local', slug: slugs.request, note: 'Send your best three.' },
  });
  expect(request.status, request.text).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A page state: where it is, whether the admin sees it, and what to do once there (open a panel, post a form). */
interface State {
  name: string;
  path: string;
  admin?: boolean;
  then?: (page: Page) => Promise<void>;
}

// Every admin module app/routes.ts has (a new one is checked without being listed here).
const ADMIN_MODULES = (routeConfig.find((entry) => entry.path === 'admin')?.children ?? [])
  .filter((child) => !child.index)
  .map((child) => child.path!);

const STATES: State[] = [
  { name: 'home', path: '/' },
  { name: 'home, as the admin', path: '/', admin: true },
  { name: 'upload', path: '/upload', admin: true },
  { name: 'a Markdown paste', path: `/paste/${slugs.paste}` },
  { name: 'a paste behind a password', path: `/paste/${slugs.locked}` },
  {
    name: 'a paste behind a password, wrong password',
    path: `/paste/${slugs.locked}`,
    then: async (page) => {
      await page.locator('input[type=password]').fill('wrong');
      await page.locator('form:has(input[type=password]) button[type=submit]').click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  { name: 'an image file share', path: `/file/${slugs.image}` },
  { name: 'a file share behind a password', path: `/file/${slugs.lockedFile}` },
  { name: 'a folder share', path: `/file/${slugs.folder}` },
  { name: 'an upload request', path: `/r/${slugs.request}` },
  { name: 'a missing share', path: '/paste/nothing-here' },
  { name: 'the admin login', path: '/admin' },
  { name: 'the explorer, anonymous', path: '/mount-explorer' },
  { name: 'the API docs', path: '/api-docs' },
  { name: 'offline', path: '/offline' },
  { name: 'the dashboard', path: '/admin', admin: true },
  ...ADMIN_MODULES.map((module) => ({ name: `admin: ${module}`, path: `/admin/${module}`, admin: true })),
  { name: 'the explorer: a folder', path: '/mount-explorer/local/album', admin: true },
  { name: 'the explorer: grid', path: '/mount-explorer/local/album?view=grid', admin: true },
  { name: 'the explorer: gallery', path: '/mount-explorer/local/album?view=gallery', admin: true },
  { name: 'the explorer: a preview', path: '/mount-explorer/local/album?preview=notes.md', admin: true },
  ...(['mkdir', 'upload', 'search', 'tasks', 'basket', 'bin'] as const).map((panel) => ({
    name: `the explorer: ${panel}`,
    path: `/mount-explorer/local/album?do=${panel}`,
    admin: true,
  })),
  ...(['rename', 'delete', 'link', 'share', 'copy'] as const).map((panel) => ({
    name: `the explorer: ${panel} beach.png`,
    path: `/mount-explorer/local/album?do=${panel}&name=beach.png`,
    admin: true,
  })),
];

async function openState(
  browser: Browser,
  setting: (typeof SETTINGS)[number],
  state: State,
  javaScriptEnabled: boolean,
) {
  const context = await browser.newContext({ ...setting, javaScriptEnabled, baseURL: server.url });
  if (state.admin) {
    const login = await context.request.post('/admin/login', {
      form: { mode: 'admin', redirectTo: '/admin', ...ADMIN },
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
  }
  const page = await context.newPage();
  await page.goto(state.path);
  if (javaScriptEnabled) await waitForHydration(page);
  await state.then?.(page);
  if (javaScriptEnabled) return { context, page };
  // axe runs in the page and waits on timers, which a page without JavaScript never fires. So the
  // page the no-JS visitor got is checked as a copy: its HTML (with what <noscript> shows, and no
  // script) served at its own address to a page that may run axe (the test runner gives every new
  // context the project's options: JavaScript is switched back on by name), styles and images from the server.
  const url = page.url();
  const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<\/?noscript>/g, '');
  const copy = await context.browser()!.newContext({
    ...setting,
    javaScriptEnabled: true,
    baseURL: server.url,
    storageState: await context.storageState(),
  });
  await context.close();
  const replay = await copy.newPage();
  await replay.route(url, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }));
  await replay.goto(url);
  return { context: copy, page: replay };
}

/** What axe finds on the page, one line each: setting, impact, rule, where, and why at the first place. */
async function violationsOf(page: Page, setting: (typeof SETTINGS)[number]): Promise<string[]> {
  // axe.run in the page itself: the default runs each frame apart and joins their results in a new
  // blank page, which cost 0.6 s a check here, more than axe's own audit of the page (0.3–0.4 s).
  // What it gives up is checking cross-origin frames, and no state here has one.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode()
    .analyze();
  expect(results.passes.length, 'axe looked at the page').toBeGreaterThan(10);
  const found: string[] = [];
  for (const violation of results.violations) {
    const kept = violation.impact !== 'serious' && violation.impact !== 'critical' && ACCEPTED[violation.id];
    if (kept) continue;
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    const check = violation.nodes[0]?.any[0] ?? violation.nodes[0]?.all[0];
    const related = check?.relatedNodes?.[0]?.html.slice(0, 160);
    const why = `${check?.message ?? ''}${related ? ` [with ${related}]` : ''}`;
    const { locale, colorScheme, viewport } = setting;
    found.push(
      `${locale} ${colorScheme} ${viewport.width}px: ${violation.impact} ${violation.id} (${violation.nodes.length}): ${where} — ${why}`,
    );
  }
  return found;
}

// Each state in one setting per project, the other setting in the other project: every state is
// seen in both languages, themes and widths, at half the cost of every setting in both projects.
STATES.forEach((state, index) => {
  test(`axe: ${state.name}`, async ({ browser }, testInfo) => {
    const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
    const setting = SETTINGS[(index + (javaScriptEnabled ? 0 : 1)) % SETTINGS.length]!;
    const { context, page } = await openState(browser, setting, state, javaScriptEnabled);
    try {
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible(); // the page has rendered
      expect(await violationsOf(page, setting)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test('the check sees a violation when there is one', async ({ browser }, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled !== false;
  const { context, page } = await openState(browser, SETTINGS[0], STATES[0]!, javaScriptEnabled);
  try {
    await page.evaluate(() => {
      const faint = document.createElement('p');
      faint.textContent = 'Barely there';
      faint.style.cssText = 'color: #bbb; background: #fff';
      document.querySelector('main')!.append(faint);
    });
    expect((await violationsOf(page, SETTINGS[0])).join('\n')).toMatch(/serious color-contrast/);
  } finally {
    await context.close();
  }
});
