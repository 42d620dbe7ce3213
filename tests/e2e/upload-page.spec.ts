import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { loginAsAdmin } from './auth-helpers';
import { MiB, progressBar, queueItem, setThroughput, throttle } from './direct-upload-helpers';
import { en } from './helpers';
import { tempFile } from './upload-helpers';

/**
 * The upload page (issue 15 item 8): the drop zone leads and the options fold below it, the whole
 * page takes dropped files, the chosen files are listed (no stale "No file chosen"), a file over
 * the limit is skipped before any upload, and the main button waits for a resumed upload.
 */
test.use({ locale: 'en-US' });

const fileZone = (page: Page) => page.getByRole('region', { name: en.upload.form.fileHeading, exact: true });
const options = (page: Page) => page.locator('details', { has: page.locator('#options-heading') });
const mainButton = (page: Page) => fileZone(page).getByRole('button', { name: /^Upload|^Uploading/ });

/** The upload page as an admin, with JavaScript running (its file input takes several files): the input. */
async function openUploader(page: Page) {
  await loginAsAdmin(page);
  await page.goto('/upload');
  const input = page.getByLabel(en.upload.form.file, { exact: true });
  await expect(input).toHaveAttribute('multiple', '');
  return input;
}

for (const [device, viewport] of [
  ['a phone', { width: 390, height: 844 }],
  ['a desktop', { width: 1280, height: 900 }],
] as const) {
  test(`on ${device} the drop zone comes first and the options fold below it`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await loginAsAdmin(page);
    await page.goto('/upload');
    const zone = (await fileZone(page).boundingBox())!;
    const folded = (await options(page).boundingBox())!;
    expect(zone.y + zone.height, 'the options sit below the drop zone').toBeLessThanOrEqual(folded.y);
    expect(zone.y, 'the drop zone is in the first screen').toBeLessThan(viewport.height / 2);
    // Large: the whole width of the page's column, as wide as the options.
    expect(zone.width).toBeGreaterThanOrEqual(folded.width - 1);
    const slug = page.getByLabel(en.upload.form.slug, { exact: true });
    await expect(slug).toBeHidden();
    await options(page).getByText(en.upload.form.optionsHeading, { exact: true }).click();
    await expect(slug).toBeVisible();
  });
}

test(
  'files dropped anywhere on the page are listed; the chooser shows no stale label',
  { tag: '@js' },
  async ({ page }, info) => {
    const input = await openUploader(page);
    // The native input (emptied after each choice, so it would say "No file chosen") is visually
    // hidden; its label is the button.
    expect((await input.boundingBox())!.width).toBeLessThanOrEqual(1);
    await expect(fileZone(page).locator('label[for="file"]')).toBeVisible();
    await input.setInputFiles(tempFile(info, 'chosen.txt', 'chosen'));
    await expect(queueItem(page, 'chosen.txt')).toBeVisible();

    // A drop on the page's heading, far from the drop zone.
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['dropped'], 'dropped.txt', { type: 'text/plain' }));
      const heading = document.querySelector('h1')!;
      heading.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data }));
      heading.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    });
    await expect(queueItem(page, 'dropped.txt')).toBeVisible();
    await expect(page).toHaveURL(/\/upload$/);
    await expect(mainButton(page)).toHaveText(en.upload.batch.start.replace('{{count}}', '2'));
  },
);

test('a file over the limit is skipped before upload and not counted', { tag: '@js' }, async ({ page }, info) => {
  await loginAsAdmin(page);
  await page.goto('/upload');
  // 101 MiB without writing them: a sparse file is enough, as it is never read.
  const huge = info.outputPath('huge.bin');
  fs.mkdirSync(info.outputPath(), { recursive: true });
  fs.closeSync(fs.openSync(huge, 'w'));
  fs.truncateSync(huge, 101 * MiB);
  const input = page.getByLabel(en.upload.form.file, { exact: true });
  await expect(input).toHaveAttribute('multiple', '');

  await input.setInputFiles(huge);
  await expect(queueItem(page, 'huge.bin')).toContainText('larger than the 100 MB limit');
  await expect(mainButton(page)).toHaveText(en.upload.form.submit);
  await mainButton(page).click();
  await expect(page.locator('#file-error')).toHaveText(en.errors.fileTooLarge.replace('{{max}}', '100 MB'));

  await input.setInputFiles(tempFile(info, 'small.txt', 'small'));
  // Two listed, one to send: the button says "Upload", not "Upload 2 files".
  await expect(mainButton(page)).toHaveText(en.upload.form.submit);
  await mainButton(page).click();
  await expect(queueItem(page, 'small.txt')).toContainText(en.upload.status.success);
  await expect(queueItem(page, 'huge.bin')).toContainText('larger than the 100 MB limit');
  await expect(queueItem(page, 'huge.bin')).not.toContainText(en.upload.status.error);
});

test('the main button stays disabled while a resumed upload runs', { tag: '@js' }, async ({ page }, info) => {
  test.setTimeout(60_000);
  const input = await openUploader(page);
  const cdp = await throttle(page, { upload: 2_000_000 });
  await input.setInputFiles(tempFile(info, 'resumed.bin', randomBytes(12 * MiB)));
  await mainButton(page).click();
  const item = queueItem(page, 'resumed.bin');
  await item.getByRole('button', { name: `${en.upload.batch.pause} resumed.bin` }).click();
  await expect(item.getByText(/^Paused at \d+%$/)).toBeVisible();
  await expect(mainButton(page)).toBeEnabled();

  await item.getByRole('button', { name: `${en.upload.batch.resume} resumed.bin` }).click();
  await expect(progressBar(page, 'resumed.bin')).toBeVisible();
  await expect(mainButton(page)).toBeDisabled();
  await expect(mainButton(page)).toHaveText(en.upload.batch.uploading);
  await setThroughput(cdp);
  await expect(page.getByRole('heading', { name: en.upload.result.heading })).toBeVisible({ timeout: 30_000 });
});

test(
  'several files uploaded as one link: one share box, and a page with every file',
  { tag: '@js' },
  async ({ page }, info) => {
    const input = await openUploader(page);
    await input.setInputFiles([tempFile(info, 'first.txt', 'first'), tempFile(info, 'second.txt', 'second')]);
    await page.getByLabel(en.upload.batch.oneLink).check();
    await options(page).getByText(en.upload.form.optionsHeading, { exact: true }).click();
    await page.getByLabel(en.upload.form.password, { exact: true }).fill('both-pw');
    await mainButton(page).click();
    await expect(page.getByRole('heading', { name: en.upload.result.heading })).toBeVisible();
    const link = await page.getByLabel(en.upload.result.link, { exact: true }).inputValue();
    expect(link).toMatch(/\/file\/[\w-]+$/);

    const visitor = await (await page.context().browser()!.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByLabel(en.file.unlockFolder.password, { exact: true }).fill('both-pw');
    await visitor.getByRole('button', { name: en.file.unlockFolder.submit }).click();
    const list = visitor.getByRole('table');
    await expect(list.getByRole('link', { name: 'first.txt', exact: true })).toBeVisible();
    await expect(list.getByRole('link', { name: 'second.txt', exact: true })).toBeVisible();
  },
);
