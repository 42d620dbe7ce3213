// Sign-in benchmark (issue 44; run by `npm run bench`). Speed is measured, not asserted: it prints
// ratios against baselines measured in the same run, and exits non-zero only when the benchmark
// itself failed.
//
// What runs: the real app (build/server.js) on a fresh data folder, with its first admin and a
// member (made through /api/admin/users). Then:
//   - password sign-in: BENCH_ROUNDS (default 20) POST /api/admin/login, alternating admin and
//     member, against the floor of any password sign-in: one scrypt of the same parameters
//     (app/auth/password.server.ts) in this process. The app adds the one way in
//     (models/accounts/sign-in.server.ts): the limit, the account with its rights, the policy, the
//     session row and the audit event.
//   - the session check every request makes: BENCH_REQUESTS (default 2,000) GET /api/test/api-key
//     with a Bearer token, 8 at a time, for the admin and for the member (whose principal is built
//     from its rights row), against GET /api/health, which resolves no principal's rights.
// With BENCH_BEFORE=<a checkout with its own build> (e.g. the commit before accounts, built), the
// same admin sign-in and session check run on that build too, alternating, and the ratios now/before
// are printed: what accounts cost an existing admin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, scryptSync } from 'node:crypto';
import { api, ensureBuild, startApp } from './lib/servers.mjs';
import { runBench } from './lib/measure.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 2000);
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };
const MEMBER = { username: 'bench-member', password: `member-${randomBytes(9).toString('base64url')}` };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-sign-in-'));
const beforeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-sign-in-before-'));
const BEFORE = process.env.BENCH_BEFORE;
const children = [];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function login(url, who) {
  const started = performance.now();
  const res = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const token = (await res.json()).data.token;
  return { ms: performance.now() - started, token };
}

/** `REQUESTS` GETs of `urlPath`, 8 at a time: requests per second. */
async function throughput(url, urlPath, headers = {}) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next++ < REQUESTS) {
        const res = await fetch(`${url}${urlPath}`, { headers });
        if (res.status !== 200) throw new Error(`${urlPath} answered ${res.status}`);
        await res.arrayBuffer();
      }
    }),
  );
  return REQUESTS / ((performance.now() - started) / 1000);
}

async function main() {
  ensureBuild();
  const app = await startApp({ dataDir, admin: ADMIN, children });
  const admin = (await login(app.url, ADMIN)).token;
  await api(app.url, 'POST', '/admin/users', {
    token: admin,
    body: { ...MEMBER, permissions: 3, basic_path: '/' },
  });

  const scryptMs = [];
  const salt = randomBytes(16);
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    scryptSync('a password typed at the login form', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    scryptMs.push(performance.now() - started);
  }
  const loginMs = { admin: [], member: [] };
  let memberToken = '';
  for (let i = 0; i < ROUNDS + 2; i++) {
    const a = await login(app.url, ADMIN);
    const m = await login(app.url, MEMBER);
    memberToken = m.token;
    if (i < 2) continue; // warm-up
    loginMs.admin.push(a.ms);
    loginMs.member.push(m.ms);
  }
  console.log(`scrypt (the floor)          median ${median(scryptMs).toFixed(1)} ms`);
  for (const who of ['admin', 'member'])
    console.log(
      `POST /api/admin/login ${who.padEnd(6)} median ${median(loginMs[who]).toFixed(1)} ms  ratio ${(median(loginMs[who]) / median(scryptMs)).toFixed(2)}× scrypt`,
    );

  const health = await throughput(app.url, '/api/health');
  const adminChecks = await throughput(app.url, '/api/test/api-key', { Authorization: `Bearer ${admin}` });
  const memberChecks = await throughput(app.url, '/api/test/api-key', { Authorization: `Bearer ${memberToken}` });
  console.log(`GET /api/health             ${health.toFixed(0)} req/s (baseline)`);
  if (BEFORE) await compareWithBefore(app.url);
  console.log(
    `GET /api/test/api-key admin  ${adminChecks.toFixed(0)} req/s  ratio ${(adminChecks / health).toFixed(2)}×`,
  );
  console.log(
    `GET /api/test/api-key member ${memberChecks.toFixed(0)} req/s  ratio ${(memberChecks / health).toFixed(2)}×`,
  );
}

/** The admin's sign-in and session check on this build and on BENCH_BEFORE's, alternating. */
async function compareWithBefore(nowUrl) {
  const before = await startApp({ root: path.resolve(BEFORE), dataDir: beforeDir, admin: ADMIN, children });
  const ms = { now: [], before: [] };
  for (let i = 0; i < ROUNDS + 2; i++) {
    const b = await login(before.url, ADMIN);
    const n = await login(nowUrl, ADMIN);
    if (i < 2) continue;
    ms.before.push(b.ms);
    ms.now.push(n.ms);
  }
  const tokens = { now: (await login(nowUrl, ADMIN)).token, before: (await login(before.url, ADMIN)).token };
  // Paired rounds, the order swapped each time: this machine's speed drifts through a run, so one
  // long measurement of each would mostly measure the drift.
  const ratios = [];
  for (let i = 0; i < 6; i++) {
    const first = i % 2 ? 'now' : 'before';
    const urls = { before: before.url, now: nowUrl };
    const rate = {};
    for (const which of first === 'now' ? ['now', 'before'] : ['before', 'now'])
      rate[which] = await throughput(urls[which], '/api/test/api-key', { Authorization: `Bearer ${tokens[which]}` });
    ratios.push(rate.now / rate.before);
  }
  console.log(`before: login median ${median(ms.before).toFixed(1)} ms`);
  console.log(
    `now/before: login ${(median(ms.now) / median(ms.before)).toFixed(2)}×, session check throughput ${median(ratios).toFixed(2)}× (median of 6 paired rounds: ${ratios.map((r) => r.toFixed(2)).join(' ')})`,
  );
}

runBench(main, async () => {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(beforeDir, { recursive: true, force: true });
});
