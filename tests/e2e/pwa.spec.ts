import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { en, logInAsAdmin, waitForHydration } from './helpers';
import { fullBrowser } from './chromium';
import { sealPaste } from '../../scripts/e2e-crypt.mjs';
import { adminToken, createPasteViaApi, fillPasteForm, uniqueSlug } from './paste-helpers';

/**
 * The installable app (docs/architecture.md §11) with its real service worker, built by `npm run
 * build` and served by the test server. JavaScript only (a worker is registered by script); one
 * after another, since the update test rewrites the built worker that every page here uses.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

const t = en.pwa;
const builtWorker = path.resolve(import.meta.dirname, '../../build/client/sw.js');

/**
 * Opens `path` and waits until the service worker controls the page and React has hydrated it (a
 * worker registered on an earlier page controls the next one at once, before its scripts run).
 */
async function controlled(page: Page, at = '/'): Promise<void> {
  await page.goto(at);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await waitForHydration(page);
}

async function statusOf(page: Page, key: string) {
  return page.locator(`[data-status="${key}"]`);
}

/**
 * Takes the browser offline and waits until the page knows it: Chromium tells a page about the
 * emulated network asynchronously, and the paste form only queues while `navigator.onLine` is false
 * (a busy CI machine once submitted to the unreachable route action in between).
 */
async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('@js the manifest and icons are served and the worker installs and takes control', async ({ page, request }) => {
  const manifestHref = await page.goto('/').then(() => page.locator('link[rel="manifest"]').getAttribute('href'));
  expect(manifestHref).toBe('/manifest.webmanifest');
  const manifest = await request.get(manifestHref!);
  expect(manifest.headers()['content-type']).toContain('manifest+json');
  const body = (await manifest.json()) as {
    display: string;
    scope: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; purpose: string; sizes: string }[];
  };
  expect(body).toMatchObject({ display: 'standalone', scope: '/', start_url: '/' });
  expect(body.icons.map((i) => i.purpose)).toContain('maskable');
  for (const icon of body.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\//);
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(await worker.text()).toContain('offline.html');
  // Both themes colour the browser chrome.
  await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

  await controlled(page);
  await page.getByRole('button', { name: t.status.open }).click();
  const panel = page.getByRole('dialog', { name: t.status.heading });
  await expect(await statusOf(page, 'worker')).toHaveText(t.status.workerStates.active);
  await expect(await statusOf(page, 'network')).toHaveText(t.status.online);
  await expect(await statusOf(page, 'update')).toHaveText(t.status.upToDate);
  await expect(await statusOf(page, 'install')).toHaveText(t.status.notOffered);
  await expect(await statusOf(page, 'notification')).toHaveText(/.+/);
  await panel.getByRole('button', { name: en.common.actions.close }).click();
  await expect(panel).toBeHidden();
});

