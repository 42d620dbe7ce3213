// Backup benchmark (issue 32, decision 0032): `npm run backup` of a data folder holding 100,000
// pastes and 10,000 files of the embedded storage (1 GiB in all), while the app serves paste pages.
//
// Baselines measured in the same run, on the same data folder:
// - throughput: `tar -czf` of the data folder (the same gzip the backup uses), the app idle.
//   Target: the backup's MiB/s ≥ 0.7 × tar's;
// - serving: paste pages per second (many different pastes, 8 readers at once) before the backup.
//   Target: paste pages per second during the backup ≥ 0.7 × before.
// The same two figures are then measured for a scheduled backup ("Back up now" on Admin → Backups):
// made inside the server by its task worker and written to the embedded storage's backup folder.
//
// Env: BENCH_PASTES (default 100,000), BENCH_FILES (default 10,000), BENCH_FILE_BYTES (default
// 100 KiB, so 1 GiB in all with the files' random bytes, which gzip cannot shrink).
import { execFile, spawn } from 'node:child_process';
import { randomBytes, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { api, ensureBuild, ROOT, startApp } from './lib/servers.mjs';
import { MiB, runBench } from './lib/measure.mjs';

const PASTES = Number(process.env.BENCH_PASTES ?? 100_000);
const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const FILE_BYTES = Number(process.env.BENCH_FILE_BYTES ?? 100 * 1024);
const READERS = 8;
const TARGET = 0.7;
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-backup-'));
const dataDir = path.join(work, 'data');
const children = [];
const run = promisify(execFile);
const log = (...args) => console.log(...args);
const seconds = (start) => Number(process.hrtime.bigint() - start) / 1e9;

function seed() {
  const db = new Database(path.join(dataDir, 'cloudclip.db'));
  db.pragma('busy_timeout = 10000');
  const insert = db.prepare('INSERT INTO pastes (id, slug, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?)');
  const at = new Date().toISOString().replace('Z', '+00:00');
  db.transaction(() => {
    for (let i = 0; i < PASTES; i++)
      insert.run(`bp${i}`, `bench-paste-${i}`, `# Paste ${i}\n\nSome **text** of paste number ${i}.\n`, at, at);
  })();
  db.close();
  const folder = path.join(dataDir, 'storage', 'bench');
  fs.mkdirSync(folder, { recursive: true });
  const bytes = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(folder, `f${i}.bin`), randomFillSync(bytes));
}

