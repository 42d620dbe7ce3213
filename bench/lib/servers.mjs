// What the file benchmarks share: their own S3 server (scripts/swift-s3.sh on private ports), the
// app's production build on a fresh data folder, and process memory from /proc.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the app first when build/ has no server yet. */
export function ensureBuild() {
  if (fs.existsSync(path.join(ROOT, 'build/server.js'))) return;
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

/** start/stop of a Swift S3 server with its state in `dir`, open to every browser origin. */
export function swiftServer({ dir, port, basePort }) {
  const env = {
    ...process.env,
    SWIFT_S3_DIR: dir,
    SWIFT_S3_PORT: String(port),
    SWIFT_S3_BASEPORT: String(basePort),
    SWIFT_S3_CORS_ORIGINS: '*',
  };
  return (cmd) => {
    const r = spawnSync('bash', [path.join(ROOT, 'scripts/swift-s3.sh'), cmd], { env, encoding: 'utf8' });
    if (r.status !== 0 && cmd === 'start') throw new Error(`swift-s3 ${cmd} failed: ${r.stdout}${r.stderr}`);
  };
}

/** The node flags `npm start` runs the server with (scripts/server-node-flags.json). */
export const SERVER_NODE_FLAGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/server-node-flags.json'), 'utf8'));

/**
 * Stops the processes a bench started (SIGTERM) and resolves once every one has exited (SIGKILL
 * after 10 s: a replica capped at a sliver of a core can take seconds, and its cgroup cannot be
 * removed before it has gone). A cleanup that removes the run's folder waits for this: the app
 * writes its last figures to its database as it stops, and a folder removed before that came back
 * with a new `cloudclip.db` in it (13 runs of bench/big-folder.bench.mjs left theirs in .tmp).
 */
export async function stopChildren(children) {
  await Promise.all(
    children.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
}

/**
 * Starts `<buildDir>/server.js` on a port the OS picks, with `npm start`'s node flags unless
 * `nodeFlags` says otherwise, with `env` added (DATABASE_URL, APP_SECRET); resolves with the child
 * and its URL.
 */
export function startApp({
  root = ROOT,
  buildDir = path.join(root, 'build'),
  dataDir,
  admin,
  children,
  nodeFlags = SERVER_NODE_FLAGS,
  env = {},
}) {
  const child = spawn(process.execPath, [...nodeFlags, path.join(buildDir, 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      S3_PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children?.push(child);
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  // BENCH_APP_LOG=1: the app's own log (its stdout, app/log.server.ts) and its stderr on this
  // terminal, to see why a scenario failed.
  if (process.env.BENCH_APP_LOG) {
    child.stdout.pipe(process.stderr);
    child.stderr.pipe(process.stderr);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not start: ${out}`)), 30_000);
    const untilListening = (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      // From here on its log is read and dropped: kept and searched again on every chunk, a request
      // line per view made this process take half a core under load, beside the app it measures.
      child.stdout.off('data', untilListening).resume();
      out = '';
      resolve({ child, url: m[1] });
    };
    child.stdout.on('data', untilListening);
    child.once('exit', (code) => reject(new Error(`app exited ${code}: ${out}`)));
  });
}

/** RSS of a process in bytes, from /proc (0 once it is gone). */
export function rss(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * An S3 client for the Swift server on `port` and a fresh bucket (retried while Swift finishes
 * starting). `options` go to the client (checksum settings).
 */
export async function swiftBucket(port, prefix, options = {}) {
  const { CreateBucketCommand, S3Client } = await import('@aws-sdk/client-s3');
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test:tester', secretAccessKey: 'testing' },
    forcePathStyle: true,
    ...options,
  });
  const bucket = `${prefix}-${Date.now()}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      return { s3, bucket };
    } catch (error) {
      if (attempt > 100) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The POST /api/s3-configs body of a config on `bucket` of the Swift server on `port`. */
export function swiftConfigBody(port, bucket, extra = {}) {
  return {
    name: 'bench',
    provider_type: 'Other',
    endpoint_url: `http://127.0.0.1:${port}`,
    bucket_name: bucket,
    region: 'us-east-1',
    access_key_id: 'test:tester',
    secret_access_key: 'testing',
    path_style: true,
    ...extra,
  };
}

/** One JSON call of the app's API (with a Bearer token); throws on an error answer, else answers the JSON. */
export async function api(base, method, urlPath, { token, body } = {}) {
  const res = await fetch(`${base}/api${urlPath}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: body && JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok || json.success === false) throw new Error(`${method} ${urlPath}: ${JSON.stringify(json)}`);
  return json;
}

/** A port on 127.0.0.1 that nothing listens on now (for a server that needs its port up front). */
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on 127.0.0.1:`port` (a server started without a readiness line). */
export async function listening(port) {
  for (let i = 0; i < 150; i++) {
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => (socket.end(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listens on ${port}`);
}

/**
 * The floor of a storage on this disk: a bare node:http server whose PUT writes a file of `root`
 * and whose GET streams one, nothing else (no routes, rules or headers).
 */
export function startFloor(root) {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const done = (error) => res.writeHead(error ? 500 : 200).end();
    if (req.method === 'PUT') return void pipeline(req, fs.createWriteStream(file)).then(() => done(), done);
    const size = fs.statSync(file).size;
    res.writeHead(200, { 'Content-Length': String(size) });
    pipeline(fs.createReadStream(file), res).catch(() => undefined);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

/**
 * What any Node server pays to pass a download on: a bare node:http server whose GET
 * `/?url=<http URL>` pipes that URL's body to the client, nothing else.
 */
export function startBareProxy() {
  const server = http.createServer((req, res) => {
    const upstream = http.get(new URL(req.url, 'http://x').searchParams.get('url'), (answer) => {
      res.writeHead(answer.statusCode, { 'Content-Length': answer.headers['content-length'] });
      pipeline(answer, res).catch(() => undefined);
    });
    upstream.on('error', () => res.writeHead(502).end());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` })),
  );
}

/**
 * The raw reference of the paste benches (bench/raw-pastes-server.mjs): node:http and
 * better-sqlite3 on the database file `dbFile`, doing a request's database work and nothing else.
 * Resolves with its child (added to `children`) and URL.
 */
export function startRawPastes(dbFile, children) {
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
