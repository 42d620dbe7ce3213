// Browser upload benchmark (issue 6): a 1 GiB file uploaded from headless Chromium through the
// /upload page (presigned multipart straight to storage: 5 MiB parts, 3 in flight), against the same
// file uploaded with the AWS SDK from Node (@aws-sdk/lib-storage Upload, 5 MiB parts, queueSize 3)
// to the same bucket, in the same run. Target: browser ≥ 0.7 × SDK, with browser memory bounded
// (the file must never be held in memory: peak growth of the browser's processes < 256 MiB).
//
// Storage is the real S3 server of scripts/swift-s3.sh (OpenStack Swift) on private ports. The two
// ways alternate (SDK, browser, SDK, browser, …) so that both see the same machine load; each way's
// best round counts. Both uploads are checked against the multipart ETag computed from the file.
//
// Env: BENCH_UPLOAD_BYTES (file size, default 1 GiB, > 5 MiB), BENCH_ROUNDS (default 3),
//      BENCH_BUILD_DIR (the production build, default build/; a folder named `build` whose parent
//      holds node_modules, since build/server.js serves <its folder>/../build), CHROMIUM_PATH,
//      BENCH_CPU_PROFILE (a path: the page's JS CPU profile of the last browser round, .cpuprofile).
import { spawnSync } from 'node:child_process';
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AbortMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { chromium } from '@playwright/test';
import Database from 'better-sqlite3';
import { ROOT, rss, startApp, stopChildren, swiftBucket, swiftServer } from './lib/servers.mjs';
import { runBench } from './lib/measure.mjs';
import { descendants, procStat } from './lib/proc.mjs';

const MiB = 1024 * 1024;
const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 1024 * MiB);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BUILD = path.resolve(ROOT, process.env.BENCH_BUILD_DIR ?? 'build');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The browser uploader's plan (app/lib/upload/limits.ts, part-size.ts): 5 MiB parts, 3 in flight. */
const PART_SIZE = 5 * MiB;
const QUEUE_SIZE = 3;
const RATIO_TARGET = 0.7;
const MEMORY_LIMIT = 256 * MiB;
const RUN = path.join(ROOT, '.tmp', `bench-browser-upload-${Date.now()}`);
const S3_PORT = 18681;
const S3_BASE = 16710;
const S3_ENDPOINT = `http://127.0.0.1:${S3_PORT}`;
const swift = swiftServer({ dir: path.join(RUN, 'swift'), port: S3_PORT, basePort: S3_BASE });
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let browser = null;
let swiftStarted = false;
/** What cleanup() has to remove from the bucket, whatever happened. */
const state = { s3: null, bucket: null, url: null, token: null, fileIds: new Set() };

const log = (...args) => console.log(...args);
const fmt = (bytes) => `${(bytes / MiB).toFixed(1)} MiB`;
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;
/** The machine's 1-minute load average against its cores: rounds under other load are noisy. */
const load = () => `load ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`;

if (!(SIZE > PART_SIZE)) throw new Error(`BENCH_UPLOAD_BYTES must be larger than one part (${PART_SIZE})`);

function checkBuild() {
  if (!fs.existsSync(path.join(BUILD, 'server.js'))) {
    if (process.env.BENCH_BUILD_DIR) throw new Error(`no server.js in BENCH_BUILD_DIR ${BUILD}`);
    const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build failed');
  }
  // build/server.js serves the client and imports the app from <its folder>/../build.
  if (path.basename(BUILD) !== 'build') throw new Error(`BENCH_BUILD_DIR must be a folder named build: ${BUILD}`);
  if (!fs.existsSync(path.join(BUILD, '..', 'node_modules')))
    throw new Error(`${path.dirname(BUILD)} has no node_modules (symlink the project's) for ${BUILD}/server.js`);
}

/**
 * The test file, written 1 MiB at a time (random bytes, never whole in memory), with the ETag S3
 * gives a multipart upload of it in 5 MiB parts: md5 of the parts' md5s, "-<part count>".
 */
