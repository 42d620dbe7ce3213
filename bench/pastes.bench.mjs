// Paste benchmark (issue 4 item 6; run by `npm run bench`). Speed is measured, not asserted: this
// prints ratios against a raw reference measured in the same run, and exits 0 on a MISS. It exits
// non-zero only when the benchmark itself failed (build, start-up, set-up, or any request error).
//
// What runs:
//   - the real app: `node build/server.js` (NODE_ENV=production) on a fresh DATA_DIR under .tmp/,
//     rebuilt first with `npm run build` when build/ is missing or older than the sources (set
//     BENCH_SKIP_BUILD=1 to measure an existing, older build instead; it says so);
//   - bench/raw-pastes-server.mjs: node:http + better-sqlite3 on the SAME database file, doing the
//     same statements per request (see that file);
//   - autocannon (programmatic API) in this process: 50 connections, a short warm-up, then
//     BENCH_DURATION seconds (default 10) per side per scenario, in two slices alternating app,
//     raw, app, raw (background load on a shared machine then falls on both sides alike).
//
// Scenarios (app vs raw):
//   1. API view     GET  /api/paste/<slug>     vs GET  /paste/<slug>
//   2. SSR page     GET  /paste/<slug>         vs GET  /page/<slug>
//      the same with Accept-Encoding as browsers send it (the app compresses, the raw side not)
//      the same against GET /rr/<slug>: a bare React Router page (bench/bare-router-page.mjs), the
//      framework floor
//   3. the long tail: 4,000 distinct ~2 KB Markdown pastes (BENCH_LONG_TAIL), a random one per request
//      API view   GET /api/paste/<random>      vs GET  /paste/<random>
//      SSR page   GET /paste/<random> as a browser asks (user agent, gzip/br) vs the app's own
//                 GET /api/paste/<random>: the page against the JSON view in the same run
//   4. create       POST /api/paste (~2 KB)    vs POST /paste (~2 KB)
//
// Why the ratios mean something on a 2-core machine where the load generator shares the CPU with
// the server: the servers run in child processes and autocannon in this one, and each side is
// measured under the same conditions: same machine, same generator, same 50 connections, same
// database file, one server under load at a time, and app and raw slices alternating so that
// background load that comes and goes falls on both. Whatever the generator's own CPU takes away,
// it takes from both sides, so app/raw compares what each server costs per request rather than
// what the machine can do; the absolute req/s are lower than on a dedicated load box and should
// not be quoted on their own. Two things are printed so a reader can check this: every process's
// CPU use (the raw server is cheap enough that the generator may become the limit on its side,
// which caps raw req/s and flatters the ratio; the ratio is then an upper bound), and each
// server's CPU time per request, which depends much less on how busy the machine was than req/s.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds } from './lib/proc.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP || 2);
/** Each side's measured time is split into this many slices, alternating app and raw. */
const ROUNDS = 2;
const P99_TARGET_MS = 50;
const ADMIN = { username: 'bench-admin', password: `bench-${randomBytes(9).toString('base64url')}` };
const MARKER = `ccbench${randomBytes(6).toString('hex')}`;
const STARTUP_TIMEOUT_MS = 60_000;
/**
 * How many distinct pastes the long-tail rows spread their requests over: enough that whatever is
 * kept per paste (once, a one-second page cache; over 400 pastes more than half its pages were hits,
 * which flattered the figures) rarely helps, as on a real server most pastes are opened a few times.
 */
const LONG_TAIL = Number(process.env.BENCH_LONG_TAIL || 4000);
/** What a browser sends with a page request (a user, not a bot: the page counts the view). */
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, br',
  'accept-language': 'en-US,en;q=0.9',
};

const children = new Set();
let dataDir;

