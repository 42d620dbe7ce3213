// Folder share benchmark (issue 30), every figure against a baseline measured in the same run, on
// the embedded local storage:
//  - the first page of a shared folder of 10,000 files (BENCH_SHARE_ENTRIES), warm: the share's
//    page as a visitor opens it within a visit (its grant), and GET /api/public/files/{slug}/entries,
//    p50 and p90 of 40 requests each, against the explorer's own /api/fs/list of the same folder;
//  - the whole share as one zip (1 GiB in 64 files, BENCH_SHARE_BYTES) against reading the same
//    files served straight from the disk by a bare Node server (≥ 0.8), with the app's RSS growth
//    (< 64 MiB).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { MiB, runBench, timedDownload, watchRss } from './lib/measure.mjs';
import { api, ensureBuild, ROOT, startApp, stopChildren } from './lib/servers.mjs';

const ENTRIES = Number(process.env.BENCH_SHARE_ENTRIES ?? 10_000);
const BYTES = Number(process.env.BENCH_SHARE_BYTES ?? 1024 ** 3);
const FILES = 64;
const RUN = path.join(ROOT, '.tmp', `bench-shares-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
const log = (...args) => console.log(...args);

/** Milliseconds of `rounds` sequential requests after one warm-up: p50 and p90. */
async function latencies(url, init, rounds = 40) {
  const once = async () => {
    const started = process.hrtime.bigint();
    const res = await fetch(url, init);
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    await res.arrayBuffer();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  await once();
  const times = [];
  for (let i = 0; i < rounds; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(rounds / 2)], p90: times[Math.floor(rounds * 0.9)] };
}

/**
 * The baseline: the same files, in name order, served one after the other by a bare Node HTTP
 * server of their own (a child process, like the app) — the disk and the same transport, without
 * the app or the zip. Answers its URL.
 */
function straightServer(folder) {
  const code = `
    const fs = require('node:fs'), path = require('node:path'), http = require('node:http');
    const { pipeline } = require('node:stream/promises');
    const folder = ${JSON.stringify(folder)};
    http.createServer(async (req, res) => {
      const names = fs.readdirSync(folder).sort();
      const size = names.reduce((sum, n) => sum + fs.statSync(path.join(folder, n)).size, 0);
      res.writeHead(200, { 'Content-Length': size, 'Content-Type': 'application/octet-stream' });
      for (const n of names) await pipeline(fs.createReadStream(path.join(folder, n)), res, { end: false });
      res.end();
    }).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port); });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve) =>
    child.stdout.on('data', (d) => {
      const m = /listening on (\S+)/.exec(String(d));
      if (m) resolve(m[1]);
    }),
  );
}

async function main() {
  ensureBuild();
  fs.mkdirSync(RUN, { recursive: true });
  const dataDir = path.join(RUN, 'data');
  const app = await startApp({ dataDir, admin: ADMIN, children });
  const base = app.url;
  const token = (await api(base, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const local = (await api(base, 'GET', '/s3-configs', { token })).data[0].id;
  await api(base, 'POST', '/admin/mounts', {
    token,
    body: {
      name: 'Local',
      mount_path: '/local',
      storage_config_id: local,
      cache_ttl: 0,
    },
  });

  log(`Writing ${ENTRIES} small files and ${(BYTES / MiB).toFixed(0)} MiB in ${FILES} files…`);
  const big = path.join(dataDir, 'storage', 'big');
  fs.mkdirSync(big, { recursive: true });
  for (let i = 0; i < ENTRIES; i++) fs.writeFileSync(path.join(big, `file-${String(i).padStart(5, '0')}.txt`), `${i}`);
  const gig = path.join(dataDir, 'storage', 'gig');
  fs.mkdirSync(gig, { recursive: true });
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31 + 7) & 0xff;
  const perFile = Math.floor(BYTES / FILES);
  for (let f = 0; f < FILES; f++) {
    const fd = fs.openSync(path.join(gig, `part-${String(f).padStart(2, '0')}.bin`), 'w');
    for (let written = 0; written < perFile; written += MiB)
      fs.writeSync(fd, chunk, 0, Math.min(MiB, perFile - written));
    fs.closeSync(fd);
  }

  // The first page of a big shared folder, within a visit.
  const bigShare = (await api(base, 'POST', '/fs/create-share', { token, body: { path: '/local/big/' } })).data;
  const visit = await fetch(`${base}/file/${bigShare.slug}`);
  const grant = /grant=([\w.-]+)/.exec(await visit.text())?.[1];
  if (!grant) throw new Error('the share page handed no grant');
  const page = await latencies(`${base}/file/${bigShare.slug}?grant=${grant}`);
  const entries = await latencies(`${base}/api/public/files/${bigShare.slug}/entries`);
  const explorer = await latencies(`${base}/api/fs/list?path=/local/big`, {
    headers: { Authorization: `Bearer ${token}` },
  });

  // The whole share as one zip, against the same files read straight from the disk.
  const gigShare = (await api(base, 'POST', '/fs/create-share', { token, body: { path: '/local/gig/' } })).data;
  const straightUrl = await straightServer(gig);
  let straight = null;
  let zipped = null;
  for (let round = 1; round <= 2; round++) {
    log(`Round ${round}: the files from a bare server, then the share's zip through the app…`);
    const s = await timedDownload(straightUrl);
    if (!straight || s.mibps > straight.mibps) straight = s;
    const z = await watchRss(app.child.pid, () => timedDownload(`${base}/api/file-download/${gigShare.slug}`));
    if (z.result.bytes < BYTES) throw new Error(`the zip held ${z.result.bytes} bytes`);
    if (!zipped || z.result.mibps > zipped.result.mibps)
      zipped = { ...z, growth: Math.max(z.growth, zipped?.growth ?? 0) };
  }

  const ms = (n) => `${n.toFixed(1)} ms`;
  log(`\nFirst page of a shared folder of ${ENTRIES} files (warm, p50 / p90; target p50 ≤ 50 ms):`);
  log(`  share page (HTML)        ${ms(page.p50)} / ${ms(page.p90)}`);
  log(`  share entries (JSON)     ${ms(entries.p50)} / ${ms(entries.p90)}`);
  log(`  explorer /api/fs/list    ${ms(explorer.p50)} / ${ms(explorer.p90)}   (the whole folder, baseline)`);
  log(`\nWhole share as one zip, ${(BYTES / MiB).toFixed(0)} MiB in ${FILES} files (best of 2):`);
  log(`  bare server, same files ${straight.mibps.toFixed(0)} MiB/s`);
  log(`  the share's zip          ${zipped.result.mibps.toFixed(0)} MiB/s`);
  log(`  ratio                    ${(zipped.result.mibps / straight.mibps).toFixed(2)}   (target ≥ 0.8)`);
  log(`  app RSS growth           ${(zipped.growth / MiB).toFixed(1)} MiB   (target < 64 MiB)`);
}

runBench(main, async () => {
  await stopChildren(children);
  fs.rmSync(RUN, { recursive: true, force: true });
});