function writeTestFile(file) {
  const fd = fs.openSync(file, 'w');
  const buf = Buffer.alloc(MiB);
  const partMd5s = [];
  let part = createHash('md5');
  let inPart = 0;
  for (let written = 0; written < SIZE;) {
    const piece = buf.subarray(0, Math.min(MiB, SIZE - written));
    randomFillSync(piece);
    fs.writeSync(fd, piece);
    written += piece.length;
    for (let off = 0; off < piece.length;) {
      const take = Math.min(piece.length - off, PART_SIZE - inPart);
      part.update(piece.subarray(off, off + take));
      off += take;
      inPart += take;
      if (inPart === PART_SIZE || written === SIZE) {
        partMd5s.push(part.digest());
        part = createHash('md5');
        inPart = 0;
      }
    }
  }
  fs.closeSync(fd);
  const etag = `${createHash('md5').update(Buffer.concat(partMd5s)).digest('hex')}-${partMd5s.length}`;
  return { etag, parts: partMd5s.length };
}

// ---- /proc: memory and CPU of process trees ----

/** The Chromium processes Playwright started (children of this process, whatever their type). */
function chromiumPids() {
  return descendants(process.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium');
    } catch {
      return false;
    }
  });
}

function processType(pid) {
  try {
    // Chromium's children rewrite their title: one string, arguments joined by spaces.
    const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser';
    const sub = cmd.find((a) => a.startsWith('--utility-sub-type='))?.slice(19);
    return sub ? `${type}:${sub.replace(/\.mojom\..*/, '')}` : type;
  } catch {
    return '?';
  }
}

function swiftPids() {
  const dir = path.join(RUN, 'swift/run');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.pid'))
    .map((f) => Number(fs.readFileSync(path.join(dir, f), 'utf8')));
}

/** CPU seconds used so far by each PID in `pids` (missing processes count 0). */
function cpuOf(pids) {
  return new Map(pids.map((pid) => [pid, procStat(pid)?.cpu ?? 0]));
}

function cpuSince(before, pids) {
  let total = 0;
  for (const pid of pids) total += (procStat(pid)?.cpu ?? 0) - (before.get(pid) ?? 0);
  return total;
}

/** CPU seconds since `before` of the Chromium processes, by process type (renderer, network, …). */
function chromiumCpuByType(before) {
  const byType = {};
  for (const pid of chromiumPids()) {
    const type = processType(pid).replace(/^utility:network\.?.*/, 'network');
    byType[type] = (byType[type] ?? 0) + (procStat(pid)?.cpu ?? 0) - (before.get(pid) ?? 0);
  }
  return Object.entries(byType)
    .filter(([, cpu]) => cpu >= 0.05)
    .sort((a, b) => b[1] - a[1])
    .map(([type, cpu]) => `${type} ${cpu.toFixed(1)}`)
    .join(', ');
}

/**
 * Samples the summed RSS of the Chromium processes (and the renderer's JS heap over CDP) every
 * 100 ms while `work` runs. Growth is against the sample taken just before the work starts.
 */
async function watchBrowser(cdp, work) {
  const heap = async () => (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const pidsBefore = chromiumPids();
  const rssBefore = new Map(pidsBefore.map((pid) => [pid, rss(pid)]));
  const sumBefore = [...rssBefore.values()].reduce((a, b) => a + b, 0);
  const heapBefore = await heap();
  let peakSum = sumBefore;
  let peakHeap = heapBefore;
  const peakPer = new Map();
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      let sum = 0;
      for (const pid of chromiumPids()) {
        const r = rss(pid);
        sum += r;
        peakPer.set(pid, Math.max(peakPer.get(pid) ?? 0, r));
      }
      peakSum = Math.max(peakSum, sum);
      peakHeap = Math.max(peakHeap, await heap().catch(() => 0));
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    await sample();
    // The process that grew most, and by how much (shared pages make the sum an upper bound).
    let worst = { pid: 0, growth: 0 };
    for (const [pid, peak] of peakPer) {
      const growth = peak - (rssBefore.get(pid) ?? 0);
      if (growth > worst.growth) worst = { pid, growth };
    }
    return {
      result,
      rssBefore: sumBefore,
      rssGrowth: peakSum - sumBefore,
      heapBefore,
      heapGrowth: peakHeap - heapBefore,
      heapPeak: peakHeap,
      worst: { ...worst, type: processType(worst.pid) },
    };
  } finally {
    clearInterval(timer);
  }
}

// ---- the two uploads ----

/** Start and end (ms) of every command the S3 client sends, by command name, while `record` is set. */
const sdkCalls = { record: null };
function traceCommands(s3) {
  s3.middlewareStack.add(
    (next, context) => async (args) => {
      const start = performance.now();
      const out = await next(args);
      sdkCalls.record?.push({ name: context.commandName, start, end: performance.now() });
      return out;
    },
    { step: 'initialize', name: 'benchTiming' },
  );
}