// ---------------------------------------------------------------------------------------------
// Build

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function ensureBuild() {
  const outputs = ['build/server.js', 'build/server/index.js'].map((f) => path.join(ROOT, f));
  const builtAt = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const sources = ['app', 'server.ts', 'vite.config.ts', 'react-router.config.ts', 'prisma'];
  const sourcesAt = Math.max(...sources.map((s) => newestMtime(path.join(ROOT, s))));
  if (builtAt > 0 && builtAt >= sourcesAt) return;
  if (builtAt > 0 && process.env.BENCH_SKIP_BUILD === '1') {
    console.log('note: BENCH_SKIP_BUILD=1: measuring the existing build/, which is older than the sources.');
    return;
  }
  console.log(builtAt === 0 ? 'build/ is missing: npm run build' : 'build/ is older than the sources: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run build failed (exit ${result.status ?? result.signal})`);
}

// ---------------------------------------------------------------------------------------------
// Child processes

/** Starts a server and resolves with its base URL once it prints "listening on http://…". */
function startServer(name, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const record = { name, child, log: [], exited: false };
    children.add(record);
    const remember = (chunk) => {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) record.log.push(line);
      if (record.log.length > 200) record.log.splice(0, record.log.length - 200);
    };
    const timer = setTimeout(
      () => fail(new Error(`${name} did not print "listening on" within ${STARTUP_TIMEOUT_MS} ms`)),
      STARTUP_TIMEOUT_MS,
    );
    let settled = false;
    const fail = (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(Object.assign(error, { log: record.log }));
    };
    let pending = '';
    child.stdout.on('data', (chunk) => {
      remember(chunk);
      if (settled) return;
      pending += chunk.toString('utf8');
      const match = /listening on (http:\/\/[^\s)]+)/.exec(pending);
      if (match) {
        settled = true;
        clearTimeout(timer);
        record.url = match[1].replace(/\/+$/, '');
        resolve(record);
      }
    });
    child.stderr.on('data', remember);
    child.on('error', fail);
    child.on('exit', (code, signal) => {
      record.exited = true;
      fail(new Error(`${name} exited before listening (code ${code}, signal ${signal})`));
    });
  });
}

async function stopServer(record) {
  const { child } = record;
  if (!record.exited && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(resolve, 5000, 'timeout'));
    if ((await Promise.race([exited, timeout])) === 'timeout') {
      child.kill('SIGKILL');
      await exited;
    }
  }
  children.delete(record);
}

async function cleanup() {
  for (const record of [...children]) await stopServer(record).catch(() => undefined);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
}

