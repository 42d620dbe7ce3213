// Page weight and a first visit on a slow phone link (issue 15 items 2 and 3; run by `npm run bench`).
// Speed is measured, not asserted: the figures print, with the baseline measured in the same run.
//
// What runs: the app's production build on a fresh data folder with one ~2 KB Markdown paste, and
// Debian's Chromium (as the browser tests use it) with a cold cache for every visit. The link is
// emulated through the DevTools protocol like Lighthouse's mobile profile: 150 ms round trip,
// 1.6 Mbit/s down, 750 kbit/s up, and the CPU slowed 4×.
//
// Two sides, alternating visit by visit (3 each, medians printed):
//   - "compressed": the browser as it is (Accept-Encoding: gzip, deflate, br, zstd);
//   - "baseline": the same visits with Accept-Encoding: identity, i.e. nothing compressed, which is
//     what every visit got before the assets were precompressed (docs/architecture.md §13).
// Printed per side: bytes over the wire (all, and JavaScript alone), bytes of JavaScript once
// decoded (what the phone parses), DOMContentLoaded, load, and hydration (React took the page over).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium } from '@playwright/test';
import { ensureBuild, startApp, stopChildren } from './lib/servers.mjs';
import { runBench } from './lib/measure.mjs';

const VISITS = 3;
const LINK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0 };
const CPU_SLOWDOWN = 4;
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };

const children = [];
let browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-page-weight-'));

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  throw new Error('Chromium not found: install the chromium package or set CHROMIUM_PATH');
}

async function makePaste(url) {
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()).data;
  let content = '# Release notes\n\nWhat changed in this release, and why.\n\n';
  for (let i = 1; i <= 24; i++)
    content += `- item ${i}: a line of **Markdown** with \`code\` and a [link](https://example.com)\n`;
  content += '\n```js\nconst answer = await fetch("/api/paste");\nconsole.log(await answer.json());\n```\n';
  const created = await fetch(`${url}/api/paste`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content }),
  });
  return (await created.json()).slug;
}

/** One cold visit: a new context (empty cache), the link and CPU emulated, everything counted. */
async function visit(url, acceptEncoding) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    extraHTTPHeaders: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const types = new Map();
  const encodings = new Set();
  let wire = 0;
  let jsWire = 0;
  let jsDecoded = 0;
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    types.set(requestId, type);
    const encoding = response.headers['content-encoding'] ?? response.headers['Content-Encoding'];
    if (encoding) encodings.add(encoding);
  });
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
    if (types.get(requestId) === 'Script') jsDecoded += dataLength;
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    wire += encodedDataLength;
    if (types.get(requestId) === 'Script') jsWire += encodedDataLength;
  });
  const started = performance.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('__reactContainer')));
  const hydrated = performance.now() - started;
  const timing = await page.evaluate(() => {
    const [nav] = performance.getEntriesByType('navigation');
    return { dcl: nav.domContentLoadedEventEnd, load: nav.loadEventEnd };
  });
  // Let late responses (preloads) finish counting.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { wire, jsWire, jsDecoded, ...timing, hydrated, encodings: [...encodings].join(',') || 'none' };
}

const median = (values) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const ms = (n) => `${Math.round(n)} ms`;

async function main() {
  ensureBuild();
  const app = await startApp({ dataDir, admin: ADMIN, children });
  const slug = await makePaste(app.url);
  browser = await chromium.launch({ executablePath: chromiumPath() });
  const url = `${app.url}/paste/${slug}`;
  console.log(`paste page ${url}, ${VISITS} cold visits per side, alternating; link and CPU as a slow phone`);
  const sides = { compressed: [], baseline: [] };
  await visit(url); // warms the server (first render, caches), counted nowhere
  for (let i = 0; i < VISITS; i++) {
    sides.compressed.push(await visit(url));
    sides.baseline.push(await visit(url, 'identity'));
  }
  const rows = Object.entries(sides).map(([side, visits]) => {
    const m = (key) => median(visits.map((v) => v[key]));
    return {
      side,
      wire: m('wire'),
      jsWire: m('jsWire'),
      jsDecoded: m('jsDecoded'),
      dcl: m('dcl'),
      load: m('load'),
      hydrated: m('hydrated'),
      encodings: visits[0].encodings,
    };
  });
  console.table(
    rows.map((r) => ({
      side: r.side,
      'over the wire': kib(r.wire),
      'JS over the wire': kib(r.jsWire),
      'JS decoded': kib(r.jsDecoded),
      DOMContentLoaded: ms(r.dcl),
      load: ms(r.load),
      hydrated: ms(r.hydrated),
      encodings: r.encodings,
    })),
  );
  const [compressed, baseline] = rows;
  console.log(
    `compressed / baseline: bytes ${(compressed.wire / baseline.wire).toFixed(2)}, ` +
      `load ${(compressed.load / baseline.load).toFixed(2)}, hydrated ${(compressed.hydrated / baseline.hydrated).toFixed(2)}`,
  );
}

runBench(main, async () => {
  await browser?.close();
  await stopChildren(children);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
