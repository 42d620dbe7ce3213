// Dashboard benchmark (issue 14; run by `npm run bench`). Speed is measured, not asserted: it
// prints a ratio against a baseline measured in the same run, and exits non-zero only when the
// benchmark itself failed.
//
// What runs: the real app (build/server.js) on a fresh data folder, seeded through SQL with
// BENCH_PASTES pastes (default 200,000) and BENCH_FILES file shares (default 50,000), created over
// the last 30 days. Then, alternating, BENCH_ROUNDS times (default 20):
//   - app:  GET /api/admin/dashboard/stats (totals, usage per storage, 14 one-day range counts per
//           kind through Prisma, cache figures: app/models/dashboard/stats.server.ts);
//   - raw:  the same figures from one process holding the same database file with better-sqlite3,
//           written the shortest way (one GROUP BY date(created_at) per kind, one GROUP BY per
//           storage): what the numbers cost without the app, the HTTP hop or Prisma.
// Printed: the median and p95 of each side, and app/raw. The app pays for HTTP, auth, Prisma and
// the JSON envelope on top; what matters is that it stays a small multiple of the raw SQL, and
// that the per-day counts do not grow with the table (indexed ranges).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { ensureBuild, startApp, stopChildren } from './lib/servers.mjs';
import { runBench } from './lib/measure.mjs';

const PASTES = Number(process.env.BENCH_PASTES || 200_000);
const FILES = Number(process.env.BENCH_FILES || 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 20);
const DAY = 86_400_000;
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-dashboard-'));
const children = [];

const stamp = (ms) => new Date(ms).toISOString().replace('Z', '+00:00');

function seed(dbFile) {
  const db = new Database(dbFile);
  db.pragma('busy_timeout = 10000');
  const config = db.prepare('SELECT id FROM storage_configs WHERE is_default = 1').get();
  const now = Date.now();
  const paste = db.prepare('INSERT INTO pastes (id, slug, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const file = db.prepare(
    `INSERT INTO files (id, slug, filename, storage_config_id, storage_type, storage_path, mimetype, size, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'local', ?, 'application/octet-stream', ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < PASTES; i++) {
      const at = stamp(now - Math.floor(Math.random() * 30 * DAY));
      paste.run(`bp${i}`, `bench-paste-${i}`, 'x', at, at);
    }
    for (let i = 0; i < FILES; i++) {
      const at = stamp(now - Math.floor(Math.random() * 30 * DAY));
      file.run(`bf${i}`, `bench-file-${i}`, `f${i}.bin`, config.id, `bench/f${i}.bin`, 1000 + i, at, at);
    }
  })();
  db.close();
}

/** The dashboard's figures in the fewest statements (the baseline). */
function rawStats(db) {
  const since = stamp(Date.now() - 14 * DAY);
  return {
    pastes: db.prepare('SELECT count(*) AS n FROM pastes').get().n,
    files: db.prepare('SELECT count(*) AS n FROM files').get().n,
    keys: db.prepare('SELECT count(*) AS n FROM api_keys').get().n,
    usage: db
      .prepare('SELECT storage_config_id, count(*) AS n, sum(size) AS bytes FROM files GROUP BY storage_config_id')
      .all(),
    pastesPerDay: db
      .prepare('SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM pastes WHERE created_at >= ? GROUP BY day')
      .all(since),
    filesPerDay: db
      .prepare('SELECT substr(created_at, 1, 10) AS day, count(*) AS n FROM files WHERE created_at >= ? GROUP BY day')
      .all(since),
  };
}

const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];

async function main() {
  ensureBuild();
  let app = await startApp({ dataDir, admin: ADMIN, children });
  // Seed with the app stopped (one writer), then start it again on the same data.
  app.child.kill('SIGTERM');
  await new Promise((resolve) => app.child.once('exit', resolve));
  const dbFile = path.join(dataDir, 'cloudclip.db');
  const started = Date.now();
  seed(dbFile);
  console.log(`Seeded ${PASTES} pastes and ${FILES} file shares in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  app = await startApp({ dataDir, admin: ADMIN, children });
  const login = await fetch(`${app.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = (await login.json()).data.token;
  const raw = new Database(dbFile, { readonly: true });

  const appMs = [];
  const rawMs = [];
  let figures;
  for (let round = 0; round < ROUNDS + 2; round++) {
    let t = performance.now();
    const answer = await fetch(`${app.url}/api/admin/dashboard/stats`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (answer.status !== 200) throw new Error(`dashboard answered ${answer.status}: ${await answer.text()}`);
    figures = (await answer.json()).data;
    const appTook = performance.now() - t;
    t = performance.now();
    const baseline = rawStats(raw);
    const rawTook = performance.now() - t;
    if (round < 2) continue; // warm-up
    appMs.push(appTook);
    rawMs.push(rawTook);
    if (baseline.pastes !== figures.totalPastes) throw new Error('app and raw disagree on the paste count');
  }
  raw.close();
  const median = (v) => quantile(v, 0.5);
  console.log(
    `Figures: ${figures.totalPastes} pastes, ${figures.totalFiles} files, last week's pastes ${figures.lastWeekPastes.join(' ')}`,
  );
  console.log(
    `app  GET /api/admin/dashboard/stats  median ${median(appMs).toFixed(1)} ms  p95 ${quantile(appMs, 0.95).toFixed(1)} ms`,
  );
  console.log(
    `raw  SQL, same figures               median ${median(rawMs).toFixed(1)} ms  p95 ${quantile(rawMs, 0.95).toFixed(1)} ms`,
  );
  console.log(`ratio app/raw (median): ${(median(appMs) / median(rawMs)).toFixed(2)}×`);
}

runBench(main, async () => {
  await stopChildren(children);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
