// Mount explorer benchmark (issue 11), every figure against a baseline measured in the same run:
//  - listing a folder of 10,000 objects on S3 through /api/fs/list, cold (cache cleared) and cached,
//    against a plain paginated ListObjectsV2 loop from Node;
//  - a 1 GiB /api/fs/download against the direct presigned GET of the same object (≥ 0.8), with
//    the app's RSS growth (< 64 MiB);
//  - the explorer page of a 1,000-entry folder in Chromium (time until it is interactive, DOM
//    size) against the page of a 10-entry folder.
// Storage is the real S3 server of scripts/swift-s3.sh (OpenStack Swift), as in files.bench.mjs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { signedInPage } from './lib/browser.mjs';
import { bestDownloads, generatedStream, MiB, runBench } from './lib/measure.mjs';
import {
  ensureBuild,
  ROOT,
  startApp,
  stopChildren,
  swiftBucket,
  swiftConfigBody,
  swiftServer,
} from './lib/servers.mjs';

const OBJECTS = Number(process.env.BENCH_LIST_OBJECTS ?? 10_000);
const SIZE = Number(process.env.BENCH_FILE_BYTES ?? 1024 ** 3);
const PAGE_ENTRIES = 1000;
const RUN = path.join(ROOT, '.tmp', `bench-explorer-${Date.now()}`);
const S3_PORT = 18491;
const swift = swiftServer({ dir: path.join(RUN, 'swift'), port: S3_PORT, basePort: 16530 });
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let browser;

const log = (...args) => console.log(...args);
const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;

/** Runs `work` over `items` with `concurrency` at a time. */
async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** The best (shortest) of `rounds` timings of `work`; its last result too. */
async function best(rounds, work, before) {
  let fastest = Infinity;
  let result;
  for (let i = 0; i < rounds; i++) {
    await before?.();
    const started = process.hrtime.bigint();
    result = await work();
    fastest = Math.min(fastest, seconds(started));
  }
  return { seconds: fastest, result };
}

async function main() {
  fs.mkdirSync(RUN, { recursive: true });
  ensureBuild();
  log(`Starting Swift and the app; ${OBJECTS} objects to list, ${(SIZE / MiB).toFixed(0)} MiB to download…`);
  swift('start');
  const { child: app, url } = await startApp({ dataDir: path.join(RUN, 'data'), admin: ADMIN, children });
  const { s3, bucket } = await swiftBucket(S3_PORT, 'bench');
  const put = (Key, Body) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
  log('Filling the bucket…');
  const names = (prefix, count) =>
    Array.from({ length: count }, (_, i) => `${prefix}/file-${String(i).padStart(5, '0')}.txt`);
  await pool([...names('big', OBJECTS), ...names('page', PAGE_ENTRIES), ...names('small', 10)], 32, (key) =>
    put(key, key),
  );
  const hash = createHash('md5');
  // In parts: Swift refuses a streamed single PUT (aws-chunked).
  await new Upload({
    client: s3,
    params: { Bucket: bucket, Key: 'huge.bin', Body: Readable.fromWeb(generatedStream(SIZE, hash)) },
    partSize: 64 * MiB,
    queueSize: 2,
  }).done();
  const expected = hash.digest('hex');

  const api = async (method, p, body) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(api.token ? { Authorization: `Bearer ${api.token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok || json.success === false) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
    return json.data;
  };
  api.token = (await api('POST', '/admin/login', ADMIN)).token;
  const config = await api('POST', '/s3-configs', swiftConfigBody(S3_PORT, bucket));
  await api('POST', '/admin/mounts', { name: 'Bench', mount_path: '/bench', storage_config_id: config.id });

  // Listing: the plain SDK loop, then the app cold (its cache cleared first) and cached.
  const sdkList = async () => {
    let count = 0;
    let token;
    do {
      const page = await s3.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: 'big/', Delimiter: '/', ContinuationToken: token }),
      );
      count += page.KeyCount ?? 0;
      token = page.NextContinuationToken;
    } while (token);
    return count;
  };
  const appList = async () => (await api('GET', '/fs/list?path=/bench/big')).items.length;
  const clear = () => api('POST', '/admin/cache/clear', {});
  await sdkList();
  await appList(); // warm-up: code paths and connections
  const sdk = await best(3, sdkList);
  const cold = await best(3, appList, clear);
  const cached = await best(5, appList);
  if (sdk.result !== OBJECTS || cold.result !== OBJECTS || cached.result !== OBJECTS)
    throw new Error(`listed ${sdk.result} / ${cold.result} / ${cached.result} of ${OBJECTS}`);

  // The big download, both ways.
  const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'huge.bin' }), {
    expiresIn: 3600,
  });
  const through = `${url}/api/fs/download?path=/bench/huge.bin`;
  const auth = { headers: { Authorization: `Bearer ${api.token}` } };
  const { direct, proxied } = await bestDownloads({
    direct: { url: presigned },
    viaApp: { url: through, init: auth },
    appPid: app.pid,
    log,
  });
  if (direct.md5 !== expected || proxied.result.md5 !== expected) throw new Error('downloaded bytes differ');

  // The page: time until the listing is interactive (rows become draggable once hydrated) and DOM size.
  let page;
  ({ browser, page } = await signedInPage(url, ADMIN));
  const openPage = async (folder) => {
    await page.goto(`${url}/mount-explorer/bench/${folder}`);
    await page.waitForSelector('tr[draggable="true"]');
    return page.evaluate(() => ({
      interactive: performance.now(),
      nodes: document.getElementsByTagName('*').length,
    }));
  };
  await openPage('small'); // warm-up
  const pageOf = async (folder) => {
    let fastest = null;
    for (let i = 0; i < 3; i++) {
      const run = await openPage(folder);
      if (!fastest || run.interactive < fastest.interactive) fastest = run;
    }
    return fastest;
  };
  const small = await pageOf('small');
  const large = await pageOf('page');

  const ms = (s) => `${(s * 1000).toFixed(0)} ms`;
  const ratio = proxied.result.mibps / direct.mibps;
  const rows = [
    ['scenario', 'figure', 'vs baseline', 'target'],
    [`ListObjectsV2 loop (${OBJECTS})`, ms(sdk.seconds), 'baseline', ''],
    ['/api/fs/list cold', ms(cold.seconds), `${(cold.seconds / sdk.seconds).toFixed(2)} ×`, 'close to 1'],
    ['/api/fs/list cached', ms(cached.seconds), `${(cached.seconds / sdk.seconds).toFixed(2)} ×`, '≪ 1'],
    [`${(SIZE / MiB).toFixed(0)} MiB presigned GET`, `${direct.mibps.toFixed(1)} MiB/s`, 'baseline', ''],
    [
      `${(SIZE / MiB).toFixed(0)} MiB /api/fs/download`,
      `${proxied.result.mibps.toFixed(1)} MiB/s`,
      `${ratio.toFixed(2)} ×, RSS +${(proxied.growth / MiB).toFixed(1)} MiB`,
      '≥ 0.8 ×, < 64 MiB',
    ],
    ['explorer page, 10 entries', `${small.interactive.toFixed(0)} ms, ${small.nodes} nodes`, 'baseline', ''],
    [
      `explorer page, ${PAGE_ENTRIES} entries`,
      `${large.interactive.toFixed(0)} ms, ${large.nodes} nodes`,
      `${(large.interactive / small.interactive).toFixed(2)} ×`,
      'interactive < 1 s',
    ],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd(i === 0 ? 32 : 26)).join(''));
}

async function cleanup() {
  await browser?.close().catch(() => undefined);
  await stopChildren(children);
  swift('stop');
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
