import { randomBytes } from 'node:crypto';
import { expect, type CDPSession, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import { formatBytes } from '../../app/lib/format';
import { ADMIN, loginAsAdmin } from './auth-helpers';
import { en, fill } from './helpers';
import { downloadFromFilePage, fillUploadForm, tempFile, uniqueFileSlug, uploadedLinks } from './upload-helpers';

/**
 * The JavaScript uploader of /upload (issue 6): files go from the browser straight to storage, one
 * presigned PUT for small files, resumable multipart (5 MiB parts, 3 in flight) for larger ones.
 * The scenarios below run against any storage: the shared server's local disk
 * (upload-direct.spec.ts) and a real S3 server (upload-direct-s3.spec.ts).
 */

export const MiB = 1024 * 1024;
/** The part size of the API contract (the file sizes below give it room). */
const PART_SIZE = 5 * MiB;

/** Where a scenario uploads. */
export interface UploadTarget {
  /** The app's origin; '' for the shared server of playwright.config.ts. */
  base: string;
  /** The storage option to choose; the default storage when absent. */
  storage?: RegExp;
  /** The origin the browser must PUT the bytes to; the app's own one (local storage) when absent. */
  storageOrigin?: string;
}

export interface ScenarioResult {
  name: string;
  slug: string;
  bytes: Buffer;
}

/** Logs in and opens the file tab, once the JavaScript uploader runs (the input takes several files). */
export async function openUploader(page: Page, base = ''): Promise<void> {
  await loginAsAdmin(page, ADMIN, base);
  await page.goto(`${base}/upload`);
  await expectUploaderReady(page);
}

export async function expectUploaderReady(page: Page): Promise<void> {
  await expect(page.getByLabel(en.upload.form.file, { exact: true })).toHaveAttribute('multiple', '');
}

/** Bytes per second; -1 or absent: no limit. */
export interface Throughput {
  upload?: number;
  download?: number;
}

/** Limits the page's network speed through the DevTools protocol; returns the session to change it. */
export async function throttle(page: Page, limits: Throughput): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await setThroughput(cdp, limits);
  return cdp;
}

/** New limits (none when called without). */
export async function setThroughput(cdp: CDPSession, { upload = -1, download = -1 }: Throughput = {}): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: download,
    uploadThroughput: upload,
  });
}

/** The uploader's requests: the PUTs of the bytes (to storage) and the POSTs to /api/s3/*. */
export interface UploadTraffic {
  /** A mark: pass it to `puts` or `calls` to see only what came after. */
  mark(): number;
  puts(from?: number): Request[];
  calls(path: string, from?: number): Request[];
}