async function sdkUpload(s3, bucket, file, key) {
  const calls = (sdkCalls.record = []);
  const swiftBefore = cpuOf(swiftPids());
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  const upload = new Upload({
    client: s3,
    params: { Bucket: bucket, Key: key, Body: fs.createReadStream(file, { highWaterMark: MiB }) },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
    leavePartsOnError: false,
  });
  const startedAt = performance.now();
  await upload.done();
  const secs = seconds(started);
  const cpu = process.cpuUsage(cpuBefore);
  sdkCalls.record = null;
  const parts = calls.filter((c) => c.name === 'UploadPartCommand');
  const firstPart = Math.min(...parts.map((c) => c.start));
  const lastPart = Math.max(...parts.map((c) => c.end));
  const durations = parts.map((c) => c.end - c.start).sort((a, b) => a - b);
  return {
    seconds: secs,
    beforeParts: (firstPart - startedAt) / 1000,
    partsPhase: (lastPart - firstPart) / 1000,
    afterParts: secs - (lastPart - startedAt) / 1000,
    partMedian: durations[Math.floor(durations.length / 2)] / 1000,
    partP95: durations[Math.floor(durations.length * 0.95)] / 1000,
    createCall:
      calls.filter((c) => c.name === 'CreateMultipartUploadCommand').reduce((t, c) => t + c.end - c.start, 0) / 1000,
    completeCall:
      calls.filter((c) => c.name === 'CompleteMultipartUploadCommand').reduce((t, c) => t + c.end - c.start, 0) / 1000,
    mibps: SIZE / MiB / secs,
    clientCpu: (cpu.user + cpu.system) / 1e6,
    swiftCpu: cpuSince(swiftBefore, swiftPids()),
  };
}

