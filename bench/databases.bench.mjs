// Database benchmark (issue 16 item 7; run by `npm run bench`): the same requests against the app
// on SQLite and on PostgreSQL, and against two PostgreSQL replicas behind a round-robin proxy
// compared with one process behind the same proxy. Ratios, measured in this run, never asserted.
//
// Requests (autocannon, 50 connections, BENCH_DURATION seconds after a short warm-up):
//   - paste view    GET  /api/paste/<slug>          a counted view of an open paste, one of BENCH_PASTES
//                                                    (1,000) at random per request
//   - paste create  POST /api/paste                  ~2 KB
//   - file info     GET  /api/public/files/<slug>    a counted view of a file share (no bytes)
// PostgreSQL is a throw-away cluster (scripts/postgres.sh; root), with fsync off as in the tests: it
// measures the app's work per request, not a disk. On this 2-core machine the load generator, the
// proxy, PostgreSQL and the apps share the cores, so two replicas cannot double anything here; the
// replica ratio says what a second process costs or gains on one machine, not across machines.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { cannonOptions } from './lib/cannon.mjs';
import { runBench } from './lib/measure.mjs';
import { createDatabase, postgres } from './lib/postgres.mjs';
import { startRoundRobinProxy } from './lib/round-robin-proxy.mjs';
import { api, ensureBuild, ROOT, startApp, stopChildren } from './lib/servers.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION || 5);
const WARMUP_S = 2;
/** Measurements of each figure, the best kept (BENCH_ROUNDS). */
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
/** How many pastes the views are spread over. */
const PASTES = Number(process.env.BENCH_PASTES || 1000);
const RUN = path.join(ROOT, '.tmp', `bench-databases-${Date.now()}`);
const PG_DIR = path.join(RUN, 'postgres');
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };
const children = [];
const proxies = [];

/** Logs in, makes the paste and the file share the requests read; answers the requests. */
async function prepare(base) {
  const token = (await api(base, 'POST', '/admin/login', { body: ADMIN })).data.token;
  // Views spread over many pastes, as real traffic is (a long tail), not one hot row.
  const slugs = [];
  for (let i = 0; i < PASTES; i += 1) {
    const slug = `bench-${randomBytes(5).toString('hex')}`;
    await api(base, 'POST', '/paste', { token, body: { content: `# Bench ${i}\n\nsome text`, slug } });
    slugs.push(`/api/paste/${slug}`);
  }
  const upload = await fetch(`${base}/api/upload-direct/bench.txt`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
    body: 'bench file',
  }).then((r) => r.json());
  const content = 'x'.repeat(2048);
  return [
    { name: 'paste view', path: slugs[0], paths: slugs },
    {
      name: 'paste create',
      path: '/api/paste',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ content }),
    },
    { name: 'file info', path: `/api/public/files/${upload.data.slug}` },
  ];
}

async function measure(base, request) {
  const options = cannonOptions(base, request);
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  const errors = result.errors + result.non2xx;
  if (errors > 0) throw new Error(`${request.name} at ${base}: ${errors} failed requests`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function main() {
  ensureBuild();
  fs.mkdirSync(RUN, { recursive: true });
  const server = postgres('start', PG_DIR);
  const secret = randomBytes(24).toString('hex');
  const app = (name, env = {}) =>
    startApp({
      dataDir: fs.mkdtempSync(path.join(RUN, `${name}-`)),
      admin: ADMIN,
      children,
      env: { APP_SECRET: secret, ...env },
    });

  const sqlite = await app('sqlite');
  const single = await app('postgres', { DATABASE_URL: createDatabase(server, 'single') });
  const shared = createDatabase(server, 'replicas');
  const replicas = [await app('replica', { DATABASE_URL: shared }), await app('replica', { DATABASE_URL: shared })];
  const oneBehind = await startRoundRobinProxy([replicas[0].url]);
  const twoBehind = await startRoundRobinProxy(replicas.map((r) => r.url));
  proxies.push(oneBehind, twoBehind);

  const setups = {
    sqlite: { base: sqlite.url, requests: await prepare(sqlite.url) },
    postgres: { base: single.url, requests: await prepare(single.url) },
  };
  const replicaRequests = await prepare(twoBehind.url);
  const rows = [];
  // Each figure is the best of ROUNDS, the setups taking turns: one run on this shared 2-core
  // machine moves by ±15 %, and turns give every setup the same conditions.
  const best = (a, b) => (!a || b.rps > a.rps ? b : a);
  for (const [i, request] of setups.sqlite.requests.entries()) {
    const row = { request: request.name };
    for (let round = 0; round < ROUNDS; round++) {
      row.onSqlite = best(row.onSqlite, await measure(setups.sqlite.base, request));
      row.onPostgres = best(row.onPostgres, await measure(setups.postgres.base, setups.postgres.requests[i]));
      row.one = best(row.one, await measure(oneBehind.url, replicaRequests[i]));
      row.two = best(row.two, await measure(twoBehind.url, replicaRequests[i]));
    }
    rows.push(row);
  }
  const f = (n) => n.toFixed(0).padStart(6);
  console.log(`\n${DURATION_S} s per measurement, best of ${ROUNDS}, 50 connections; req/s (p99 ms)`);
  console.log('request        SQLite         PostgreSQL     PG/SQLite   1 behind proxy  2 behind proxy  2/1');
  for (const r of rows)
    console.log(
      `${r.request.padEnd(14)} ${f(r.onSqlite.rps)} (${r.onSqlite.p99})`.padEnd(30) +
        `${f(r.onPostgres.rps)} (${r.onPostgres.p99})`.padEnd(15) +
        `${(r.onPostgres.rps / r.onSqlite.rps).toFixed(2)}`.padEnd(12) +
        `${f(r.one.rps)} (${r.one.p99})`.padEnd(16) +
        `${f(r.two.rps)} (${r.two.p99})`.padEnd(16) +
        `${(r.two.rps / r.one.rps).toFixed(2)}`,
    );
}

runBench(main, async () => {
  for (const proxy of proxies) await proxy.close();
  await stopChildren(children);
  try {
    postgres('stop', PG_DIR);
  } catch (error) {
    console.error(error);
  }
  fs.rmSync(RUN, { recursive: true, force: true });
});
