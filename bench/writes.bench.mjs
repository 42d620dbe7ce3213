// Writes at the floor (issue 46), each figure against a baseline measured in the same run, on SQLite:
//  - create: the app's server CPU per POST /api/paste (~2 KB of Markdown, 16 at a time) against
//    bench/raw-pastes-server.mjs doing the same insert behind node:http on the same database file,
//    both warmed up first; beside it the app on PostgreSQL (its CPU, and the server's), when the
//    machine has PostgreSQL (scripts/postgres.sh, root);
//  - views: bytes the process writes to storage (/proc/<pid>/io write_bytes: the WAL and the
//    database) per 1,000 views of a paste without a view limit, the app (views tallied in memory,
//    decision 0041) against the statement every view ran before (an UPDATE … RETURNING per view).
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runBench } from './lib/measure.mjs';
import { createDatabase, postgres, postmasterPid } from './lib/postgres.mjs';
import { cpuSeconds, treeCpuSeconds } from './lib/proc.mjs';
import { api, ensureBuild, ROOT, startApp, startRawPastes, stopChildren } from './lib/servers.mjs';

const CREATES = Number(process.env.BENCH_CREATES ?? 8000);
/** Creates per side before measuring: a server that has run a while has its hot code compiled. */
const WARM_UP = 2000;
const VIEWS = 1000;
const CONCURRENCY = 16;
const RUN = path.join(ROOT, '.tmp', `bench-writes-${Date.now()}`);
const PG_DIR = path.join(RUN, 'postgres');
let pgStarted = false;
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
const log = (...args) => console.log(...args);

/** Bytes a process has caused to be written to storage so far. */
const writeBytes = (pid) => Number(/write_bytes: (\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))[1]);

/** Runs `count` calls of `one(i)`, CONCURRENCY at a time. */
async function load(count, one) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await one(next++);
    }),
  );
}

const markdown = (i) => `# Note ${i}\n\n${'Some *Markdown* text with a [link](https://example.com). '.repeat(36)}`;

async function main() {
  ensureBuild();
  const dataDir = path.join(RUN, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await startApp({ dataDir, admin: ADMIN, children });
  const token = (await api(app.url, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const raw = await startRawPastes(path.join(dataDir, 'cloudclip.db'), children);
  const post =
    (base, route, bearer = token) =>
    async (i) => {
      const res = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}` },
        body: JSON.stringify({ content: markdown(i) }),
      });
      if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
  const sides = { app: [app.child.pid, post(app.url, '/api/paste')], raw: [raw.child.pid, post(raw.url, '/paste')] };

  log(
    `Creates: ${WARM_UP} per side to warm up, then ${CREATES} per side in two alternating rounds, ${CONCURRENCY} at a time…`,
  );
  const cpu = { app: 0, raw: 0 };
  for (const side of ['app', 'raw']) await load(WARM_UP, sides[side][1]);
  for (let round = 0; round < 2; round++) {
    for (const side of ['app', 'raw']) {
      const [pid, one] = sides[side];
      const before = cpuSeconds(pid);
      await load(CREATES / 2, one);
      cpu[side] += cpuSeconds(pid) - before;
    }
  }
  const perCreate = (side) => (cpu[side] * 1000) / CREATES;

  log(`Views: ${VIEWS} of one paste without a view limit…`);
  const made = await api(app.url, 'POST', '/paste', { token, body: { content: markdown(0) } });
  const { slug, id } = made.data ?? made;
  // Before: the statement every view ran until decision 0041, on the same file, from this process.
  const db = new Database(path.join(dataDir, 'cloudclip.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const counted = db.prepare(
    `UPDATE pastes SET views = views + 1 WHERE id = ? AND (max_views IS NULL OR views + 1 < max_views) RETURNING views, content`,
  );
  // Each measurement starts from an empty WAL: a checkpoint the creates left due is not counted.
  db.pragma('wal_checkpoint(TRUNCATE)');
  const beforeStart = writeBytes(process.pid);
  for (let i = 0; i < VIEWS; i++) counted.get(id);
  const before = writeBytes(process.pid) - beforeStart;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  // After: the app's views, then its next flush of the tally.
  const appStart = writeBytes(app.child.pid);
  await load(VIEWS, async () => {
    const res = await fetch(`${app.url}/api/paste/${slug}`);
    if (!res.ok) throw new Error(`view: ${res.status}`);
    await res.arrayBuffer();
  });
  await new Promise((resolve) => setTimeout(resolve, 4000));
  const after = writeBytes(app.child.pid) - appStart;
  const views = (await api(app.url, 'GET', `/pastes/${id}`, { token })).data.views;
  if (views !== 2 * VIEWS) throw new Error(`the paste counts ${views} views, not ${2 * VIEWS}`);

  // Beside it, the same creates by the app on PostgreSQL (where the machine has it: scripts/postgres.sh,
  // root): the app's CPU, and the PostgreSQL server's own.
  let onPostgres = null;
  if (fs.existsSync('/usr/lib/postgresql') && process.getuid?.() === 0) {
    log(`The same creates on PostgreSQL…`);
    pgStarted = true;
    const url = createDatabase(postgres('start', PG_DIR), 'writes');
    const pgApp = await startApp({
      dataDir: path.join(RUN, 'pg-data'),
      admin: ADMIN,
      children,
      env: { DATABASE_URL: url },
    });
    const pgToken = (await api(pgApp.url, 'POST', '/admin/login', { body: ADMIN })).data.token;
    const one = post(pgApp.url, '/api/paste', pgToken);
    await load(WARM_UP, one);
    const postgresCpu = () => treeCpuSeconds(postmasterPid(PG_DIR));
    const [appBefore, pgBefore] = [cpuSeconds(pgApp.child.pid), postgresCpu()];
    await load(CREATES, one);
    onPostgres = {
      app: ((cpuSeconds(pgApp.child.pid) - appBefore) * 1000) / CREATES,
      server: ((postgresCpu() - pgBefore) * 1000) / CREATES,
    };
  }

  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  const rows = [
    ['scenario', 'figure', 'vs baseline', 'target'],
    ['raw insert (node:http)', `${perCreate('raw').toFixed(3)} ms CPU`, 'baseline', ''],
    [
      'POST /api/paste',
      `${perCreate('app').toFixed(3)} ms CPU`,
      `${(perCreate('app') / perCreate('raw')).toFixed(2)} ×`,
      '≤ 1.2 ×',
    ],
    ...(onPostgres
      ? [
          [
            'POST /api/paste on PostgreSQL',
            `${onPostgres.app.toFixed(3)} ms CPU`,
            `${(onPostgres.app / perCreate('raw')).toFixed(2)} ×`,
            'beside',
          ],
          ['  the PostgreSQL server', `${onPostgres.server.toFixed(3)} ms CPU`, '', ''],
        ]
      : []),
    [`${VIEWS} views, a write each (before)`, kib(before), 'baseline', ''],
    [`${VIEWS} views, tallied (after)`, kib(after), `${(after / before).toFixed(3)} ×`, 'no row rewrite'],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd(i === 0 ? 36 : 22)).join(''));
}

// The apps are waited for: one still flushing at shutdown wrote into the run's folder while it was
// removed, and the folder stayed behind (2026-12-02).
async function cleanup() {
  await stopChildren(children);
  if (pgStarted) postgres('stop', PG_DIR);
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
