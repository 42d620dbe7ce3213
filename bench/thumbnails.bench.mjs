// Thumbnails in a big folder of photos (issue 47 item 4; run by `npm run bench`). In Chromium at
// 1280×800, signed in, the explorer's grid of a folder of 1,000 JPEG photos (1600×1200, as a phone
// makes them smaller than theirs): the time from navigation until every picture of the first
// screen has loaded —
//   - cold: the first visit, which makes each thumbnail;
//   - warm: the next visits (best of 3), from the cache. Target: ≤ 1 s.
// The baseline, in the same run and page: the same first screen's photos loaded whole, as the grid
// did before it had thumbnails. Printed: the times, and the bytes each way.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { signedInPage } from './lib/browser.mjs';
import { runBench } from './lib/measure.mjs';
import { api, ensureBuild, ROOT, startApp, stopChildren } from './lib/servers.mjs';

const PHOTOS = Number(process.env.BENCH_THUMBNAIL_PHOTOS ?? 1000);
const RUN = path.join(ROOT, '.tmp', `bench-thumbnails-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let browser;
const log = (...args) => console.log(...args);

/** Twelve different photos, written under 1,000 names (the bytes differ in their comment, so each is its own file). */
async function writePhotos(folder) {
  fs.mkdirSync(folder, { recursive: true });
  const shots = [];
  for (let i = 0; i < 12; i++) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g"><stop offset="0" stop-color="hsl(${i * 30},70%,60%)"/><stop offset="1" stop-color="hsl(${i * 30 + 90},60%,30%)"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/><circle cx="800" cy="600" r="${200 + i * 20}" fill="hsl(${i * 30 + 180},60%,50%)"/></svg>`;
    shots.push(await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  }
  for (let i = 0; i < PHOTOS; i++) {
    const name = `IMG_${String(i + 1).padStart(4, '0')}.jpg`;
    // A JPEG comment marker after SOI: a different file each, decoded the same.
    const shot = shots[i % shots.length];
    const comment = Buffer.from(`\xff\xfe\x00\x10photo ${String(i).padStart(8, '0')}`, 'latin1');
    fs.writeFileSync(path.join(folder, name), Buffer.concat([shot.subarray(0, 2), comment, shot.subarray(2)]));
  }
}

async function main() {
  ensureBuild();
  const dataDir = path.join(RUN, 'data');
  log(`Writing ${PHOTOS} photos…`);
  await writePhotos(path.join(dataDir, 'storage', 'photos'));
  const { url } = await startApp({ dataDir, admin: ADMIN, children });
  const token = (await api(url, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const config = (await api(url, 'GET', '/s3-configs', { token })).data[0];
  await api(url, 'POST', '/admin/mounts', {
    token,
    body: { name: 'Photos', mount_path: '/bench', storage_config_id: config.id, cache_ttl: 0 },
  });
  let page;
  ({ browser, page } = await signedInPage(url, ADMIN));
  await page.setViewportSize({ width: 1280, height: 800 });
  // The grid view, chosen as a user does (the choice is kept in a cookie).
  await page.goto(`${url}/mount-explorer/bench/photos`);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await page.getByRole('button', { name: 'Grid', exact: true, pressed: true }).waitFor();

  /** Navigation until every image on the first screen has loaded; answers ms, the count and the bytes. */
  const firstScreen = async () => {
    await page.goto(`${url}/mount-explorer/bench/photos`, { waitUntil: 'commit' });
    return page.evaluate(async () => {
      const onScreen = () =>
        [...document.querySelectorAll('main img')].filter((img) => img.getBoundingClientRect().top < innerHeight);
      for (;;) {
        const imgs = onScreen();
        if (imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0)) {
          const srcs = new Set(imgs.map((img) => img.currentSrc));
          const bytes = performance
            .getEntriesByType('resource')
            .filter((r) => srcs.has(r.name))
            .reduce((sum, r) => sum + r.encodedBodySize, 0);
          return { ms: performance.now(), count: imgs.length, bytes, paths: imgs.map((img) => img.src) };
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  };

  const cold = await firstScreen();
  const warm = [];
  for (let i = 0; i < 3; i++) warm.push(await firstScreen());
  const best = warm.reduce((a, b) => (a.ms < b.ms ? a : b));

  // The baseline: the same pictures whole (the download links the grid used), loaded by the page.
  const whole = best.paths.map((src) => src.replace('/api/fs/thumbnail?', '/api/fs/download?'));
  const baseline = await page.evaluate(async (srcs) => {
    const start = performance.now();
    await Promise.all(
      srcs.map(
        (src) =>
          new Promise((resolve, reject) => {
            const img = new Image();
            img.onload = resolve;
            img.onerror = reject;
            img.src = `${src}&fresh=${Date.now()}`;
          }),
      ),
    );
    const ms = performance.now() - start;
    const bytes = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.includes('&fresh='))
      .reduce((sum, r) => sum + r.encodedBodySize, 0);
    return { ms, bytes };
  }, whole);

  const kb = (bytes) => `${Math.round(bytes / 1024)} KiB`;
  log(`\n${PHOTOS} photos, grid at 1280×800: ${best.count} pictures on the first screen`);
  log(`  cold (thumbnails made now):   ${Math.round(cold.ms)} ms from navigation, ${kb(cold.bytes)}`);
  log(
    `  warm (best of 3):             ${Math.round(best.ms)} ms from navigation, ${kb(best.bytes)}  (target ≤ 1000 ms)`,
  );
  log(`  baseline: the photos whole:   ${Math.round(baseline.ms)} ms for the pictures alone, ${kb(baseline.bytes)}`);
  log(`  bytes: thumbnails are ${(best.bytes / baseline.bytes).toFixed(3)} × the photos'`);
}

runBench(main, async () => {
  await browser?.close();
  await stopChildren(children);
  fs.rmSync(RUN, { recursive: true, force: true });
});
