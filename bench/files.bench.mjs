// File-share benchmark (issue 5): a 1 GiB download through the app in proxy mode against the same
// download straight from the storage, in the same run, on the same machine; and the app's RSS
// growth while a 1 GiB form upload and the proxied download stream through it.
//
// Storage is the real S3 server of scripts/swift-s3.sh (OpenStack Swift). Both download paths end at
// the same Swift, so the ratio isolates what the app's proxy costs. The 2 cores are shared by the
// load generator (this process), the app and Swift; both paths pay that equally.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { bestDownloads, generatedStream, MiB, runBench, timedDownload, watchRss } from './lib/measure.mjs';
import {
  ensureBuild,
  ROOT,
  startApp,
  stopChildren,
  swiftBucket,
  swiftConfigBody,
  swiftServer,
} from './lib/servers.mjs';

const SIZE = Number(process.env.BENCH_FILE_BYTES ?? 1024 ** 3);
const RUN = path.join(ROOT, '.tmp', `bench-files-${Date.now()}`);
const S3_PORT = 18481;
const S3_BASE = 16510;
const swift = swiftServer({ dir: path.join(RUN, 'swift'), port: S3_PORT, basePort: S3_BASE });
const children = [];

function log(...args) {
  console.log(...args);
}

/** A multipart/form-data body with option fields first and a generated file last. */
function multipartStream(fields, filename, size, hash) {
  const boundary = `----cloudclipbench${Date.now()}`;
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const enc = new TextEncoder();
  const body = generatedStream(size, hash).getReader();
  let stage = 0;
  const stream = new ReadableStream({
    async pull(controller) {
      if (stage === 0) {
        controller.enqueue(enc.encode(head + fileHead));
        stage = 1;
        return;
      }
      if (stage === 1) {
        const { value, done } = await body.read();
        if (!done) return controller.enqueue(value);
        stage = 2;
      }
      controller.enqueue(enc.encode(tail));
      controller.close();
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  fs.mkdirSync(RUN, { recursive: true });
  ensureBuild();
  log(`Starting the S3 test server and the app (file size ${(SIZE / MiB).toFixed(0)} MiB)…`);
  swift('start');
  const { child: app, url } = await startApp({
    dataDir: path.join(RUN, 'data'),
    admin: { username: 'admin', password: 'bench-password' },
    children,
  });
  const { s3, bucket } = await swiftBucket(S3_PORT, 'bench');
  const api = async (method, p, body, token) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return res.json();
  };
  const token = (await api('POST', '/admin/login', { username: 'admin', password: 'bench-password' })).data.token;
  const config = await api(
    'POST',
    '/s3-configs',
    swiftConfigBody(S3_PORT, bucket, { total_storage_bytes: 16 * 1024 ** 3 }),
    token,
  );
  // Let 1 GiB through the global upload limit (MB), straight in the database.
  const db = new Database(path.join(RUN, 'data/cloudclip.db'));
  db.prepare("UPDATE system_settings SET value = '4096' WHERE key = 'max_upload_size'").run();
  db.close();
  // Warm up: the first upload and download load code paths that would otherwise count as growth.
  const warm = multipartStream({ fields_first: '1', s3_config_id: config.data.id }, 'warm.bin', 4 * MiB);
  const warmShare = await (
    await fetch(`${url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': warm.contentType },
      body: warm.stream,
      duplex: 'half',
    })
  ).json();
  await timedDownload(`${url}/api/file-download/${warmShare.data.slug}`);

  log('Uploading through the app (multipart form, streamed)…');
  const uploadHash = createHash('md5');
  const form = multipartStream(
    { fields_first: '1', s3_config_id: config.data.id, use_proxy: '1' },
    'big.bin',
    SIZE,
    uploadHash,
  );
  const upload = await watchRss(app.pid, async () => {
    const started = process.hrtime.bigint();
    const res = await fetch(`${url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': form.contentType },
      body: form.stream,
      duplex: 'half',
    });
    const json = await res.json();
    if (!json.success) throw new Error(`upload failed: ${JSON.stringify(json)}`);
    return { json, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  });
  const share = upload.result.json.data;
  const expected = uploadHash.digest('hex');

  const file = await api('GET', `/files/${share.id}`, null, token);
  const key = file.data.storage_path;
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  const { GetObjectCommand } = await import('@aws-sdk/client-s3');
  const presigned = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 3600 });
  const { direct, proxied } = await bestDownloads({
    direct: { url: presigned },
    viaApp: { url: `${url}/api/file-download/${share.slug}` },
    appPid: app.pid,
    log,
  });

  const ok = direct.md5 === expected && proxied.result.md5 === expected;
  const ratio = proxied.result.mibps / direct.mibps;
  const rows = [
    ['scenario', 'MiB/s', 'seconds', 'app RSS growth', 'target', 'result'],
    [
      'upload 1 GiB (form, via app)',
      (SIZE / MiB / upload.result.seconds).toFixed(1),
      upload.result.seconds.toFixed(1),
      `${(upload.growth / MiB).toFixed(1)} MiB`,
      '< 64 MiB growth',
      upload.growth < 64 * MiB ? 'PASS' : 'MISS',
    ],
    ['download direct from storage', direct.mibps.toFixed(1), direct.seconds.toFixed(1), '-', 'baseline', ''],
    [
      'download via app (proxy)',
      proxied.result.mibps.toFixed(1),
      proxied.result.seconds.toFixed(1),
      `${(proxied.growth / MiB).toFixed(1)} MiB`,
      '≥ 0.8 × direct, < 64 MiB growth',
      ratio >= 0.8 && proxied.growth < 64 * MiB ? 'PASS' : 'MISS',
    ],
  ];
  log('');
  for (const row of rows) log(row.map((c, i) => String(c).padEnd(i === 0 ? 32 : 16)).join(''));
  log(`\nproxy/direct ratio: ${ratio.toFixed(2)}   bytes identical: ${ok ? 'yes' : 'NO'}`);
  if (!ok) throw new Error('downloaded bytes differ from the upload');
}

async function cleanup() {
  await stopChildren(children);
  swift('stop');
  fs.rmSync(RUN, { recursive: true, force: true });
}

runBench(main, cleanup);
