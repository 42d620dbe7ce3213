// Writes at the floor (issue 46), each figure against a baseline measured in the same run, on SQLite:
//  - create: the app's server CPU per POST /api/paste (~2 KB of Markdown, 16 at a time) against
//    bench/raw-pastes-server.mjs doing the same insert behind node:http on the same database file;
//  - views: bytes the process writes to storage (/proc/<pid>/io write_bytes: the WAL and the
//    database) per 1,000 views of a paste without a view limit, the app (views tallied in memory,
//    decision 0041) against the statement every view ran before (an UPDATE … RETURNING per view).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { runBench } from './lib/measure.mjs';
import { api, ensureBuild, ROOT, startApp } from './lib/servers.mjs';

const CREATES = Number(process.env.BENCH_CREATES ?? 4000);
const VIEWS = 1000;
const CONCURRENCY = 16;
const RUN = path.join(ROOT, '.tmp', `bench-writes-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
const log = (...args) => console.log(...args);

/** utime + stime of a process in seconds (Linux /proc, USER_HZ 100). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

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

function startRaw(dbFile) {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/raw-pastes-server.mjs'), dbFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /raw listening on (http:\/\/\S+)/.exec(String(d));
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`raw server exited ${code}`)));
  });
}

const markdown = (i) => `# Note ${i}\n\n${'Some *Markdown* text with a [link](https://example.com). '.repeat(36)}`;

async function main() {
  ensureBuild();
  const dataDir = path.join(RUN, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const app = await startApp({ dataDir, admin: ADMIN, children });
  const token = (await api(app.url, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const raw = await startRaw(path.join(dataDir, 'cloudclip.db'));
  const post = (base, route) => async (i) => {
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ content: markdown(i) }),
    });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  const sides = { app: [app.child.pid, post(app.url, '/api/paste')], raw: [raw.child.pid, post(raw.url, '/paste')] };

  log(`Creates: ${CREATES} per side in two alternating rounds, ${CONCURRENCY} at a time…`);
  const cpu = { app: 0, raw: 0 };
  for (const side of ['app', 'raw']) await load(200, sides[side][1]); // warm-up
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
    [`${VIEWS} views, a write each (before)`, kib(before), 'baseline', ''],
    [`${VIEWS} views, tallied (after)`, kib(after), `${(after / before).toFixed(3)} ×`, 'no row rewrite'],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd(i === 0 ? 36 : 22)).join(''));
}

function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
