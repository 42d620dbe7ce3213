// Big folders in the explorer (issue 46): in Chromium, the time from navigation to a ticked row
// (the page loaded, hydrated, a box clicked and counted) and the page's DOM size, for folders of
// 1,000 and 10,000 files against the same for 10 files, measured in the same run (best of 3
// each). Local disk: the files are written straight into the storage folder, so what is
// measured is the listing and the page, not the uploads.
import fs from 'node:fs';
import path from 'node:path';
import { signedInPage } from './lib/browser.mjs';
import { runBench } from './lib/measure.mjs';
import { api, ensureBuild, ROOT, startApp, stopChildren } from './lib/servers.mjs';

const SIZES = [10, 1_000, 10_000];
const TARGETS = { 1000: '≤ 1.3 ×', 10000: '≤ 1.5 ×, < 3,000 nodes' };
const RUN = path.join(ROOT, '.tmp', `bench-big-folder-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let browser;

async function main() {
  ensureBuild();
  const dataDir = path.join(RUN, 'data');
  for (const size of SIZES) {
    const folder = path.join(dataDir, 'storage', `f${size}`);
    fs.mkdirSync(folder, { recursive: true });
    for (let i = 0; i < size; i++) fs.writeFileSync(path.join(folder, `file-${String(i).padStart(5, '0')}.txt`), 'x');
  }
  const { url } = await startApp({ dataDir, admin: ADMIN, children });
  const token = (await api(url, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const config = (await api(url, 'GET', '/s3-configs', { token })).data[0];
  await api(url, 'POST', '/admin/mounts', {
    token,
    body: { name: 'Bench', mount_path: '/bench', storage_config_id: config.id },
  });

  let page;
  ({ browser, page } = await signedInPage(url, ADMIN));

  /** Navigation to a ticked first row: performance.now() counts from the navigation's start. */
  const tickedRow = async (size) => {
    await page.goto(`${url}/mount-explorer/bench/f${size}`, { waitUntil: 'commit' });
    await page.waitForSelector('tr[draggable="true"]');
    await page.locator('tbody input[type="checkbox"]').first().click();
    await page.getByText('1 selected').waitFor();
    return page.evaluate(() => ({ ms: performance.now(), nodes: document.getElementsByTagName('*').length }));
  };
  await tickedRow(10); // warm-up: code paths, caches
  const results = {};
  for (const size of SIZES) {
    for (let round = 0; round < 3; round++) {
      const run = await tickedRow(size);
      if (!results[size] || run.ms < results[size].ms) results[size] = run;
    }
  }

  const base = results[SIZES[0]];
  console.log('');
  console.log(
    ['folder', 'navigation → ticked row', 'vs 10 files', 'DOM nodes', 'target'].map((c) => c.padEnd(24)).join(''),
  );
  for (const size of SIZES) {
    const { ms, nodes } = results[size];
    const ratio = size === SIZES[0] ? 'baseline' : `${(ms / base.ms).toFixed(2)} ×`;
    console.log(
      [`${size.toLocaleString('en')} files`, `${ms.toFixed(0)} ms`, ratio, String(nodes), TARGETS[size] ?? '']
        .map((c) => c.padEnd(24))
        .join(''),
    );
  }
}

async function cleanup() {
  await browser?.close().catch(() => undefined);
  await stopChildren(children);
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