test('@js offline: a paste read before still reads, a page never seen gets the offline page, and toasts say so', async ({
  page,
  context,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'offline');
  await createPasteViaApi(request, await adminToken(request), { content: 'readable without a network', slug });
  await controlled(page);
  await page.goto(`/paste/${slug}`);
  await expect(page.getByText('readable without a network')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status', { name: t.connectivity.label })).toContainText(t.connectivity.offline);
  await page.getByRole('button', { name: t.status.open }).click();
  await expect(await statusOf(page, 'network')).toHaveText(t.status.offline);
  await page.keyboard.press('Escape');

  await page.goto(`/paste/${slug}`);
  await expect(page.getByText('readable without a network')).toBeVisible();
  await page.goto(`/paste/${uniqueSlug(testInfo, 'never-seen')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.offline.heading);
  await expect(page.getByRole('link', { name: en.common.actions.backHome })).toBeVisible();
  await expect(page.getByRole('button', { name: en.common.actions.retry })).toBeVisible();
  await expect(page.getByRole('button', { name: en.common.actions.back })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved copy from your last visit' })).toBeHidden();

  // Its page evicted from the worker's cache, the paste still reads: the offline page shows the
  // copy the app kept in IndexedDB.
  await page.evaluate(() => caches.delete('cloudclip-pages'));
  await page.goto(`/paste/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.offline.heading);
  await expect(page.getByRole('heading', { name: 'Saved copy from your last visit' })).toBeVisible();
  await expect(page.locator('#kept-content')).toHaveText('readable without a network');

  await context.setOffline(false);
  await page.getByRole('button', { name: en.common.actions.retry }).click();
  // Back online, the real page: the server's not-found answer for the slug nobody made.
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(en.pages.offline.heading);
  const toast = page.getByRole('status', { name: t.connectivity.label });
  await context.setOffline(true);
  await expect(toast).toContainText(t.connectivity.offline);
  await context.setOffline(false);
  await expect(toast).toContainText(t.connectivity.online);
  await expect(toast).toBeHidden({ timeout: 6000 }); // after 3 s
});

test('@js an encrypted paste read before opens offline, and the worker keeps only its ciphertext', async ({
  page,
  context,
  request,
}, testInfo) => {
  const slug = uniqueSlug(testInfo, 'sealed');
  const marker = 'sealed-offline-5d1e';
  const { envelope, key } = sealPaste(marker);
  await createPasteViaApi(request, await adminToken(request), { content: envelope, slug, encrypted: true });
  await controlled(page);
  await page.goto(`/paste/${slug}#${key}`);
  await expect(page.getByText(marker)).toBeVisible();

  // The worker kept the page for offline reading: with the envelope in it, never the text or the key.
  const kept = await page.evaluate(async (path) => {
    const cache = await caches.open('cloudclip-pages');
    const pages = await Promise.all(
      (await cache.keys()).filter((r) => r.url.includes(path)).map((r) => cache.match(r)),
    );
    return Promise.all(pages.map((answer) => answer!.text()));
  }, `/paste/${slug}`);
  expect(kept.join('')).toContain(envelope.slice(0, 80));
  expect(kept.join('')).not.toContain(marker);
  expect(kept.join('')).not.toContain(key);

  await goOffline(page, context);
  await page.goto('/');
  await page.goto(`/paste/${slug}#${key}`);
  await expect(page.getByText(marker)).toBeVisible();
  await context.setOffline(false);
});

test('@js a paste’s owner actions are offered only while online', async ({ page, context, request }, testInfo) => {
  const slug = uniqueSlug(testInfo, 'owned');
  await createPasteViaApi(request, await adminToken(request), { content: 'mine to change', slug });
  await logInAsAdmin(page, '/admin');
  await page.goto(`/paste/${slug}`);
  const edit = page.getByRole('link', { name: en.paste.view.edit });
  await expect(edit).toBeVisible();
  // Offline, editing or deleting could only fail: the page stops offering them until the network is back.
  await context.setOffline(true);
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole('link', { name: en.paste.view.delete })).toHaveCount(0);
  await context.setOffline(false);
  await expect(edit).toBeVisible();
});

test('@js the share box of a new paste, which shows its password, is never kept for offline reading', async ({
  page,
}, testInfo) => {
  await logInAsAdmin(page, '/admin');
  await controlled(page, '/');
  const shareBox = page.waitForResponse((response) => new URL(response.url()).searchParams.has('created'));
  await fillPasteForm(page, { content: 'with a secret', slug: uniqueSlug(testInfo, 'secret'), password: 'pw-123456' });
  expect((await shareBox).headers()['cache-control']).toBe('private, no-store');
  await expect(page).toHaveURL(/\?created=/);
  const kept = await page.evaluate(async () => {
    const cache = await caches.open('cloudclip-pages');
    return (await cache.keys()).map((request) => request.url).filter((url) => url.includes('created='));
  });
  expect(kept).toEqual([]);
});