/** Paste pages served per second by READERS readers over `ms`, each reading a different random paste. */
async function servePastes(url, ms) {
  let served = 0;
  const until = Date.now() + ms;
  await Promise.all(
    Array.from({ length: READERS }, async () => {
      while (Date.now() < until) {
        const res = await fetch(`${url}/paste/bench-paste-${Math.floor(Math.random() * PASTES)}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`a paste page answered ${res.status}`);
        served++;
      }
    }),
  );
  return served / (ms / 1000);
}

/** Size of everything under a folder. */
function folderBytes(dir) {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  return total;
}

/** Admin → Backups as an admin's browser without JavaScript: the schedule saved, then "Back up now". */
async function backUpNow(url) {
  const post = (path, fields, cookie) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie && { Cookie: cookie }) },
      body: new URLSearchParams(fields),
    });
  const login = await post('/admin/login', { mode: 'admin', ...ADMIN });
  const cookie = login.headers.get('set-cookie').split(';')[0];
  const token = (await api(url, 'POST', '/admin/login', { body: ADMIN })).data.token;
  const storage = (await api(url, 'GET', '/s3-configs', { token })).data[0].id;
  const schedule = { intent: 'schedule', frequency: 'daily', weekday: '0', time: '03:00', time_zone: 'UTC', keep: '3' };
  const passphrase = 'bench passphrase';
  const fields = { ...schedule, storage_config_id: storage, folder: 'bench', passphrase, passphrase_again: passphrase };
  if ((await post('/admin/backups', fields, cookie)).status !== 302) throw new Error('the schedule was not saved');
  if ((await post('/admin/backups', { intent: 'runNow', id: 'run' }, cookie)).status !== 302)
    throw new Error('the backup did not start');
  return async function settled() {
    for (;;) {
      const [task] = (await api(url, 'GET', '/fs/tasks', { token })).data.tasks.filter((t) => t.type === 'backup');
      if (task?.status === 'completed') return;
      if (task && !['pending', 'running'].includes(task.status))
        throw new Error(`the backup ${task.status}: ${task.error}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
}

async function main() {
  ensureBuild();
  const { url, child } = await startApp({ dataDir, admin: ADMIN, children });
  log(`Seeding ${PASTES.toLocaleString('en')} pastes and ${FILES.toLocaleString('en')} files…`);
  seed();
  const bytes = folderBytes(dataDir);
  const mib = bytes / MiB;
  log(`Data folder: ${mib.toFixed(0)} MiB`);

  await servePastes(url, 3000); // warm up
  const before = await servePastes(url, 10_000);
  log(`Paste pages before the backup: ${before.toFixed(0)}/s`);

  const tarFile = path.join(work, 'tar.tar.gz');
  let started = process.hrtime.bigint();
  await run('tar', ['-czf', tarFile, '-C', dataDir, '.']);
  const tarSeconds = seconds(started);
  fs.rmSync(tarFile);
  log(`tar -czf: ${(mib / tarSeconds).toFixed(0)} MiB/s (${tarSeconds.toFixed(1)} s)`);

  const backupFile = path.join(work, 'backup.tar.gz');
  started = process.hrtime.bigint();
  const backup = new Promise((resolve, reject) => {
    const cli = spawn(process.execPath, [path.join(ROOT, 'build/cli/cli.js'), 'backup', backupFile], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, BACKUP_PASSPHRASE: 'bench passphrase' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(cli);
    let err = '';
    cli.stderr.on('data', (d) => (err += d));
    cli.on('exit', (code) => (code === 0 ? resolve(seconds(started)) : reject(new Error(`backup failed: ${err}`))));
  });
  // Paste pages while the backup runs (it takes longer than this window).
  const during = await servePastes(url, Math.min(10_000, tarSeconds * 1000 * 0.6));
  const backupSeconds = await backup;
  log(`npm run backup: ${(mib / backupSeconds).toFixed(0)} MiB/s (${backupSeconds.toFixed(1)} s)`);
  log(`Paste pages during the backup: ${during.toFixed(0)}/s`);

  started = process.hrtime.bigint();
  const settled = await backUpNow(url);
  const scheduledDuring = await servePastes(url, Math.min(10_000, tarSeconds * 1000 * 0.6));
  await settled();
  const scheduledSeconds = seconds(started);
  log(`Back up now (in the server): ${(mib / scheduledSeconds).toFixed(0)} MiB/s (${scheduledSeconds.toFixed(1)} s)`);
  log(`Paste pages during it: ${scheduledDuring.toFixed(0)}/s`);
  child.kill();

  const throughput = tarSeconds / backupSeconds;
  const serving = during / before;
  log('');
  log('| Figure | Measured | Target |');
  log('| --- | --- | --- |');
  log(`| Backup throughput, as a ratio of tar -czf (${mib.toFixed(0)} MiB) | ${throughput.toFixed(2)} | ≥ ${TARGET} |`);
  log(
    `| Paste pages per second during the backup, as a ratio of before | ${serving.toFixed(2)} (${during.toFixed(0)} vs ${before.toFixed(0)}/s) | ≥ ${TARGET} |`,
  );
  const scheduledThroughput = tarSeconds / scheduledSeconds;
  const scheduledServing = scheduledDuring / before;
  log(
    `| "Back up now" in the server (then written to the storage), as a ratio of tar -czf | ${scheduledThroughput.toFixed(2)} | — |`,
  );
  log(
    `| Paste pages per second during it, as a ratio of before | ${scheduledServing.toFixed(2)} (${scheduledDuring.toFixed(0)} vs ${before.toFixed(0)}/s) | ≥ ${TARGET} |`,
  );
  if (throughput < TARGET || serving < TARGET || scheduledServing < TARGET) {
    console.error('Target missed');
  }
}

runBench(main, () => {
  for (const c of children) c.kill();
  fs.rmSync(work, { recursive: true, force: true });
});