async function browserUpload(page, cdp, url, configId, file) {
  await page.goto(`${url}/upload`);
  // Hydrated: the file input takes several files (before that, the form would post the file to the app).
  await page.locator('input#file[multiple]').waitFor({ state: 'attached' });
  await page.getByLabel('Storage', { exact: true }).selectOption(configId);
  await page.getByLabel('Choose a file', { exact: true }).setInputFiles(file);
  const upload = page.getByRole('button', { name: 'Upload', exact: true });
  await upload.waitFor();

  // Part PUTs and the app's init/complete calls as the browser sends them (Node's clock).
  const parts = [];
  const calls = new Map();
  const onRequest = (req) => {
    if (req.method() === 'PUT' && req.url().startsWith(S3_ENDPOINT)) parts.push({ req, sent: performance.now() });
    const call = /\/api\/s3\/multipart\/(init|complete)$/.exec(req.url())?.[1];
    if (call) calls.set(req, { call, sent: performance.now() });
  };
  const onFinished = (req) => {
    const part = parts.find((p) => p.req === req);
    if (part) part.done = performance.now();
    if (calls.has(req)) calls.get(req).done = performance.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  // CORS preflights (Playwright does not report them): every part URL is distinct, so none is cached.
  const preflights = new Map();
  const preflightTimes = [];
  const onCdpRequest = (e) => {
    if (e.type === 'Preflight' || e.request.method === 'OPTIONS') preflights.set(e.requestId, e.timestamp);
  };
  const onCdpFinished = (e) => {
    if (preflights.has(e.requestId)) preflightTimes.push(e.timestamp - preflights.get(e.requestId));
  };
  cdp.on('Network.requestWillBeSent', onCdpRequest);
  cdp.on('Network.loadingFinished', onCdpFinished);
  const completeAnswer = page.waitForResponse((r) => r.url().endsWith('/api/s3/multipart/complete'), {
    timeout: 0,
  });

  const chromeBefore = cpuOf(chromiumPids());
  const swiftBefore = cpuOf(swiftPids());
  const appBefore = cpuOf(children.map((c) => c.pid));
  const selfBefore = process.cpuUsage();
  // The page's main-thread work (Chromium's counters): script, style + layout, all tasks.
  const metrics = async () =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const metricsBefore = await metrics();
  const profile = process.env.BENCH_CPU_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  const watched = await watchBrowser(cdp, async () => {
    const clicked = performance.now();
    const started = process.hrtime.bigint();
    await upload.click();
    const completed = await completeAnswer;
    const completedAt = performance.now();
    await page.waitForURL(/\/upload\?uploaded=/, { timeout: 0 });
    const secs = seconds(started);
    return { secs, clicked, completedAt, completeStatus: completed.status() };
  });
  const self = process.cpuUsage(selfBefore);
  if (profile) fs.writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  const metricsAfter = await metrics();
  const metric = (name) => metricsAfter[name] - metricsBefore[name];
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  cdp.off('Network.requestWillBeSent', onCdpRequest);
  cdp.off('Network.loadingFinished', onCdpFinished);
  const callTime = (name) =>
    [...calls.values()].filter((c) => c.call === name && c.done).reduce((t, c) => t + (c.done - c.sent) / 1000, 0);
  preflightTimes.sort((a, b) => a - b);
  const { secs, clicked, completedAt, completeStatus } = watched.result;
  if (completeStatus !== 200) throw new Error(`multipart/complete answered ${completeStatus}`);
  const fileId = new URL(page.url()).searchParams.get('uploaded');
  state.fileIds.add(fileId);

  // Where the time went: before the first part, the parts, after the last part.
  const sent = parts.map((p) => p.sent);
  const done = parts.map((p) => p.done ?? completedAt);
  const firstPart = Math.min(...sent);
  const lastPart = Math.max(...done);
  const durations = parts.map((p, i) => done[i] - p.sent).sort((a, b) => a - b);
  // Time with fewer than 3 parts in flight between the first part and the last (gaps between one
  // part and the next, and the tail when fewer than 3 parts are left).
  const events = [...sent.map((t) => [t, 1]), ...done.map((t) => [t, -1])].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let inFlight = 0;
  let last = firstPart;
  let starved = 0;
  for (const [t, d] of events) {
    if (inFlight < QUEUE_SIZE && t <= lastPart && t > firstPart) starved += t - last;
    inFlight += d;
    last = t;
  }
  return {
    fileId,
    seconds: secs,
    mibps: SIZE / MiB / secs,
    partCount: parts.length,
    beforeParts: (firstPart - clicked) / 1000,
    partsPhase: (lastPart - firstPart) / 1000,
    afterParts: secs - (lastPart - clicked) / 1000,
    partMedian: durations[Math.floor(durations.length / 2)] / 1000,
    partP95: durations[Math.floor(durations.length * 0.95)] / 1000,
    starved: starved / 1000,
    initCall: callTime('init'),
    completeCall: callTime('complete'),
    mainThread: {
      task: metric('TaskDuration'),
      script: metric('ScriptDuration'),
      layout: metric('RecalcStyleDuration') + metric('LayoutDuration'),
      layouts: metric('LayoutCount'),
    },
    preflights: preflightTimes.length,
    preflightMedian: preflightTimes[Math.floor(preflightTimes.length / 2)] ?? 0,
    browserCpu: cpuSince(chromeBefore, chromiumPids()),
    browserCpuByType: chromiumCpuByType(chromeBefore),
    benchCpu: (self.user + self.system) / 1e6,
    swiftCpu: cpuSince(swiftBefore, swiftPids()),
    appCpu: cpuSince(
      appBefore,
      children.map((c) => c.pid),
    ),
    memory: watched,
  };
}

async function verify(s3, bucket, key, expected, label) {
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  const etag = (head.ETag ?? '').replaceAll('"', '');
  if (head.ContentLength !== SIZE) throw new Error(`${label}: stored ${head.ContentLength} bytes, expected ${SIZE}`);
  if (etag !== expected.etag) throw new Error(`${label}: stored ETag ${etag}, expected ${expected.etag}`);
  return etag;
}

async function main() {
  checkBuild();
  fs.mkdirSync(RUN, { recursive: true });
  log(`Starting the S3 test server and the app (file size ${fmt(SIZE)}, ${ROUNDS} rounds each)…`);
  swiftStarted = true;
  swift('start');
  const { url } = await startApp({ buildDir: BUILD, dataDir: path.join(RUN, 'data'), admin: ADMIN, children });
  state.url = url;
  const { s3, bucket } = await swiftBucket(S3_PORT, 'bench-upload', {
    // As the app's own S3 driver; the browser's presigned PUTs carry no checksum either.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  state.s3 = s3;
  traceCommands(s3);
  state.bucket = bucket;

  const api = async (method, p, body) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(state.token ? { Authorization: `Bearer ${state.token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  state.token = (await api('POST', '/admin/login', ADMIN)).data.token;
  const config = await api('POST', '/s3-configs', {
    name: 'bench',
    provider_type: 'Other',
    endpoint_url: S3_ENDPOINT,
    bucket_name: bucket,
    region: 'us-east-1',
    access_key_id: 'test:tester',
    secret_access_key: 'testing',
    path_style: true,
    total_storage_bytes: 64 * 1024 ** 3,
  });
  if (!config.success) throw new Error(`storage config: ${JSON.stringify(config)}`);
  // Let the file through the global upload limit (MB), straight in the database.
  const db = new Database(path.join(RUN, 'data/cloudclip.db'));
  db.prepare("UPDATE system_settings SET value = ? WHERE key = 'max_upload_size'").run(
    String(Math.ceil(SIZE / MiB) + 1024),
  );
  db.close();

  log('Writing the test file…');
  const file = path.join(RUN, 'files', 'big.bin');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const expected = writeTestFile(file);
  // A small file for the warm-up rounds (same code paths, two parts).
  const warmFile = path.join(RUN, 'files', 'warm.bin');
  fs.writeFileSync(warmFile, randomFillSync(Buffer.alloc(PART_SIZE + MiB)));

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${url}/admin`);
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByText('Admin panel', { exact: true }).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');

  // Warm-up, not timed: loads the code paths of both ways (and the SDK's connections).
  log('Warming up…');
  await sdkUpload(s3, bucket, warmFile, 'bench/warm-sdk.bin');
  await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'bench/warm-sdk.bin' }));
  const warm = await browserUpload(page, cdp, url, config.data.id, warmFile);
  await api('DELETE', '/files/batch-delete', { ids: [warm.fileId], delete_mode: 'both' });
  state.fileIds.delete(warm.fileId);

  const sdkRounds = [];
  const browserRounds = [];
  for (let round = 1; round <= ROUNDS; round++) {
    log(`Round ${round}: AWS SDK from Node (lib-storage Upload, 5 MiB parts, queueSize 3; ${load()})…`);
    const key = `bench/sdk-${round}.bin`;
    const s = await sdkUpload(s3, bucket, file, key);
    await verify(s3, bucket, key, expected, 'SDK upload');
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    sdkRounds.push(s);
    log(
      `  ${s.mibps.toFixed(1)} MiB/s (${s.seconds.toFixed(1)} s: ${s.beforeParts.toFixed(2)} s before the first part, ` +
        `${s.partsPhase.toFixed(1)} s of parts, ${s.afterParts.toFixed(2)} s after the last); ` +
        `part median ${(s.partMedian * 1000).toFixed(0)} ms, p95 ${(s.partP95 * 1000).toFixed(0)} ms; ` +
        `create ${s.createCall.toFixed(2)} s, complete ${s.completeCall.toFixed(2)} s`,
    );

    log(`Round ${round}: headless Chromium, /upload page (${load()})…`);
    const b = await browserUpload(page, cdp, url, config.data.id, file);
    const record = await api('GET', `/files/${b.fileId}`);
    if (!record.success) throw new Error(`file record: ${JSON.stringify(record)}`);
    if (Number(record.data.size) !== SIZE) throw new Error(`file record says ${record.data.size} bytes`);
    await verify(s3, bucket, record.data.storage_path, expected, 'browser upload');
    const removed = await api('DELETE', '/files/batch-delete', { ids: [b.fileId], delete_mode: 'both' });
    if (removed.data?.success !== 1) throw new Error(`could not delete the upload: ${JSON.stringify(removed)}`);
    state.fileIds.delete(b.fileId);
    browserRounds.push(b);
    const m = b.memory;
    log(
      `  ${b.mibps.toFixed(1)} MiB/s (${b.seconds.toFixed(1)} s: ${b.beforeParts.toFixed(2)} s before the first part, ` +
        `${b.partsPhase.toFixed(1)} s of parts, ${b.afterParts.toFixed(2)} s after the last); ${b.partCount} parts, ` +
        `median ${(b.partMedian * 1000).toFixed(0)} ms, p95 ${(b.partP95 * 1000).toFixed(0)} ms, ` +
        `< 3 in flight ${b.starved.toFixed(2)} s; init ${b.initCall.toFixed(2)} s, complete ${b.completeCall.toFixed(2)} s; ` +
        `${b.preflights} CORS preflights, median ${(b.preflightMedian * 1000).toFixed(0)} ms`,
    );
    log(
      `  CPU s: Chromium ${b.browserCpu.toFixed(1)} (${b.browserCpuByType}), bench/Playwright ${b.benchCpu.toFixed(1)}, ` +
        `app ${b.appCpu.toFixed(1)}, Swift ${b.swiftCpu.toFixed(1)} (SDK round: Node ${s.clientCpu.toFixed(1)}, ` +
        `Swift ${s.swiftCpu.toFixed(1)})`,
    );
    log(
      `  page main thread: busy ${b.mainThread.task.toFixed(1)} s (script ${b.mainThread.script.toFixed(1)} s, ` +
        `style + layout ${b.mainThread.layout.toFixed(1)} s, ${b.mainThread.layouts} layouts)`,
    );
    log(
      `  memory: Chromium RSS ${fmt(m.rssBefore)} + peak ${fmt(m.rssGrowth)} (most: ${m.worst.type} ` +
        `+${fmt(m.worst.growth)}), JS heap ${fmt(m.heapBefore)} + peak ${fmt(m.heapGrowth)}`,
    );
  }

  const best = (rounds) => rounds.reduce((a, b) => (b.mibps > a.mibps ? b : a));
  const sdk = best(sdkRounds);
  const web = best(browserRounds);
  const ratio = web.mibps / sdk.mibps;
  const rssGrowth = Math.max(...browserRounds.map((b) => b.memory.rssGrowth));
  const heapGrowth = Math.max(...browserRounds.map((b) => b.memory.heapGrowth));
  const bounded = rssGrowth < MEMORY_LIMIT && heapGrowth < MEMORY_LIMIT;
  const rows = [
    ['scenario', 'MiB/s (best)', 'rounds', 'browser growth', 'target', 'result'],
    [
      `upload ${fmt(SIZE)}: AWS SDK (Node)`,
      sdk.mibps.toFixed(1),
      sdkRounds.map((r) => r.mibps.toFixed(1)).join(' / '),
      '-',
      'baseline',
      '',
    ],
    [
      `upload ${fmt(SIZE)}: Chromium /upload`,
      web.mibps.toFixed(1),
      browserRounds.map((r) => r.mibps.toFixed(1)).join(' / '),
      `RSS ${fmt(rssGrowth)}, heap ${fmt(heapGrowth)}`,
      `≥ ${RATIO_TARGET} × SDK, < ${fmt(MEMORY_LIMIT)}`,
      ratio >= RATIO_TARGET && bounded ? 'PASS' : 'MISS',
    ],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd([36, 14, 22, 30, 26, 6][i])).join(''));
  const pairs = browserRounds.map((b, i) => b.mibps / sdkRounds[i].mibps);
  const sorted = [...pairs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const medianPair = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  log(
    `\nbrowser/SDK ratio: ${ratio.toFixed(2)} (${ratio >= RATIO_TARGET ? 'PASS' : 'MISS'} against ${RATIO_TARGET})   ` +
      `browser memory: ${bounded ? 'bounded' : `MISS: grew more than ${fmt(MEMORY_LIMIT)}`}   ` +
      `stored objects identical to the file (size + ETag ${expected.etag}): yes`,
  );
  log(
    `ratio of each round's pair (SDK then browser, back to back): ${pairs.map((r) => r.toFixed(2)).join(' / ')}, ` +
      `median ${medianPair.toFixed(2)} (less sensitive to other load on the machine than the best rounds)`,
  );
}

/** Removes what the run left in the bucket (objects, unfinished multipart uploads) and the bucket. */
async function emptyBucket() {
  const { s3, bucket, url, token } = state;
  if (!s3 || !bucket) return;
  if (url && token && state.fileIds.size)
    await fetch(`${url}/api/files/batch-delete`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ ids: [...state.fileIds], delete_mode: 'both' }),
    }).catch(() => undefined);
  const uploads = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
  for (const u of uploads.Uploads ?? [])
    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }));
  const objects = await s3.send(new ListObjectsV2Command({ Bucket: bucket }));
  for (const o of objects.Contents ?? []) await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: o.Key }));
  const left = (uploads.Uploads ?? []).length + (objects.Contents ?? []).length;
  if (left) log(`(cleanup: removed ${left} leftover objects/uploads)`);
  await s3.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => undefined);
}

let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    await browser?.close().catch(() => undefined);
    await emptyBucket().catch((error) => console.error(`cleanup of the bucket failed: ${error.message}`));
    await stopChildren(children);
    if (swiftStarted) swift('stop');
    fs.rmSync(RUN, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up…`);
    void cleanup().then(() => process.exit(130));
  });

runBench(main, cleanup);