test('@js a page opened inside the app while offline says it cannot be loaded', async ({ page, context }) => {
  await controlled(page, '/');
  await goOffline(page, context);
  // A client-side navigation: its data request fails, and the app says why instead of a blank page.
  await page
    .getByRole('navigation', { name: en.common.nav.label })
    .getByRole('link', { name: en.common.nav.upload, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.offline.heading);
  await expect(page.getByText(t.lazyFailed)).toBeVisible();
  await context.setOffline(false);
});

test('@js a paste created offline waits in the queue, can be dropped, and reaches the server once back online', async ({
  page,
  context,
  request,
}, testInfo) => {
  await logInAsAdmin(page, '/admin');
  await controlled(page, '/');
  const kept = uniqueSlug(testInfo, 'queued');
  const dropped = uniqueSlug(testInfo, 'dropped');

  await goOffline(page, context);
  await fillPasteForm(page, { content: 'written on a train', slug: kept });
  // The worker keeps the call in IndexedDB before it answers: slow on a loaded machine (a 5 s wait
  // once ran out while the whole suite ran).
  await expect(page.getByText(en.paste.form.queuedOffline)).toBeVisible({ timeout: 15_000 });
  await fillPasteForm(page, { content: 'changed my mind', slug: dropped });
  await expect(page.getByLabel(en.paste.editor.contentLabel, { exact: true })).toHaveValue('');

  await page.getByRole('button', { name: t.status.open }).click();
  await expect(await statusOf(page, 'queue')).toHaveText('2 waiting');
  const queue = page.getByRole('list', { name: t.queue.heading });
  await expect(queue.getByRole('listitem')).toHaveCount(2);
  // Each is named by its text's first line, never by the API call; the second one goes.
  await expect(queue).not.toContainText('/api/paste');
  await queue.getByRole('button', { name: 'Drop “changed my mind”' }).click();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');

  const onServer = async (slug: string) => (await request.get(`/api/paste/${slug}`)).status();
  expect(await onServer(kept)).toBe(404); // nothing was sent while offline

  await context.setOffline(false);
  const toast = page.getByRole('status', { name: t.sync.label });
  await expect(toast).toContainText('1 change made offline was sent', { timeout: 15_000 });
  // The toast links to the paste; the status panel keeps the link until it is dismissed, across pages.
  await expect(toast.getByRole('link', { name: 'written on a train' })).toHaveAttribute('href', `/paste/${kept}`);
  await page.reload();
  await page.getByRole('button', { name: t.status.open }).click();
  const sent = page.getByRole('list', { name: t.sent.heading });
  await sent.getByRole('link', { name: 'written on a train' }).click();
  await expect(page).toHaveURL(new RegExp(`/paste/${kept}$`));
  await page.getByRole('button', { name: t.status.open }).click();
  await sent.getByRole('button', { name: 'Dismiss “written on a train”' }).click();
  await expect(sent).toHaveCount(0);
  expect(await onServer(kept)).toBe(200);
  expect(await onServer(dropped)).toBe(404);
  const paste = await request.get(`/api/paste/${kept}`);
  expect(((await paste.json()) as { content: string }).content).toBe('written on a train');
});

test('@js a replay the server refuses says the sync failed, and an admin page reloads after one that changed pastes', async ({
  page,
  context,
  request,
}, testInfo) => {
  const taken = uniqueSlug(testInfo, 'taken');
  await createPasteViaApi(request, await adminToken(request), { content: 'first', slug: taken });
  await logInAsAdmin(page, '/admin/text-management');
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller);

  await context.setOffline(true);
  // Calls of the v0.7.3 client's kind, made from this admin page while offline: both are queued.
  const answers = await page.evaluate(async (slug) => {
    const post = (url: string, body: unknown) =>
      fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const made = [await post('/api/paste', { content: 'second', slug }), await post('/api/pastes/clear-expired', {})];
    (window as unknown as { beforeSync: boolean }).beforeSync = true;
    return made.map((answer) => answer.status);
  }, taken);
  expect(answers).toEqual([202, 202]);

  await context.setOffline(false);
  // The taken slug is refused (409) and dropped; clearing expired pastes went through.
  const toast = page.getByRole('status', { name: t.sync.label });
  await expect(toast).toContainText(t.sync.failed, { timeout: 15_000 });
  await expect(toast).toContainText('The server refused 1 of them; it was dropped.');
  // Pastes changed: the admin page reloads a second later.
  await page.waitForFunction(() => !(window as unknown as { beforeSync?: boolean }).beforeSync);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.pages.admin.textManagement);
  const first = await request.get(`/api/paste/${taken}`);
  expect(((await first.json()) as { content: string }).content).toBe('first');
});

/**
 * Replaces a file in one step (a rename): pwa-share-target.spec.ts runs beside this file and
 * installs the worker meanwhile; it must never fetch one half written.
 */
function writeWhole(file: string, bytes: Buffer): void {
  fs.writeFileSync(`${file}.next`, bytes);
  fs.renameSync(`${file}.next`, file);
}

