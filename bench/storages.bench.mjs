// WebDAV and SFTP storages (issue 48, docs/storage.md), each against rclone talking to the very
// same server in the same run:
//  - a 1 GiB write: a PUT through the app's /dav onto a mount of the storage, against `rclone rcat`;
//  - a 1 GiB read into a file, as users download: /api/fs/download of that file with `curl -o`,
//    against `rclone copyto --ignore-checksum` (rclone's copy; without the flag it also hashes the
//    file on both sides, SFTP's by running md5sum on the server, which curl does not), best of
//    BENCH_STORAGE_ROUNDS (3) after a warm-up (target ≥ 0.7 of rclone's throughput both ways).
//    Beside it, a stricter figure without the disk: curl against `rclone cat`, each into
//    `wc -c`, where the app's hop (one more process and two more copies of every byte, on two
//    cores) is all the difference; for WebDAV also through a bare Node proxy (http.get piped),
//    what passing the bytes on costs any Node server here, as rclone cat passes them on to no one,
//    and curl straight from the server: what the client alone makes of rclone's figure (1.06× in
//    a run of 2026-12-01: the gap is the app's hop, not curl);
//  - listing a folder of 10,000 files: /api/fs/list (no cache) against `rclone lsf` (target ≤ 1.5×
//    its time; rclone's includes starting the process, ~50 ms);
//  - a zip of that folder (/api/fs/archive), which walks it in pages of 1,000 and reads every file,
//    against `rclone cat` of the folder (every file's bytes, one after the other): no target, it
//    shows what a walk over a big folder costs (docs/storage.md, "Big folders").
// The servers: `rclone serve webdav` of a temp folder, and a throw-away OpenSSH sshd with its own
// keys (as tests/support/remote-servers.ts starts them).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { generatedStream, MiB, runBench } from './lib/measure.mjs';
import { cpuSeconds } from './lib/proc.mjs';
import { ensureBuild, freePort, listening, ROOT, startApp, startBareProxy, stopChildren } from './lib/servers.mjs';

const BYTES = Number(process.env.BENCH_STORAGE_BYTES ?? 1024 ** 3);
const ENTRIES = Number(process.env.BENCH_STORAGE_ENTRIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 3);
const RUN = path.join(ROOT, '.tmp', `bench-storages-${Date.now()}`);
const ADMIN = { username: 'admin', password: 'bench-password' };
const children = [];
let bare;
const log = (...args) => console.log(...args);
const seconds = (started) => Number(process.hrtime.bigint() - started) / 1e9;
const basic = `Basic ${Buffer.from(`${ADMIN.username}:${ADMIN.password}`).toString('base64')}`;

