// Memory under sustained load (issue 10, "RSS climbs and stays there"): the same mixed load — paste
// pages rendered on the server, paste JSON, 1 MiB proxied downloads, health, the home page and a file
// page, 64 requests in flight — against the app with node's default heap and with the flags
// `npm start` uses (scripts/server-node-flags.json), in the same run. Prints the RSS before, at the
// end of the load and 30 s later, the requests per second, and the ratios against the default.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rss, startApp, SERVER_NODE_FLAGS } from './lib/servers.mjs';

const TOTAL = Number(process.env.BENCH_MEMORY_REQUESTS ?? 12_000);
const IN_FLIGHT = 64;
const admin = { username: 'admin', password: 'bench-password-1234' };
const MiB = 1024 * 1024;
const mib = (bytes) => Math.round(bytes / MiB);

async function run(label, nodeFlags) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-bench-memory-'));
  const children = [];
  const { child, url } = await startApp({ dataDir, admin, children, nodeFlags });
  try {
    const json = async (p, init) => (await fetch(url + p, init)).json();
    const login = await json('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    const auth = { authorization: `Bearer ${login.data.token}` };
    const paste = await json('/api/paste', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `# A paste\n\n${'Some **markdown** text. '.repeat(400)}` }),
    });
    const file = await json('/api/upload-direct/bench.bin', {
      method: 'PUT',
      headers: auth,
      body: new Uint8Array(MiB),
    });
    const paths = [
      `/paste/${paste.slug}`,
      `/api/paste/${paste.slug}`,
      `/api/file-download/${file.data.slug}`,
      '/api/health',
      '/',
      `/file/${file.data.slug}`,
    ];
    const before = rss(child.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rss(child.pid))), 100);
    let sent = 0;
    const started = Date.now();
    const worker = async () => {
      while (sent < TOTAL) {
        const res = await fetch(url + paths[sent++ % paths.length]);
        await res.arrayBuffer();
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    const seconds = (Date.now() - started) / 1000;
    clearInterval(sampler);
    const end = rss(child.pid);
    await new Promise((resolve) => setTimeout(resolve, 30_000));
    const idle = rss(child.pid);
    const result = { label, before, peak, end, idle, rps: TOTAL / seconds };
    console.log(
      `${label.padEnd(28)} RSS before ${mib(before)} MiB, peak ${mib(peak)} MiB, end of load ${mib(end)} MiB, ` +
        `30 s idle ${mib(idle)} MiB; ${result.rps.toFixed(0)} requests/s`,
    );
    return result;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`${TOTAL} requests, ${IN_FLIGHT} in flight, same machine as the load generator`);
const baseline = await run('node defaults (baseline)', []);
const flagged = await run(`npm start (${SERVER_NODE_FLAGS.join(' ')})`, SERVER_NODE_FLAGS);
const ratio = (key) => (flagged[key] / baseline[key]).toFixed(2);
console.log(
  `ratios against the baseline: peak RSS ${ratio('peak')}, RSS 30 s after ${ratio('idle')}, requests/s ${ratio('rps')}`,
);