test('@js a new build brings the update prompt; accepting it reloads into the new worker', async ({ page }) => {
  await controlled(page);
  // The worker and the compressed copies the build made of it (served to browsers that accept them).
  const copies = [builtWorker, `${builtWorker}.br`, `${builtWorker}.gz`].filter((file) => fs.existsSync(file));
  const originals = copies.map((file) => fs.readFileSync(file));
  try {
    // A redeploy: the worker file differs by a byte, as a new build's precache list would.
    const redeployed = Buffer.from(`${originals[0]!.toString()}\n// redeployed ${Date.now()}\n`);
    writeWhole(builtWorker, redeployed);
    if (fs.existsSync(`${builtWorker}.br`)) writeWhole(`${builtWorker}.br`, zlib.brotliCompressSync(redeployed));
    if (fs.existsSync(`${builtWorker}.gz`)) writeWhole(`${builtWorker}.gz`, zlib.gzipSync(redeployed));
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    await page.getByRole('button', { name: t.status.open }).click();
    await page.getByRole('button', { name: t.status.checkUpdate }).click();
    await expect(await statusOf(page, 'update')).toHaveText(t.status.updateWaiting);
    await expect(await statusOf(page, 'worker')).toHaveText(t.status.workerStates.waiting);
    await page.keyboard.press('Escape');
    const prompt = page.getByRole('status', { name: t.update.label });
    await expect(prompt).toContainText(t.update.heading);
    await prompt.getByRole('button', { name: t.update.accept }).click();
    // The page reloads a second after the new worker took over.
    await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate, null, {
      timeout: 15_000,
    });
    await page.waitForFunction(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return registration?.waiting === null && navigator.serviceWorker.controller !== null;
    });
    await expect(page.getByRole('status', { name: t.update.label })).toHaveCount(0);
  } finally {
    copies.forEach((file, i) => writeWhole(file, originals[i]!));
  }
});

test('@js @full-browser the install prompt shows when the browser offers installing, and stays away 7 days after "not now"', async ({
  playwright,
}, testInfo) => {
  // A persistent profile, as an installed browser has; the engagement heuristics are skipped so the
  // browser offers installing (beforeinstallprompt) on the first visit. Only the full browser offers
  // it: the headless shell the other tests use has no install UI (tests/e2e/chromium.ts).
  const { launchOptions, baseURL } = testInfo.project.use;
  const profile = testInfo.outputPath('profile');
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    executablePath: fullBrowser(),
    baseURL,
    serviceWorkers: 'allow',
    args: [...(launchOptions?.args ?? []), '--bypass-app-banner-engagement-checks'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const start = new Date('2026-11-25T10:00:00Z');
    await page.clock.install({ time: start });
    await controlled(page);
    // Not on the page the visit began with (nothing there jumps under it: decision 0042)…
    await page.getByRole('button', { name: t.status.open }).click();
    await expect(await statusOf(page, 'install')).toHaveText(t.status.installable);
    await page.keyboard.press('Escape');
    const prompt = page.getByRole('status', { name: t.install.label });
    await expect(prompt).toBeHidden();
    // …but on the next one, above its content, never pinned over it (the primary action stays uncovered).
    await page
      .getByRole('navigation', { name: en.common.nav.label })
      .getByRole('link', { name: en.common.nav.upload })
      .click();
    await expect(prompt).toContainText(t.install.heading);
    const card = (await prompt.boundingBox())!;
    expect(card.y + card.height).toBeLessThanOrEqual((await page.getByRole('heading', { level: 1 }).boundingBox())!.y);
    await prompt.getByRole('button', { name: t.install.dismiss }).click();
    await expect(prompt).toBeHidden();
    const stored = await page.evaluate(() => localStorage.getItem('cloudclip.installDismissedAt'));
    // The page's clock is the injected one (it runs on from `start`).
    expect(Number(stored)).toBeGreaterThanOrEqual(start.getTime());
    expect(Number(stored)).toBeLessThan(start.getTime() + 60_000);

    // The browser offers it again on the next visit; the app does not, for 7 days.
    await page.reload();
    await page.getByRole('button', { name: t.status.open }).click();
    await expect(await statusOf(page, 'install')).toHaveText(t.status.installable);
    await page.keyboard.press('Escape');
    await page
      .getByRole('navigation', { name: en.common.nav.label })
      .getByRole('link', { name: en.common.nav.home })
      .click();
    const week = 7 * 24 * 60 * 60 * 1000;
    await page.clock.fastForward(week - 60_000);
    await page.clock.runFor(5000);
    await expect(prompt).toBeHidden();
    // Seven days after the dismissal, the next 5-second check shows it again.
    await page.clock.fastForward(60_000);
    await page.clock.runFor(5000);
    await expect(prompt).toContainText(t.install.heading);
  } finally {
    await context.close();
  }
});