function serve(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

async function startWebdav(dir) {
  const port = await freePort();
  serve('rclone', ['serve', 'webdav', dir, '--addr', `127.0.0.1:${port}`, '--user', 'u', '--pass', 'p']);
  await listening(port);
  const obscured = execFileSync('rclone', ['obscure', 'p'], { encoding: 'utf8' }).trim();
  return {
    url: `http://127.0.0.1:${port}/`,
    config: { storage_type: 'webdav', endpoint_url: `http://127.0.0.1:${port}/`, username: 'u', password: 'p' },
    rclone: { TYPE: 'webdav', URL: `http://127.0.0.1:${port}/`, VENDOR: 'rclone', USER: 'u', PASS: obscured },
  };
}

async function startSshd(base, dir) {
  const port = await freePort();
  const key = (name) => {
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(base, name)]);
    return path.join(base, name);
  };
  const host = key('host');
  const client = key('client');
  fs.copyFileSync(`${client}.pub`, path.join(base, 'authorized_keys'));
  fs.mkdirSync('/run/sshd', { recursive: true });
  const config = path.join(base, 'sshd_config');
  fs.writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${host}`,
      `PidFile ${path.join(base, 'sshd.pid')}`,
      `AuthorizedKeysFile ${path.join(base, 'authorized_keys')}`,
      'PasswordAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'Subsystem sftp internal-sftp',
    ].join('\n') + '\n',
  );
  serve('/usr/sbin/sshd', ['-D', '-f', config]);
  await listening(port);
  const user = os.userInfo().username;
  return {
    config: {
      storage_type: 'sftp',
      host: '127.0.0.1',
      port,
      username: user,
      private_key: fs.readFileSync(client, 'utf8'),
      root_folder: dir,
    },
    rclone: { TYPE: 'sftp', HOST: '127.0.0.1', PORT: String(port), USER: user, KEY_FILE: client, ROOT: dir },
  };
}

/**
 * rclone with the remote `r` configured by environment (no config file). `counted`: its output
 * goes through `wc -c` (as curl's does in `curl` below) and the child prints only the count.
 */
function rclone(remote, args, { input, counted = false } = {}) {
  const env = { ...process.env };
  for (const [name, value] of Object.entries(remote)) if (name !== 'ROOT') env[`RCLONE_CONFIG_R_${name}`] = value;
  const at = (p) => `r:${remote.ROOT ? `${remote.ROOT}/` : ''}${p}`;
  const child = client(
    'rclone',
    args.map((a) => (a.startsWith('r:') ? at(a.slice(2)) : a)),
    { env, input: Boolean(input), counted },
  );
  if (input) Readable.fromWeb(input).pipe(child.stdin);
  return child;
}

/**
 * A download through the app with curl, into `wc -c` as `rclone cat`'s bytes go: on both sides a
 * command-line client and the same small sink, no hashing. (Counted in this Node process instead,
 * the bytes cost more CPU on the cores the servers share than either client did.) With `into`, into
 * that file instead, as users download (failing on an HTTP error).
 */
function curl(url, into) {
  const args = ['-sS', '-H', `Authorization: ${basic}`, url];
  return into ? client('curl', ['--fail', '-o', into, ...args], {}) : client('curl', args, { counted: true });
}

/** `command args`, or `command args | wc -c` when counted. */
function client(command, args, { env = process.env, input = false, counted = false }) {
  const stdio = [input ? 'pipe' : 'ignore', 'pipe', 'inherit'];
  if (!counted) return spawn(command, args, { env, stdio });
  return spawn('sh', ['-c', '"$@" | wc -c', 'sh', command, ...args], { env, stdio });
}

/** Runs a client to the end: seconds taken, and what it printed (with `counted`, wc's count). */
async function timed(start) {
  const started = process.hrtime.bigint();
  const child = start();
  const output = [];
  child.stdout.on('data', (d) => output.push(d));
  // 'close', not 'exit': the last of its output may still be on the way when it exits.
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`${child.spawnargs.join(' ')} exited ${code}`);
  return { seconds: seconds(started), output: Buffer.concat(output) };
}

async function main() {
  ensureBuild();
  fs.mkdirSync(RUN, { recursive: true });
  const dataDir = path.join(RUN, 'data');
  const { url, child: app } = await startApp({ dataDir, admin: ADMIN, children });
  bare = await startBareProxy();
  const api = async (method, p, body) => {
    const res = await fetch(`${url}/api${p}`, {
      method,
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${p}: ${JSON.stringify(json)}`);
    return json.data;
  };
  await api('PUT', '/admin/settings/group/1', { max_upload_size: Math.ceil((BYTES * 2) / MiB) });

  const rows = [];
  // BENCH_STORAGE_KINDS=webdav (or sftp): one of them only.
  for (const kind of (process.env.BENCH_STORAGE_KINDS ?? 'webdav,sftp').split(',')) {
    const served = path.join(RUN, `${kind}-served`);
    fs.mkdirSync(path.join(served, 'wide'), { recursive: true });
    for (let i = 0; i < ENTRIES; i++) fs.writeFileSync(path.join(served, 'wide', `f${i}.txt`), 'x');
    const server = kind === 'webdav' ? await startWebdav(served) : await startSshd(RUN, served);
    const config = await api('POST', '/s3-configs', { name: kind, ...server.config });
    await api('POST', '/admin/mounts', {
      name: kind,
      mount_path: `/${kind}`,
      storage_config_id: config.id,
      cache_ttl: 0,
    });

    log(`${kind}: writing ${BYTES / MiB} MiB with rclone rcat, then through the app…`);
    const theirWrite = await timed(() =>
      rclone(server.rclone, ['rcat', 'r:theirs.bin'], { input: generatedStream(BYTES) }),
    );
    const started = process.hrtime.bigint();
    const put = await fetch(`${url}/dav/${kind}/ours.bin`, {
      method: 'PUT',
      headers: { Authorization: basic, 'Content-Length': String(BYTES) },
      body: generatedStream(BYTES),
      duplex: 'half',
    });
    if (put.status >= 300) throw new Error(`PUT answered ${put.status}`);
    const ourWrite = seconds(started);

    log(`${kind}: reading it back with rclone cat and through the app, ${ROUNDS + 1} times each…`);
    // Best of ROUNDS each, in turns, after a round that warms both (as bench/downloads.bench.mjs).
    // And the app's CPU seconds per GiB of its read, the least over the rounds.
    const reads = { theirs: Infinity, ours: Infinity, cpu: Infinity, bare: Infinity, curl: Infinity };
    const filed = { theirs: Infinity, ours: Infinity };
    const file = path.join(RUN, 'downloaded.bin');
    const download = `${url}/api/fs/download?path=${encodeURIComponent(`/${kind}/ours.bin`)}`;
    // Over HTTP, what a bare Node proxy (bench/lib/servers.mjs) makes of the same file, beside.
    const direct = server.url && new URL('ours.bin', server.url.replace('//', '//u:p@')).href;
    for (let round = 0; round <= ROUNDS; round++) {
      const theirs = await timed(() => rclone(server.rclone, ['cat', 'r:theirs.bin'], { counted: true }));
      const cpuBefore = cpuSeconds(app.pid);
      const ours = await timed(() => curl(download));
      const cpu = ((cpuSeconds(app.pid) - cpuBefore) * 1024 * MiB) / BYTES;
      if (Number(theirs.output) !== BYTES || Number(ours.output) !== BYTES) throw new Error('a read came back short');
      if (round === 0) continue;
      reads.theirs = Math.min(reads.theirs, theirs.seconds);
      reads.ours = Math.min(reads.ours, ours.seconds);
      reads.cpu = Math.min(reads.cpu, cpu);
      if (direct) {
        reads.bare = Math.min(
          reads.bare,
          (await timed(() => curl(`${bare.url}/?url=${encodeURIComponent(direct)}`))).seconds,
        );
        // (Not `curl`: its app credentials would replace the server's in the URL.)
        const straight = await timed(() => client('curl', ['-sS', '--fail', direct], { counted: true }));
        if (Number(straight.output) !== BYTES) throw new Error('a read straight from the server came back short');
        reads.curl = Math.min(reads.curl, straight.seconds);
      }
    }

    // Into a file, in rounds of their own after those: a gibibyte written to the page cache and
    // dropped between reads slowed the reads into wc -c beside it (rclone cat 1,064 MiB/s instead
    // of 1,400-1,500, a run of 2026-12-01).
    // Each file is removed before the next read, so no read finds the last one's pages.
    const intoFile = async (start) => {
      const { seconds } = await timed(start);
      if (fs.statSync(file).size !== BYTES) throw new Error('a download into a file came back short');
      fs.rmSync(file);
      return seconds;
    };
    for (let round = 0; round <= ROUNDS; round++) {
      const theirsFiled = await intoFile(() =>
        rclone(server.rclone, ['copyto', '--ignore-checksum', 'r:theirs.bin', file]),
      );
      const oursFiled = await intoFile(() => curl(download, file));
      if (round === 0) continue;
      filed.theirs = Math.min(filed.theirs, theirsFiled);
      filed.ours = Math.min(filed.ours, oursFiled);
    }

    log(`${kind}: listing ${ENTRIES} files with rclone lsf, then through the app…`);
    const theirList = await timed(() => rclone(server.rclone, ['lsf', 'r:wide']));
    const listStarted = process.hrtime.bigint();
    const listed = await api('GET', `/fs/list?path=${encodeURIComponent(`/${kind}/wide`)}`);
    const ourList = seconds(listStarted);
    if (listed.items.length !== ENTRIES) throw new Error(`the app listed ${listed.items.length} of ${ENTRIES}`);

    log(`${kind}: all ${ENTRIES} files with rclone cat, then zipped through the app…`);
    const theirWalk = await timed(() => rclone(server.rclone, ['cat', 'r:wide']));
    if (theirWalk.output.length !== ENTRIES) throw new Error(`rclone cat gave ${theirWalk.output.length} bytes`);
    const zipStarted = process.hrtime.bigint();
    const zip = await fetch(`${url}/api/fs/archive`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/json' },
      body: JSON.stringify({ paths: [`/${kind}/wide`] }),
    });
    if (!zip.ok) throw new Error(`zip answered ${zip.status}`);
    const zipBytes = (await zip.arrayBuffer()).byteLength;
    const ourWalk = seconds(zipStarted);
    if (zipBytes < ENTRIES * 30) throw new Error(`the zip has only ${zipBytes} bytes`);

    const mibps = (s) => BYTES / MiB / s;
    rows.push({
      kind,
      write: [mibps(ourWrite), mibps(theirWrite.seconds)],
      read: [mibps(reads.ours), mibps(reads.theirs)],
      readFiled: [mibps(filed.ours), mibps(filed.theirs)],
      readCpu: reads.cpu,
      bareRead: mibps(reads.bare),
      curlRead: mibps(reads.curl),
      list: [ourList, theirList.seconds],
      walk: [ourWalk, theirWalk.seconds],
    });
  }

  log(`\nStorages through the app against rclone on the same servers (${BYTES / MiB} MiB, ${ENTRIES} files):`);
  for (const { kind, write, read, readFiled, readCpu, bareRead, curlRead, list, walk } of rows) {
    const r = (a, b) => (a / b).toFixed(2);
    log(
      `  ${kind}: write ${write[0].toFixed(0)} vs ${write[1].toFixed(0)} MiB/s = ${r(write[0], write[1])}× (target ≥ 0.7); read into a file ${readFiled[0].toFixed(0)} vs ${readFiled[1].toFixed(0)} MiB/s (rclone copyto) = ${r(readFiled[0], readFiled[1])}× (target ≥ 0.7); into wc -c ${read[0].toFixed(0)} vs ${read[1].toFixed(0)} MiB/s (rclone cat) = ${r(read[0], read[1])}×, app CPU ${readCpu.toFixed(2)} s/GiB${bareRead ? `, a bare Node proxy ${bareRead.toFixed(0)} MiB/s = ${r(bareRead, read[1])}×, curl straight from the server ${curlRead.toFixed(0)} MiB/s = ${r(curlRead, read[1])}×` : ''}; list ${(list[0] * 1000).toFixed(0)} vs ${(list[1] * 1000).toFixed(0)} ms = ${r(list[0], list[1])}× rclone's time (target ≤ 1.5); zip of the folder ${walk[0].toFixed(1)} s vs rclone cat ${walk[1].toFixed(1)} s = ${r(walk[0], walk[1])}×`,
    );
  }
}

runBench(main, async () => {
  bare?.server.close();
  await stopChildren(children);
  fs.rmSync(RUN, { recursive: true, force: true });
});