export function watchUploads(page: Page): UploadTraffic {
  const seen: Request[] = [];
  page.on('request', (request) => {
    const api = request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/s3/');
    if (api || request.method() === 'PUT') seen.push(request);
  });
  return {
    mark: () => seen.length,
    puts: (from = 0) => seen.slice(from).filter((r) => r.method() === 'PUT'),
    calls: (path, from = 0) =>
      seen.slice(from).filter((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/s3/${path}`),
  };
}

/** The `data` of a successful API answer. */
export async function dataOf<T>(request: Request): Promise<T> {
  const response = await request.response();
  expect(response?.ok(), `${request.url()} answered ${response?.status()}`).toBe(true);
  return ((await response!.json()) as { data: T }).data;
}

interface ResumeData {
  parts: { partNumber: number; etag: string }[];
  presigned_urls: { partNumber: number; url: string }[];
  partCount: number;
}

export function queueItem(page: Page, name: string): Locator {
  return page
    .getByRole('region', { name: en.upload.batch.listHeading, exact: true })
    .getByRole('listitem')
    .filter({ hasText: name });
}

export function progressBar(page: Page, name: string): Locator {
  return page.getByRole('progressbar', { name: fill(en.upload.batch.progress, { name }), exact: true });
}

/** The bar's percent; NaN once it is gone. */
async function percentOf(bar: Locator): Promise<number> {
  return Number(await bar.getAttribute('aria-valuenow', { timeout: 1000 }).catch(() => NaN));
}

/**
 * Records every value the file's progress bar shows from now on (a MutationObserver in the page,
 * until the next document load), so a test can check values that show only for a moment.
 */
async function recordProgress(page: Page, name: string): Promise<() => Promise<number[]>> {
  const label = fill(en.upload.batch.progress, { name });
  const key = `e2eProgress${randomBytes(4).toString('hex')}`;
  await page.evaluate(
    ({ label, key }) => {
      const seen: number[] = [];
      (window as unknown as Record<string, number[]>)[key] = seen;
      const read = () => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          if (bar.getAttribute('aria-label') !== label) continue;
          const value = Number(bar.getAttribute('aria-valuenow'));
          if (seen[seen.length - 1] !== value) seen.push(value);
        }
      };
      read();
      new MutationObserver(read).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    },
    { label, key },
  );
  return () => page.evaluate((key) => [...(window as unknown as Record<string, number[]>)[key]!], key);
}

const itemButton = (item: Locator, verb: string, name: string) =>
  item.getByRole('button', { name: `${verb} ${name}`, exact: true });

const BIG_SIZE = 24 * MiB;
const BIG_PARTS = 5;

/** Bytes of the big file in these stored parts. */
function storedBytes(parts: number[]): number {
  return parts.reduce((sum, n) => sum + Math.min(PART_SIZE, BIG_SIZE - (n - 1) * PART_SIZE), 0);
}

/** The percent shown for stored parts (the parts in flight do not count once paused or reloaded). */
const storedPercent = (parts: number[]) => Math.floor((storedBytes(parts) / BIG_SIZE) * 100);

/**
 * What the page may show for the parts stored (at least one once past 63 %, never all five): the
 * percent and the size of any such set of whole parts. The first three go together, so in practice
 * 62 % (15 MB), 79 % (19 MB, with the 4 MiB last part) or 83 % (20 MB).
 */
const STORED_OPTIONS = Array.from({ length: 2 ** BIG_PARTS - 2 }, (_, i) => {
  const parts = Array.from({ length: BIG_PARTS }, (_, n) => n + 1).filter((n) => (i + 1) & (1 << (n - 1)));
  return { percent: storedPercent(parts), done: formatBytes(storedBytes(parts)) };
});
const STORED_PERCENTS = [...new Set(STORED_OPTIONS.map((s) => s.percent))];

/** Opens a share link, downloads the file from its page and compares it with what was uploaded. */
export async function expectDownloadIdentical(page: Page, link: string, name: string, bytes: Buffer): Promise<void> {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const saved = await downloadFromFilePage(page);
  expect(saved.name).toBe(name);
  expect(saved.bytes.length).toBe(bytes.length);
  expect(saved.bytes.equals(bytes)).toBe(true);
}

/** Each PUT went to the storage itself. */
function expectPutsTo(puts: Request[], origin: string): void {
  expect(puts.map((r) => new URL(r.url()).origin)).toEqual(puts.map(() => origin));
}

/** (a) A small file: one presigned PUT straight to storage, with progress, then the share box. */
export async function singlePutUpload(page: Page, testInfo: TestInfo, target: UploadTarget): Promise<ScenarioResult> {
  const name = 'small report.bin';
  const bytes = randomBytes(300_000);
  const file = tempFile(testInfo, name, bytes);
  const slug = uniqueFileSlug(testInfo, 'put');
  await openUploader(page, target.base);
  const storageOrigin = target.storageOrigin ?? new URL(page.url()).origin;
  const traffic = watchUploads(page);
  // About two seconds for 293 KB: long enough to see the progress.
  const cdp = await throttle(page, { upload: 150_000 });

  await fillUploadForm(page, { file, slug, storage: target.storage });
  const item = queueItem(page, name);
  await expect(item.getByText(/^Uploading \d+%$/)).toBeVisible();
  await expect(progressBar(page, name)).toHaveAttribute('aria-valuetext', /^[1-9]\d?%: .+ of 293 KB$/);
  // One PUT: it can be cancelled, not paused.
  await expect(itemButton(item, en.upload.batch.cancel, name)).toBeVisible();
  await expect(itemButton(item, en.upload.batch.pause, name)).toHaveCount(0);
  await setThroughput(cdp);

  const { link } = await uploadedLinks(page);
  expect(new URL(page.url()).searchParams.get('uploaded')).toBeTruthy();
  expect(new URL(link).pathname).toBe(`/file/${slug}`);
  expect(traffic.calls('presign')).toHaveLength(1);
  expect(traffic.calls('commit')).toHaveLength(1);
  expect(traffic.calls('multipart/init')).toHaveLength(0);
  expect(traffic.puts()).toHaveLength(1);
  expectPutsTo(traffic.puts(), storageOrigin);

  await expectDownloadIdentical(page, link, name, bytes);
  return { name, slug, bytes };
}

/**
 * Starts a throttled 24 MiB multipart upload (5 parts) and waits until the bar shows `until` %: past
 * 63 % (more than 15 MiB went), with at most three 5 MiB parts in flight, at least one is stored.
 */
async function startBigUpload(
  page: Page,
  testInfo: TestInfo,
  target: UploadTarget,
  name: string,
  label: string,
  until = 63,
) {
  const bytes = randomBytes(BIG_SIZE);
  const file = tempFile(testInfo, name, bytes);
  const slug = uniqueFileSlug(testInfo, label);
  await openUploader(page, target.base);
  const storageOrigin = target.storageOrigin ?? new URL(page.url()).origin;
  const traffic = watchUploads(page);
  // About 6 s in all: the second half leaves a window of about 2 s to act in.
  const cdp = await throttle(page, { upload: 4_000_000 });
  await fillUploadForm(page, { file, slug, storage: target.storage });
  await expect(itemButton(queueItem(page, name), en.upload.batch.pause, name)).toBeVisible();
  await expect
    .poll(() => percentOf(progressBar(page, name)), { intervals: [100], timeout: 20_000 })
    .toBeGreaterThanOrEqual(until);
  expect(traffic.calls('multipart/init')).toHaveLength(1);
  return { bytes, file, slug, storageOrigin, traffic, cdp };
}

/**
 * (b) A large file, paused early (issue 15 item 7): no new part starts, the parts in flight finish
 * and count, so the progress shown never falls back; nothing is sent while paused; the resume sends
 * only the parts the storage does not hold, and every part crosses the network exactly once.
 */
export async function pausedMultipartUpload(
  page: Page,
  testInfo: TestInfo,
  target: UploadTarget,
): Promise<ScenarioResult> {
  const name = 'paused video.bin';
  const { bytes, slug, storageOrigin, traffic, cdp } = await startBigUpload(page, testInfo, target, name, 'pause', 15);
  const item = queueItem(page, name);
  const bar = progressBar(page, name);

  const shown = await recordProgress(page, name);
  await itemButton(item, en.upload.batch.pause, name).click();
  const status = item.getByText(/^Paused at \d+%$/);
  await expect(status).toBeVisible();
  await expect(itemButton(item, en.upload.batch.pause, name)).toHaveCount(0);
  const pausedFrom = (await shown()).length - 1;
  const quietFrom = traffic.mark();
  const statusPercent = async () => Number(/\d+/.exec((await status.textContent()) ?? '')?.[0]);
  const atPause = await statusPercent();
  expect(atPause).toBeGreaterThanOrEqual(15);

  // The parts that were on their way finish; then the list (refreshed every 200 ms) shows whole parts.
  await Promise.all(traffic.puts().map((put) => put.response()));
  await page.waitForTimeout(1500);
  const settled = await statusPercent();
  expect(STORED_PERCENTS).toContain(settled);
  expect(settled, 'the parts in flight at the pause count').toBeGreaterThan(atPause);
  await expect(bar).toHaveAttribute('aria-valuenow', String(settled));
  const whilePaused = (await shown()).slice(pausedFrom);
  expect(whilePaused.at(-1)).toBe(settled);
  expect(whilePaused, 'progress never falls back while paused').toEqual([...whilePaused].sort((a, b) => a - b));
  expect(traffic.puts(quietFrom), 'no part starts while paused').toHaveLength(0);

  await itemButton(item, en.upload.batch.resume, name).click();
  // Still throttled for a moment: the resumed upload goes on from the stored parts.
  await expect(item.getByText(en.upload.stage.uploading, { exact: true })).toBeVisible();
  const resumeCalls = traffic.calls('multipart/resume', quietFrom);
  expect(resumeCalls).toHaveLength(1);
  const resumed = await dataOf<ResumeData>(resumeCalls[0]!);
  expect(resumed.partCount).toBe(BIG_PARTS);
  // The storage's truth is what the page showed.
  expect(storedPercent(resumed.parts.map((p) => p.partNumber))).toBe(settled);
  expect(resumed.presigned_urls).toHaveLength(BIG_PARTS - resumed.parts.length);
  await setThroughput(cdp);

  const { link } = await uploadedLinks(page);
  expect(new URL(link).pathname).toBe(`/file/${slug}`);
  // The same upload went on, and no byte was sent twice.
  expect(traffic.calls('multipart/init')).toHaveLength(1);
  expect(traffic.calls('multipart/complete')).toHaveLength(1);
  expect(traffic.puts(quietFrom)).toHaveLength(BIG_PARTS - resumed.parts.length);
  expect(traffic.puts()).toHaveLength(BIG_PARTS);
  expectPutsTo(traffic.puts(), storageOrigin);

  await expectDownloadIdentical(page, link, name, bytes);
  return { name, slug, bytes };
}

/**
 * (c) A large file interrupted by a reload: the page asks first, then lists it as unfinished;
 * choosing the same file again resumes it at once from the stored parts (no new upload).
 */
export async function reloadedMultipartUpload(
  page: Page,
  testInfo: TestInfo,
  target: UploadTarget,
): Promise<ScenarioResult> {
  const name = 'reloaded archive.bin';
  const { bytes, file, slug, storageOrigin, traffic, cdp } = await startBigUpload(
    page,
    testInfo,
    target,
    name,
    'reload',
  );

  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(dialogs, 'the page asks before leaving a running upload').toEqual(['beforeunload']);
  await expectUploaderReady(page);

  const notice = page.getByRole('region', { name: en.upload.resumable.heading, exact: true });
  await expect(notice).toContainText(en.upload.resumable.body);
  const entry = notice.getByRole('listitem').filter({ hasText: name });
  const progress = entry.getByText(/^\d+% uploaded \(/);
  await expect(progress).toBeVisible();
  const stored = Number(/^\d+/.exec((await progress.textContent()) ?? '')?.[0]);
  expect(STORED_PERCENTS).toContain(stored);
  const done = STORED_OPTIONS.find((s) => s.percent === stored)!.done;
  await expect(progress).toHaveText(
    fill(en.upload.resumable.progress, { percent: String(stored), done, total: formatBytes(BIG_SIZE) }),
  );
  await expect(
    entry.getByRole('button', { name: `${en.upload.resumable.discard} ${name}`, exact: true }),
  ).toBeVisible();

  // Choosing the same file resumes it straight away (no Upload click), still throttled so that a
  // fresh start would show low figures.
  await setThroughput(cdp, { upload: 4_000_000 });
  const shown = await recordProgress(page, name);
  const reloaded = traffic.mark();
  await page.getByLabel(en.upload.form.file, { exact: true }).setInputFiles(file);
  const bar = progressBar(page, name);
  await expect.poll(() => percentOf(bar), { intervals: [100], timeout: 10_000 }).toBeGreaterThanOrEqual(stored);
  await expect(notice).toHaveCount(0);
  const resumeCalls = traffic.calls('multipart/resume', reloaded);
  expect(resumeCalls).toHaveLength(1);
  const resumed = await dataOf<ResumeData>(resumeCalls[0]!);
  expect(storedPercent(resumed.parts.map((p) => p.partNumber))).toBeGreaterThanOrEqual(stored);
  expect(resumed.presigned_urls).toHaveLength(BIG_PARTS - resumed.parts.length);
  await setThroughput(cdp);

  const { link } = await uploadedLinks(page);
  // The same share (its link suffix was chosen before the reload), without a new upload.
  expect(new URL(link).pathname).toBe(`/file/${slug}`);
  expect(traffic.calls('multipart/init', reloaded)).toHaveLength(0);
  expect(traffic.calls('multipart/complete', reloaded)).toHaveLength(1);
  expect(traffic.puts(reloaded)).toHaveLength(BIG_PARTS - resumed.parts.length);
  expectPutsTo(traffic.puts(), storageOrigin);
  // The bar went from 0 (while the server is asked what it holds) straight to the stored parts.
  const values = await shown();
  expect(values.some((v) => v >= stored)).toBe(true);
  expect(
    values.filter((v) => v > 0 && v < stored),
    `progress after the reload: ${values.join(', ')}`,
  ).toEqual([]);
  // Finished: nothing is left to resume.
  await page.goto(`${target.base}/upload`);
  await expectUploaderReady(page);
  await expect(page.getByRole('region', { name: en.upload.resumable.heading, exact: true })).toHaveCount(0);

  await expectDownloadIdentical(page, link, name, bytes);
  return { name, slug, bytes };
}
