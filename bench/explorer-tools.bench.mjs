// Explorer tools benchmark (issue 12), every figure against a baseline measured in the same run:
//  - search over 100,000 indexed entries: p50/p95/p99 of /api/fs/search for 2-, 3- and 8-character
//    queries, against a cached /api/fs/list of a small folder (the same HTTP, auth and envelope);
//  - the basket zip of 1 GiB in 1,000 files from S3 against the same files fetched one after the
//    other by presigned GETs (≥ 0.8), with the app's RSS growth (< 64 MiB);
//  - a cross-storage copy task of 1 GiB (one bucket's config to another's) against
//    @aws-sdk/lib-storage streaming the same object between the buckets (≥ 0.7).
// Storage is the real S3 server of scripts/swift-s3.sh (OpenStack Swift); the search entries are
// files on the embedded local storage, indexed by the app's own rescan.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { generatedStream, MiB, runBench, timedDownload, watchRss } from './lib/measure.mjs';
import {
  ensureBuild,
  ROOT,
  startApp,
  stopChildren,
  swiftBucket,
  swiftConfigBody,
  swiftServer,
} from './lib/servers.mjs';

const ENTRIES = Number(process.env.BENCH_SEARCH_ENTRIES ?? 100_000);
const ZIP_FILES = Number(process.env.BENCH_ZIP_FILES ?? 1000);
const ZIP_FILE_BYTES = Number(process.env.BENCH_ZIP_FILE_BYTES ?? MiB);
const COPY_BYTES = Number(process.env.BENCH_COPY_BYTES ?? 1024 ** 3);
const QUERIES = Number(process.env.BENCH_SEARCH_QUERIES ?? 200);
const RUN = path.join(ROOT, '.tmp', `bench-explorer-tools-${Date.now()}`);
const S3_PORT = 18591;
const swift = swiftServer({ dir: path.join(RUN, 'swift'), port: S3_PORT, basePort: 16630 });
const ADMIN = { username: 'admin', password: 'bench-password' };
const WORDS = ['holiday', 'invoice', 'vacation', 'report', 'cat', 'dog', 'budget', 'photo', 'draft', 'scan'];
const CJK = ['报告', '照片', '合同', '发票', '会议'];
const children = [];

const log = (...args) => console.log(...args);
const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;
const ms = (s) => `${(s * 1000).toFixed(1)} ms`;

