// End-to-end encryption benchmark (issue 31, docs/encryption.md "Files"), in headless Chromium on
// the app's embedded defaults (SQLite, local disk), so the figures are the encryption's own cost:
//
// 1. Upload: a 1 GiB file through the /upload page, plain and "Encrypt in the browser" in turns
//    (plain, encrypted, plain, encrypted, …; each way's best round counts), both straight to the
//    local storage in 5 MiB parts, 3 in flight. Target: encrypted ≥ 0.7 × plain.
// 2. Download: the encrypted share opened from its link and saved with "Decrypt and download",
//    streamed by the service worker, against the page decrypting it itself (worker blocked) as the
//    baseline. The saved file must equal the original. Target: the page's memory growth (its JS heap
//    and the RSS of every Chromium process) < 128 MiB with the worker.
//
// Env: BENCH_E2E_BYTES (file size, default 1 GiB), BENCH_ROUNDS (default 2), CHROMIUM_PATH.
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { ensureBuild, ROOT, rss, startApp } from './lib/servers.mjs';
import { MiB, runBench } from './lib/measure.mjs';

const SIZE = Number(process.env.BENCH_E2E_BYTES ?? 1024 * MiB);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RATIO_TARGET = 0.7;
const MEMORY_LIMIT = 128 * MiB;
const RUN = path.join(ROOT, '.tmp', `bench-e2e-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let browser = null;

const log = (...args) => console.log(...args);
const fmt = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

/** The test file, written 1 MiB at a time (never whole in memory), and its md5. */
function writeTestFile(file) {
  const hash = createHash('md5');
  const fd = fs.openSync(file, 'w');
  const chunk = Buffer.alloc(MiB);
  for (let written = 0; written < SIZE; written += MiB) {
    const piece = chunk.subarray(0, Math.min(MiB, SIZE - written));
    randomFillSync(piece);
    hash.update(piece);
    fs.writeSync(fd, piece);
  }
  fs.closeSync(fd);
  return hash.digest('hex');
}

function md5Of(file) {
  const hash = createHash('md5');
  const fd = fs.openSync(file, 'r');
  const chunk = Buffer.alloc(MiB);
  for (let n; (n = fs.readSync(fd, chunk)) > 0;) hash.update(chunk.subarray(0, n));
  fs.closeSync(fd);
  return hash.digest('hex');
}

/** Every Chromium process this benchmark started (descendants of this process named chromium). */
function chromiumPids() {
  const parents = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) if (!ours.has(pid) && ours.has(parent)) grew = ours.add(pid) !== undefined;
  }
  return [...ours].filter((pid) => {
    try {
      return pid !== process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium');
    } catch {
      return false;
    }
  });
}

const chromiumRss = () => chromiumPids().reduce((sum, pid) => sum + rss(pid), 0);

/** Peak growth of Chromium's summed RSS and of the page's JS heap while `work` runs (100 ms samples). */
async function watchMemory(page, work) {
  const cdp = await page.context().newCDPSession(page);
  const heap = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const rssBefore = chromiumRss();
  const heapBefore = await heap();
  let rssPeak = rssBefore;
  let heapPeak = heapBefore;
  const timer = setInterval(async () => {
    rssPeak = Math.max(rssPeak, chromiumRss());
    heapPeak = Math.max(heapPeak, await heap().catch(() => 0));
  }, 100);
  try {
    const result = await work();
    return { result, rss: rssPeak - rssBefore, heap: heapPeak - heapBefore };
  } finally {
    clearInterval(timer);
  }
}

async function logIn(context, url) {
  const answer = await context.request.post(`${url}/admin/login`, {
    form: { mode: 'admin', redirectTo: '/admin', ...ADMIN },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) throw new Error(`login answered ${answer.status()}`);
}

/** One upload through the /upload page; answers MiB/s and the share's link. */
async function upload(context, url, file, encrypt) {
  const page = await context.newPage();
  await page.goto(`${url}/upload`);
  await page.waitForFunction(() => document.querySelector('#file')?.hasAttribute('multiple'));
  if (encrypt) await page.getByLabel('Encrypt in the browser (the server cannot read it)').check();
  await page.locator('#file').setInputFiles(file);
  const started = process.hrtime.bigint();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByRole('heading', { name: 'Your file is uploaded' }).waitFor({ timeout: 30 * 60_000 });
  const elapsed = seconds(started);
  const link = await page.getByLabel('Share link', { exact: true }).inputValue();
  await page.close();
  return { mibps: SIZE / MiB / elapsed, seconds: elapsed, link };
}

/** The encrypted share opened from its link and saved decrypted; answers the memory growth. */
async function download(context, link, original, viaWorker) {
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: 'Decrypt and download' }).waitFor();
  if (viaWorker)
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.ready) && !!navigator.serviceWorker.controller,
    );
  const target = path.join(RUN, `saved-${viaWorker ? 'worker' : 'page'}.bin`);
  const watched = await watchMemory(page, async () => {
    const started = process.hrtime.bigint();
    const [saved] = await Promise.all([
      page.waitForEvent('download', { timeout: 30 * 60_000 }),
      page.getByRole('button', { name: 'Decrypt and download' }).click(),
    ]);
    await saved.saveAs(target);
    return { seconds: seconds(started), via: new URL(saved.url()).protocol === 'blob:' ? 'page' : 'worker' };
  });
  const same = md5Of(target) === original;
  fs.rmSync(target, { force: true });
  await page.close();
  if (!same) throw new Error(`the ${viaWorker ? 'worker' : 'page'} download differs from the file`);
  return watched;
}

async function main() {
  ensureBuild();
  fs.mkdirSync(RUN, { recursive: true });
  const file = path.join(RUN, 'film.bin');
  log(`Writing a ${fmt(SIZE)} test file…`);
  const original = writeTestFile(file);
  const { url } = await startApp({ dataDir: path.join(RUN, 'data'), admin: ADMIN, children });
  // Let the file through the global upload limit (MB), straight in the database.
  const db = new Database(path.join(RUN, 'data/cloudclip.db'));
  db.prepare("UPDATE system_settings SET value = ? WHERE key = 'max_upload_size'").run(
    String(Math.ceil(SIZE / MiB) + 1024),
  );
  db.close();
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  const uploads = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
  await logIn(uploads, url);

  const best = { plain: null, sealed: null };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const encrypt of [false, true]) {
      const done = await upload(uploads, url, file, encrypt);
      const key = encrypt ? 'sealed' : 'plain';
      log(
        `Round ${round}, ${encrypt ? 'encrypted' : 'plain'}: ${done.mibps.toFixed(0)} MiB/s (${done.seconds.toFixed(1)} s)`,
      );
      if (!best[key] || done.mibps > best[key].mibps) best[key] = done;
    }
  }
  const ratio = best.sealed.mibps / best.plain.mibps;

  // The page decrypting it itself (no worker) first, the baseline; then through the worker.
  const noWorker = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block', acceptDownloads: true });
  const inPage = await download(noWorker, best.sealed.link, original, false);
  const withWorker = await browser.newContext({ locale: 'en-US', serviceWorkers: 'allow', acceptDownloads: true });
  const streamed = await download(withWorker, best.sealed.link, original, true);
  if (streamed.result.via !== 'worker') throw new Error('the download did not go through the service worker');
  const speed = (w) => (SIZE / MiB / w.result.seconds).toFixed(0);
  log(
    `Download decrypted in the page: ${speed(inPage)} MiB/s, Chromium RSS +${fmt(inPage.rss)}, page heap +${fmt(inPage.heap)}`,
  );
  log(
    `Download streamed by the worker: ${speed(streamed)} MiB/s, Chromium RSS +${fmt(streamed.rss)}, page heap +${fmt(streamed.heap)}`,
  );

  const uploadOk = ratio >= RATIO_TARGET;
  const memoryOk = streamed.rss < MEMORY_LIMIT && streamed.heap < MEMORY_LIMIT;
  log('');
  log('| Figure | Measured | Target |');
  log('| --- | --- | --- |');
  log(
    `| Encrypted upload, as a ratio of the plain upload (${fmt(SIZE)}) | ${ratio.toFixed(2)} (${best.sealed.mibps.toFixed(0)} vs ${best.plain.mibps.toFixed(0)} MiB/s) | ≥ ${RATIO_TARGET} |`,
  );
  log(
    `| Streamed decrypting download: Chromium RSS / page heap growth | ${fmt(streamed.rss)} / ${fmt(streamed.heap)} | < ${fmt(MEMORY_LIMIT)} |`,
  );
  log(
    `| Baseline, decrypted in the page: Chromium RSS / page heap growth | ${fmt(inPage.rss)} / ${fmt(inPage.heap)} | — |`,
  );
  if (!uploadOk || !memoryOk) {
    console.error(`Target missed: ${uploadOk ? '' : 'upload ratio '}${memoryOk ? '' : 'download memory'}`);
  }
}

async function cleanup() {
  await browser?.close().catch(() => undefined);
  for (const child of children) child.kill();
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