// Last resort if we are interrupted: kill what we started (by PID) and remove the data dir.
process.on('exit', () => {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------------------------------------
// Set-up requests

async function request(url, { method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(url, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

function expect(condition, message, response) {
  if (!condition) {
    const detail = response ? ` (HTTP ${response.status}: ${response.text.slice(0, 300)})` : '';
    throw new Error(`set-up: ${message}${detail}`);
  }
}

/** About 2 KB of Markdown: headings, a list, a task list, a table, code, a link. */
function markdown(marker) {
  const parts = [
    `# Benchmark paste\n\nMarker: ${marker}\n`,
    '## Notes\n\nSome *emphasis*, some **strong** text, `inline code` and a [link](https://example.com/docs).\n',
    '- first item\n- second item\n  - nested item\n- third item\n',
    '- [x] done task\n- [ ] open task\n',
    '| Column A | Column B | Column C |\n| --- | :---: | ---: |\n| a1 | b1 | c1 |\n| a2 | b2 | c2 |\n| a3 | b3 | c3 |\n',
    '```js\nexport function add(a, b) {\n  return a + b; // a comment\n}\nconsole.log(add(1, 2));\n```\n',
    '> A quote with a line break,\n> and another line.\n',
  ];
  let text = parts.join('\n');
  let i = 1;
  while (Buffer.byteLength(text) < 2048) {
    text += `\nParagraph ${i++}: lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore.\n`;
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// Load

function cannonOptions(server, { path: urlPath, paths, method = 'GET', headers, body }) {
  return {
    url: server.url + (urlPath ?? paths[0]),
    connections: CONNECTIONS,
    method,
    headers,
    body,
    // The long tail: every request picks one of many pastes at random.
    ...(paths ? { requests: [{ setupRequest: (req) => ({ ...req, path: paths[randomInt(paths.length)] }) }] } : {}),
    renderProgressBar: false,
    renderResultsTable: false,
    renderLatencyTable: false,
  };
}

/**
 * Waits until a server has stopped working on requests left over from the last run (autocannon
 * drops its connections when time is up, but a slow server keeps rendering what it accepted), so
 * that backlog neither burns CPU during the other side's slice nor delays this side's next one.
 * Idle means under 10% of a core for 200 ms; gives up after 15 s.
 */
async function quiesce(server) {
  const deadline = performance.now() + 15_000;
  let before = cpuSeconds(server.child.pid);
  if (before === null) return new Promise((resolve) => setTimeout(resolve, 1000));
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = cpuSeconds(server.child.pid);
    if (now === null || now - before < 0.02) return;
    before = now;
  }
}

/** One measured slice: autocannon's unaggregated result plus the CPU both processes used. */
async function slice(server, spec, seconds) {
  const cpu0 = { self: process.cpuUsage(), server: cpuSeconds(server.child.pid), at: performance.now() };
  const result = await autocannon({ ...cannonOptions(server, spec), duration: seconds, skipAggregateResult: true });
  const serverCpu = cpuSeconds(server.child.pid);
  const self = process.cpuUsage(cpu0.self);
  const wall = (performance.now() - cpu0.at) / 1000;
  await quiesce(server);
  const drainedCpu = cpuSeconds(server.child.pid);
  return {
    result,
    wall,
    loadgenSeconds: (self.user + self.system) / 1e6,
    serverSeconds: cpu0.server === null || serverCpu === null ? null : serverCpu - cpu0.server,
    // Until the server went idle again, i.e. including the requests still in flight when time was up.
    serverSecondsDrained: cpu0.server === null || drainedCpu === null ? null : drainedCpu - cpu0.server,
  };
}

/** Merges a side's slices: req/s and p99 from autocannon's merged histograms, CPU summed. */
function summarize(server, spec, slices) {
  const result = autocannon.aggregateResult(
    slices.map((s) => s.result),
    cannonOptions(server, spec),
  );
  const wall = slices.reduce((sum, s) => sum + s.wall, 0);
  const serverSeconds = slices.some((s) => s.serverSeconds === null)
    ? null
    : slices.reduce((sum, s) => sum + s.serverSeconds, 0);
  const drainedSeconds = slices.some((s) => s.serverSecondsDrained === null)
    ? null
    : slices.reduce((sum, s) => sum + s.serverSecondsDrained, 0);
  const sent = slices.reduce((sum, s) => sum + s.result.totalRequests, 0);
  const loadgenSeconds = slices.reduce((sum, s) => sum + s.loadgenSeconds, 0);
  // autocannon's merged per-second histogram does not survive aggregateResult (its average comes
  // back 0), so req/s is completed requests over measured seconds.
  const total = result.requests.total;
  const seconds = slices.reduce((sum, s) => sum + s.result.duration, 0);
  return {
    rps: total / seconds,
    sliceRps: slices.map((s) => s.result.totalCompletedRequests / s.result.duration),
    total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // A side that completed nothing at all has failed too, even with no error counted.
    failures: result.errors + result.timeouts + result.non2xx + result.resets + result.mismatches + (total ? 0 : 1),
    detail: {
      completed: total,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      resets: result.resets,
      statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    },
    loadgenCpu: loadgenSeconds / wall,
    serverCpu: serverSeconds === null ? null : serverSeconds / wall,
    // CPU until idle over requests sent (completed + cut off in flight, which the server still served).
    cpuPerReqMs: drainedSeconds === null || !sent ? null : (drainedSeconds * 1000) / sent,
  };
}

/**
 * Warms both sides up, then alternates app and raw in ROUNDS slices each, so that background load
 * on a shared machine (it changes over seconds) falls on both sides alike rather than on one.
 */
async function measure(app, raw, scenario) {
  await autocannon({ ...cannonOptions(app, scenario.app), duration: WARMUP_S });
  await quiesce(app);
  await autocannon({ ...cannonOptions(raw, scenario.raw), duration: WARMUP_S });
  await quiesce(raw);
  const slices = { app: [], raw: [] };
  const seconds = DURATION_S / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    slices.app.push(await slice(app, scenario.app, seconds));
    slices.raw.push(await slice(raw, scenario.raw, seconds));
  }
  return {
    app: summarize(app, scenario.app, slices.app),
    raw: summarize(raw, scenario.raw, slices.raw),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pct = (n) => (n === null || !Number.isFinite(n) ? '-' : `${Math.round(n * 100)}%`);

function verdict(row) {
  if (row.app.failures > 0 || row.raw.failures > 0) return 'ERROR';
  if (row.target === null) return 'floor';
  const misses = [];
  if (row.ratio < row.target) misses.push(`ratio < ${row.target}`);
  const p99Target = row.p99Target ?? P99_TARGET_MS;
  if (!(row.app.p99 < p99Target)) misses.push(`p99 >= ${p99Target} ms`);
  if (row.cpuTarget && !(row.app.cpuPerReqMs <= row.cpuTarget)) misses.push(`CPU/req > ${row.cpuTarget} ms`);
  const result = misses.length ? `MISS (${misses.join(', ')})` : 'PASS';
  return row.placeholder ? `${result} [PLACEHOLDER PAGE]` : result;
}

function printTable(rows) {
  const header = ['scenario', 'app req/s', 'raw req/s', 'app/raw', 'app p99 ms', 'raw p99 ms', 'target', 'result'];
  const lines = rows.map((row) => [
    row.name,
    fmt(row.app.rps),
    fmt(row.raw.rps),
    fmt(row.ratio, 3),
    fmt(row.app.p99),
    fmt(row.raw.p99),
    row.target === null ? '-' : `>= ${row.target}, p99 < ${row.p99Target ?? P99_TARGET_MS}`,
    verdict(row),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (cells) =>
    cells.map((c, i) => (i === 0 || i >= 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\n${render(header).trimEnd()}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(render(l).trimEnd());
  console.log(
    `\n${CONNECTIONS} connections; per side ${WARMUP_S} s warm-up, then ${DURATION_S} s measured in ${ROUNDS} slices ` +
      `alternating app and raw; req/s is completed requests / measured seconds.\nPer scenario, app / raw: server CPU (100% = one core), server CPU time per request ` +
      `(until idle, over requests sent; steadier than req/s on a busy machine), load generator CPU, p50 latency, req/s of each slice:`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(widths[0])}  server ${pct(row.app.serverCpu)} / ${pct(row.raw.serverCpu)}` +
        `   CPU/req ${fmt(row.app.cpuPerReqMs, 2)} / ${fmt(row.raw.cpuPerReqMs, 2)} ms` +
        `   generator ${pct(row.app.loadgenCpu)} / ${pct(row.raw.loadgenCpu)}` +
        `   p50 ${fmt(row.app.p50)} / ${fmt(row.raw.p50)} ms` +
        `   req/s by slice ${row.app.sliceRps.map((n) => fmt(n)).join(', ')} / ${row.raw.sliceRps.map((n) => fmt(n)).join(', ')}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Main

async function main() {
  const started = performance.now();
  const [load1] = os.loadavg();
  if (load1 > 0.5 * os.cpus().length) {
    console.log(`note: the machine is already busy (load average ${load1.toFixed(2)}); figures will be noisy.`);
  }
  ensureBuild();

  fs.mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  dataDir = fs.mkdtempSync(path.join(ROOT, '.tmp', 'bench-'));
  const dbFile = path.join(dataDir, 'cloudclip.db');

  const appEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    S3_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOGIN_RATE_LIMIT: '1000000/1',
    PASSWORD_RATE_LIMIT: '1000000/1',
  };
  const app = await startServer('app (build/server.js)', ['build/server.js'], appEnv);

  const login = await request(`${app.url}/api/admin/login`, { method: 'POST', body: ADMIN });
  const token = login.json?.data?.token;
  expect(login.status === 200 && token, 'admin login did not return data.token', login);
  const auth = { authorization: `Bearer ${token}` };

  const content = markdown(MARKER);
  const slug = `bench-${randomBytes(4).toString('hex')}`;
  const created = await request(`${app.url}/api/paste`, { method: 'POST', headers: auth, body: { content, slug } });
  expect(created.status === 200 && created.json?.slug === slug, 'creating the benchmark paste failed', created);

  // The long tail: many distinct pastes, each request opening one at random (LONG_TAIL of them).
  const tail = [];
  for (let start = 0; start < LONG_TAIL; start += 20) {
    const batch = Array.from({ length: Math.min(20, LONG_TAIL - start) }, async (_, i) => {
      const made = await request(`${app.url}/api/paste`, {
        method: 'POST',
        headers: auth,
        body: { content: markdown(`${MARKER}-${start + i}`) },
      });
      expect(made.status === 200 && made.json?.slug, 'creating a long-tail paste failed', made);
      return made.json.slug;
    });
    tail.push(...(await Promise.all(batch)));
  }
  // Each opened once, as on a server that has been running: the first view of a paste renders its
  // Markdown and keeps it (docs/decisions/0023-paste-html-rendered-once.md); the rows measure views.
  for (const slug of tail) {
    const first = await request(`${app.url}/paste/${slug}`, { headers: BROWSER });
    expect(first.status === 200, 'opening a long-tail paste failed', first);
  }

  // The raw server opens the database only now, after the app created and migrated it.
  const raw = await startServer('raw server', ['bench/raw-pastes-server.mjs', dbFile], appEnv);

  // Check every endpoint once before loading it, so a broken one fails here with a reason.
  const appView = await request(`${app.url}/api/paste/${slug}`);
  expect(appView.status === 200 && appView.json?.content === content, 'app GET /api/paste/<slug>', appView);
  const rawView = await request(`${raw.url}/paste/${slug}`);
  expect(rawView.status === 200 && rawView.json?.content === content, 'raw GET /paste/<slug>', rawView);
  const rawPage = await request(`${raw.url}/page/${slug}`);
  expect(rawPage.status === 200 && rawPage.text.includes(MARKER), 'raw GET /page/<slug>', rawPage);
  const barePage = await request(`${raw.url}/rr/${slug}`);
  expect(barePage.status === 200 && barePage.text.includes(MARKER), 'raw GET /rr/<slug>', barePage);
  const appPage = await request(`${app.url}/paste/${slug}`);
  expect(appPage.status >= 200 && appPage.status < 300, 'app GET /paste/<slug> (SSR page) is not 2xx', appPage);
  const placeholder = !appPage.text.includes(MARKER);
  const body = JSON.stringify({ content });
  const appCreate = await request(`${app.url}/api/paste`, { method: 'POST', headers: auth, body: { content } });
  expect(appCreate.status === 200 && appCreate.json?.slug, 'app POST /api/paste without slug', appCreate);
  const rawCreate = await request(`${raw.url}/paste`, { method: 'POST', headers: auth, body: { content } });
  expect(rawCreate.status === 200 && rawCreate.json?.slug, 'raw POST /paste', rawCreate);

  console.log(
    `app ${app.url} (pid ${app.child.pid}), raw ${raw.url} (pid ${raw.child.pid}), ` +
      `paste "${slug}" ${Buffer.byteLength(content)} bytes, SSR page ${Buffer.byteLength(appPage.text)} bytes`,
  );
  if (placeholder) {
    console.log(
      '\n!! The SSR paste page does not contain the paste content: it is still a placeholder. Its row below\n' +
        '!! measures the placeholder page, not a rendered paste; re-run once app/routes/paste/view.tsx is built.',
    );
  }

  const json = { 'content-type': 'application/json', ...auth };
  const scenarios = [
    {
      name: 'API view',
      target: 0.35,
      app: { path: `/api/paste/${slug}` },
      raw: { path: `/paste/${slug}` },
    },
    { name: 'SSR page', target: 0.1, app: { path: `/paste/${slug}` }, raw: { path: `/page/${slug}` }, placeholder },
    {
      // What a browser gets: the page compressed (brotli 4, docs/architecture.md §13); the raw side
      // does not compress, so this row's ratio against the one above is the compression's cost.
      name: 'SSR page, br',
      target: 0.1,
      app: { path: `/paste/${slug}`, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      raw: { path: `/page/${slug}` },
      placeholder,
    },
    {
      // The framework floor: a bare React Router page with the same data. No target: it says how
      // much of the page's cost is the app's own.
      name: 'SSR vs bare RR',
      target: null,
      app: { path: `/paste/${slug}` },
      raw: { path: `/rr/${slug}` },
      placeholder,
    },
    {
      name: 'API view, long tail',
      target: 0.35,
      app: { paths: tail.map((slug) => `/api/paste/${slug}`) },
      raw: { paths: tail.map((slug) => `/paste/${slug}`) },
    },
    {
      // The page as a browser asks for it, over the long tail, against the app's own JSON view of
      // the same pastes in the same run (issue 29: >= 0.15, <= 2.5 ms CPU per page, p99 <= 100 ms).
      name: 'SSR page vs JSON, long tail',
      target: 0.15,
      p99Target: 100,
      cpuTarget: 2.5,
      app: { paths: tail.map((slug) => `/paste/${slug}`), headers: BROWSER },
      raw: { paths: tail.map((slug) => `/api/paste/${slug}`) },
      reference: 'app',
      placeholder,
    },
    {
      name: 'create',
      target: 0.5,
      app: { path: '/api/paste', method: 'POST', headers: json, body },
      raw: { path: '/paste', method: 'POST', headers: json, body },
    },
  ];

  const rows = [];
  // BENCH_ONLY=<text>: only the rows whose name contains it (say "long tail"), for a quicker look.
  for (const s of scenarios.filter((row) => row.name.includes(process.env.BENCH_ONLY ?? ''))) {
    console.log(`measuring ${s.name}`);
    const { app: appResult, raw: rawResult } = await measure(app, s.reference === 'app' ? app : raw, s);
    rows.push({ ...s, app: appResult, raw: rawResult, ratio: appResult.rps / rawResult.rps });
  }

  printTable(rows);

  const failed = rows.filter((r) => r.app.failures > 0 || r.raw.failures > 0);
  for (const row of failed) {
    console.error(
      `\n!!!! ERROR in "${row.name}": requests failed (or none completed in time), so its ratio means nothing.`,
    );
    for (const side of ['app', 'raw']) {
      if (row[side].failures > 0) console.error(`!!!!   ${side}: ${JSON.stringify(row[side].detail)}`);
    }
  }
  if (failed.length) {
    const tail = app.log.slice(-20).join('\n');
    if (tail) console.error(`\nLast lines of the app's output:\n${tail}`);
  }
  console.log(`\nTotal time ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  return failed.length ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`\nBENCHMARK FAILED: ${error.message}`);
  if (error.log?.length) console.error(`Server output:\n${error.log.slice(-30).join('\n')}`);
} finally {
  await cleanup();
}
process.exit(exitCode);