async function pool(items, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

/** p50, p95 and p99 of `runs` timings of `work`. */
async function percentiles(runs, work) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await work(i);
    times.push(seconds(started));
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(runs - 1, Math.floor(runs * q))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

async function main() {
  fs.mkdirSync(RUN, { recursive: true });
  ensureBuild();
  const dataDir = path.join(RUN, 'data');
  // The search entries: files written straight onto the embedded local storage, 1,000 per folder.
  log(`Writing ${ENTRIES} files for the search index…`);
  const storage = path.join(dataDir, 'storage', 'corpus');
  for (let i = 0; i < ENTRIES; i++) {
    const folder = path.join(storage, `folder-${String(Math.floor(i / 1000)).padStart(3, '0')}`);
    if (i % 1000 === 0) fs.mkdirSync(folder, { recursive: true });
    const word = i % 7 === 0 ? CJK[i % CJK.length] : WORDS[i % WORDS.length];
    fs.writeFileSync(path.join(folder, `${word}-${i}.txt`), '');
  }
  log('Starting Swift and the app…');
  swift('start');
  const { child: app, url } = await startApp({ dataDir, admin: ADMIN, children });
  const source = await swiftBucket(S3_PORT, 'bench-src');
  const target = await swiftBucket(S3_PORT, 'bench-dst');
  const s3 = source.s3;

  const api = async (method, p, body) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.token ?? ''}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok || json.success === false) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
    return json.data;
  };
  api.token = (await api('POST', '/admin/login', ADMIN)).token;
  const s3Config = (name, bucket) => api('POST', '/s3-configs', swiftConfigBody(S3_PORT, bucket, { name }));
  const local = (await api('GET', '/s3-configs'))[0];
  const src = await s3Config('source', source.bucket);
  const dst = await s3Config('target', target.bucket);
  const disk = await api('POST', '/admin/mounts', { name: 'disk', mount_path: '/disk', storage_config_id: local.id });
  await api('POST', '/admin/mounts', { name: 'src', mount_path: '/src', storage_config_id: src.id });
  await api('POST', '/admin/mounts', { name: 'dst', mount_path: '/dst', storage_config_id: dst.id });

  // 1. Search: index the corpus with the app's rescan, then time queries.
  let started = process.hrtime.bigint();
  await api('POST', `/admin/fs-index/${disk.id}`, { mode: 'rebuild' });
  for (;;) {
    const status = (await api('GET', '/admin/fs-index'))[disk.id];
    if (status?.status === 'completed') break;
    if (status?.status === 'failed') throw new Error(`rescan failed: ${status.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const rescan = seconds(started);
  const indexed = (await api('GET', '/admin/fs-index'))[disk.id].entries;
  log(`Indexed ${indexed} entries in ${rescan.toFixed(1)} s.`);
  await api('GET', '/fs/list?path=/disk/corpus/folder-000');
  const baseline = await percentiles(QUERIES, () => api('GET', '/fs/list?path=/disk/corpus'));
  const searches = {};
  for (const [label, queries] of [
    ['2 characters', ['报告', '照片', 'ca', 'do', 'sc']],
    ['3 characters', ['cat', 'dog', 'vac', 'inv', 'bud']],
    ['8 characters', ['vacation', 'holiday-', 'invoice-', 'budget-9', 'report-1']],
  ]) {
    let hits = 0;
    searches[label] = await percentiles(QUERIES, async (i) => {
      hits = (await api('GET', `/fs/search?q=${encodeURIComponent(queries[i % queries.length])}`)).total;
    });
    searches[label].hits = hits;
  }

  // 2. The basket zip against the same files fetched one by one.
  log(`Uploading ${ZIP_FILES} files of ${(ZIP_FILE_BYTES / MiB).toFixed(1)} MiB to S3…`);
  const piece = Buffer.alloc(ZIP_FILE_BYTES);
  for (let i = 0; i < piece.length; i++) piece[i] = (i * 13 + 5) & 0xff;
  const keys = Array.from({ length: ZIP_FILES }, (_, i) => `basket/file-${String(i).padStart(4, '0')}.bin`);
  await pool(keys, 16, (Key) => s3.send(new PutObjectCommand({ Bucket: source.bucket, Key, Body: piece })));
  const urls = await Promise.all(
    keys.map((Key) => getSignedUrl(s3, new GetObjectCommand({ Bucket: source.bucket, Key }), { expiresIn: 3600 })),
  );
  const directAll = async () => {
    const begun = process.hrtime.bigint();
    let bytes = 0;
    for (const u of urls) bytes += (await timedDownload(u)).bytes;
    return { seconds: seconds(begun), bytes };
  };
  const zipOnce = () =>
    timedDownload(`${url}/api/fs/archive`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.token}` },
      body: JSON.stringify({ paths: ['/src/basket/'] }),
    });
  let direct = null;
  let zip = null;
  for (let round = 1; round <= 2; round++) {
    log(`Round ${round}: ${ZIP_FILES} direct GETs, then the zip…`);
    const d = await directAll();
    if (!direct || d.seconds < direct.seconds) direct = d;
    const z = await watchRss(app.pid, zipOnce);
    if (!zip || z.result.seconds < zip.result.seconds) zip = { ...z, growth: Math.max(z.growth, zip?.growth ?? 0) };
  }
  const zipRatio = direct.seconds / zip.result.seconds;

  // 3. Cross-storage copy: lib-storage between the buckets, then the app's copy task.
  log(`Uploading ${(COPY_BYTES / MiB).toFixed(0)} MiB for the copy…`);
  const hash = createHash('md5');
  await new Upload({
    client: s3,
    params: { Bucket: source.bucket, Key: 'copy/huge.bin', Body: Readable.fromWeb(generatedStream(COPY_BYTES, hash)) },
    partSize: 64 * MiB,
    queueSize: 2,
  }).done();
  const sdkCopy = async (Key) => {
    const begun = process.hrtime.bigint();
    const got = await s3.send(new GetObjectCommand({ Bucket: source.bucket, Key: 'copy/huge.bin' }));
    await new Upload({ client: target.s3, params: { Bucket: target.bucket, Key, Body: got.Body } }).done();
    return seconds(begun);
  };
  const appCopy = async (name) => {
    const begun = process.hrtime.bigint();
    const { taskId } = await api('POST', '/fs/copy', {
      items: [{ sourcePath: '/src/copy/huge.bin', targetPath: `/dst/${name}` }],
    });
    for (;;) {
      const task = await api('GET', `/fs/tasks/${taskId}`);
      if (task.status === 'completed') break;
      if (!['pending', 'running'].includes(task.status)) throw new Error(`copy task ${task.status}: ${task.error}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return seconds(begun);
  };
  let sdk = Infinity;
  let task = Infinity;
  for (let round = 1; round <= 2; round++) {
    log(`Round ${round}: lib-storage copy, then the app's copy task…`);
    sdk = Math.min(sdk, await sdkCopy(`sdk-${round}.bin`));
    task = Math.min(task, await appCopy(`app-${round}.bin`));
  }
  const copied = await target.s3.send(new GetObjectCommand({ Bucket: target.bucket, Key: 'app-1.bin' }));
  const check = createHash('md5');
  for await (const chunk of copied.Body) check.update(chunk);
  if (check.digest('hex') !== hash.digest('hex')) throw new Error('the copied object differs');

  const mibps = (bytes, s) => `${(bytes / MiB / s).toFixed(1)} MiB/s`;
  const rows = [
    ['scenario', 'figure', 'vs baseline', 'target'],
    ['cached /api/fs/list (baseline)', `p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}`, 'baseline', ''],
    [`rescan of ${indexed} entries`, `${rescan.toFixed(1)} s`, '', ''],
    ...Object.entries(searches).map(([label, p]) => [
      `search, ${label} (${p.hits} hits)`,
      `p50 ${ms(p.p50)}, p95 ${ms(p.p95)}, p99 ${ms(p.p99)}`,
      `p95 ${(p.p95 / baseline.p95).toFixed(2)} ×`,
      'p50 ≤ 50 ms, p99 ≤ 100 ms',
    ]),
    [`${ZIP_FILES} direct GETs`, mibps(direct.bytes, direct.seconds), 'baseline', ''],
    [
      'basket zip of the same files',
      mibps(zip.result.bytes, zip.result.seconds),
      `${zipRatio.toFixed(2)} ×, RSS +${(zip.growth / MiB).toFixed(1)} MiB`,
      '≥ 0.8 ×, < 64 MiB',
    ],
    ['lib-storage copy between buckets', mibps(COPY_BYTES, sdk), 'baseline', ''],
    ['copy task across storages', mibps(COPY_BYTES, task), `${(sdk / task).toFixed(2)} ×`, '≥ 0.7 ×'],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd(i === 0 ? 36 : i === 1 ? 44 : 30)).join(''));
}

async function cleanup() {
  await stopChildren(children);
  swift('stop');
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
