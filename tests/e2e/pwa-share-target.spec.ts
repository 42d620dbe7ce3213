import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ADMIN, en, logInAsAdmin, waitForHydration } from './helpers';

/**
 * The installed app in the phone's share sheet (issue 47 item 3, app/lib/pwa/share-inbox.ts): the
 * share sheet posts a multipart form to /share-target; the real service worker keeps it in
 * IndexedDB and opens the page that takes it. The last test runs without a worker: the server's
 * own /share-target answers.
 */
test.use({ serviceWorkers: 'allow' });

const s = en.pwa.shared;

interface SharedFile {
  name: string;
  type: string;
  text: string;
}

/** Opens `at` under the service worker's control, hydrated. */
async function controlled(page: Page, at: string): Promise<void> {
  await page.goto(at);
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller !== null;
  });
  await waitForHydration(page);
}

/** What a share sheet does: navigates to the share target with a POST of a multipart form. */
async function shareToApp(page: Page, fields: Record<string, string>, files: SharedFile[] = []): Promise<void> {
  await page.evaluate(
    ({ fields, files }) => {
      const form = document.createElement('form');
      form.method = 'post';
      form.enctype = 'multipart/form-data';
      form.action = '/share-target';
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.type = 'hidden';
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const chosen = new DataTransfer();
      for (const file of files) chosen.items.add(new File([file.text], file.name, { type: file.type }));
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      input.multiple = true;
      input.files = chosen.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { fields, files },
  );
}

const editor = (page: Page) => page.getByLabel(en.paste.editor.contentLabel, { exact: true });
const remark = (page: Page) => page.getByLabel(en.paste.form.remark, { exact: true });
const fileList = (page: Page) => page.getByRole('region', { name: en.upload.batch.listHeading, exact: true });

const twoFiles: SharedFile[] = [
  { name: 'boarding-pass.txt', type: 'text/plain', text: 'seat 12A' },
  { name: 'itinerary.txt', type: 'text/plain', text: 'day one: the harbour' },
];

async function logIn(page: Page): Promise<void> {
  await page.getByLabel(en.auth.login.username).fill(ADMIN.username);
  await page.getByLabel(en.auth.login.password, { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: en.auth.login.submit }).click();
}

test('@js shared text waits for sign-in, then fills the paste editor; signed in it fills it at once', async ({
  page,
}) => {
  // What puts the installed app in the share sheet (the interface).
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { share_target: unknown };
  expect(manifest.share_target).toEqual({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { title: 'title', text: 'text', url: 'url', files: [{ name: 'files', accept: ['*/*'] }] },
  });
  await controlled(page, '/');
  await shareToApp(page, { title: 'Trip notes', text: 'Meet at the pier at 9', url: 'https://example.org/plan' });
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('status').filter({ hasText: s.textWaiting })).toBeVisible();
  await page.getByRole('link', { name: en.paste.access.login }).click();
  await logIn(page);

  await expect(page.getByRole('status').filter({ hasText: s.pasteReady })).toBeVisible();
  await expect(editor(page)).toHaveValue('Meet at the pier at 9\nhttps://example.org/plan');
  await expect(remark(page)).toHaveValue('Trip notes');
  await page.getByRole('button', { name: en.paste.form.submit }).click();
  await expect(page.getByRole('heading', { name: en.paste.created.heading })).toBeVisible();

  // Taken once: the editor opened again is empty; a new share fills it straight away.
  await controlled(page, '/');
  await expect(editor(page)).toHaveValue('');
  await shareToApp(page, { text: 'second thought' });
  await expect(editor(page)).toHaveValue('second thought');
});

test('@js two shared files wait for sign-in, then join the upload list and upload', async ({ page }) => {
  await controlled(page, '/upload');
  await shareToApp(page, {}, twoFiles);
  await expect(page).toHaveURL(/\/upload$/);
  await expect(page.getByRole('status').filter({ hasText: '2 shared files wait here' })).toBeVisible();
  await page.getByRole('link', { name: en.upload.access.login }).click();
  await logIn(page);

  await expect(page.getByRole('status').filter({ hasText: '2 shared files are in the list' })).toBeVisible();
  const list = fileList(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('boarding-pass.txt');
  await expect(list).toContainText('itinerary.txt');
  await page.getByRole('button', { name: 'Upload 2 files' }).click();
  const recent = page.getByRole('region', { name: en.upload.recent.heading });
  await expect(recent.getByRole('link', { name: 'itinerary.txt' })).toBeVisible({ timeout: 15_000 });
  await expect(recent.getByRole('link', { name: 'boarding-pass.txt' })).toBeVisible();
});

async function goOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
}

test('@js offline, the worker keeps a share: text fills the editor kept from before, files wait for the network', async ({
  page,
  context,
}) => {
  await logInAsAdmin(page, '/admin');
  // The editor page, seen once online through the worker, is what it answers with offline.
  await controlled(page, '/');
  await controlled(page, '/');
  await goOffline(page, context);
  await shareToApp(page, { text: 'written in a tunnel' });
  await expect(editor(page)).toHaveValue('written in a tunnel');

  await shareToApp(page, {}, twoFiles);
  // The upload page is never kept offline (it can show a password): the offline page says so…
  await expect(page).toHaveURL(/\/upload$/);
  await context.setOffline(false);
  // …and the files wait in the browser until it opens.
  await controlled(page, '/upload');
  await expect(fileList(page).getByRole('listitem')).toHaveCount(2);
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('@js the server’s share target opens the editor filled in, and files the upload page', async ({ page }) => {
    await logInAsAdmin(page, '/admin');
    await page.goto('/');
    await waitForHydration(page);
    await shareToApp(page, { title: 'From the server', text: 'no worker here' });
    await expect(page).toHaveURL(/\/share-target$/);
    await expect(editor(page)).toHaveValue('no worker here');
    await expect(remark(page)).toHaveValue('From the server');
    await page.getByRole('button', { name: en.paste.form.submit }).click();
    await expect(page.getByRole('heading', { name: en.paste.created.heading })).toBeVisible();

    await page.goto('/');
    await shareToApp(page, {}, twoFiles);
    await expect(page).toHaveURL(/\/upload$/);
  });
});
