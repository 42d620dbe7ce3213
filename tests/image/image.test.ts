import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';

// The Docker image (Dockerfile), built with buildah by scripts/image.sh and run as built: its
// config, Node 24 inside, health, a paste round trip and a file that lands in its /data.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/image.sh');
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const HEAP_FLAGS = JSON.parse(fs.readFileSync(path.join(ROOT, 'scripts/server-node-flags.json'), 'utf8')) as string[];

/** Runs scripts/image.sh and resolves with what it printed. Asynchronous: the build takes minutes,
 * and a worker blocked that long stops answering the test runner. */
function image(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(out.trim()) : reject(new Error(`image.sh ${args.join(' ')} failed (${code})`)),
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface ImageConfig {
  User: string;
  Env: string[];
  Labels: Record<string, string>;
  Volumes: Record<string, unknown>;
  Entrypoint: string[];
  Cmd: string[];
  Healthcheck?: { Test: string[] };
}

describe('the Docker image, built by buildah', () => {
  let config: ImageConfig;
  let dataDir: string;
  let port: number;
  let server: ChildProcess;
  let log = '';
  let url = '';
  const call = apiClient(() => url);

  beforeAll(async () => {
    // `npm test` builds the image beside its other steps and says so (scripts/test.mjs).
    if (!process.env.IMAGE_PREBUILT) await image('build');
    config = (JSON.parse(await image('inspect')) as { Docker: { config: ImageConfig } }).Docker.config;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-image-data-'));
    fs.chownSync(dataDir, 1000, 1000); // the image's `node` user owns its /data, as a Docker volume would be
    port = await freePort();
    // A session of its own: what is left of it after the tests can be ended as one group.
    server = spawn('bash', [SCRIPT, 'run', dataDir, String(port), '--env', 'ADMIN_PASSWORD=image-admin-password'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout!.on('data', (chunk) => (log += chunk));
    server.stderr!.on('data', (chunk) => (log += chunk));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the image's server did not start:\n${log}`)), 60_000);
      server.stdout!.on('data', () => {
        if (/listening on http:\/\//.test(log)) {
          clearTimeout(timer);
          resolve(`http://127.0.0.1:${port}`);
        }
      });
      server.once('exit', (code) => reject(new Error(`the image's server exited with ${code}:\n${log}`)));
    });
  }, 40 * 60_000);

  afterAll(async () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null) {
      const closed = new Promise((r) => server.once('close', r));
      process.kill(-server.pid, 'SIGKILL');
      await closed;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is configured as docs/deploy.md says: non-root, /data, HOST=0.0.0.0, tini, a Node health check, its version', () => {
    expect(config.User).toBe('node');
    expect(Object.keys(config.Volumes)).toEqual(['/data']);
    expect(config.Env).toEqual(
      expect.arrayContaining([
        'HOST=0.0.0.0',
        'DATA_DIR=/data',
        'NODE_ENV=production',
        `NODE_OPTIONS=${HEAP_FLAGS.join(' ')}`,
      ]),
    );
    expect(config.Entrypoint).toEqual(['/usr/bin/tini', '--']);
    expect(config.Cmd).toEqual(['node', 'build/server.js']);
    expect(config.Healthcheck?.Test).toEqual(['CMD', 'node', 'scripts/healthcheck.mjs']);
    expect(config.Labels['org.opencontainers.image.version']).toBe(VERSION);
  });

  it('runs on Node 24, as the node user, and its health check passes', async () => {
    const version = await call('GET', '/version');
    expect(version.body.data.nodeVersion).toMatch(/^v24\./);
    expect(await image('exec', 'id', '-un')).toBe('node');
    expect(await image('exec', 'env', `PORT=${port}`, 'node', 'scripts/healthcheck.mjs')).toBe('');
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ database: { status: 'ok' }, storage: { status: 'ok' } });
  });

  it('keeps a paste and a file in its /data', async () => {
    const auth = await adminAuth(call, 'admin', 'image-admin-password');
    const paste = await call('POST', '/paste', { auth, body: { content: 'from the image' } });
    expect(paste.status, paste.text).toBe(200);
    expect((await call('GET', `/paste/${paste.body.slug as string}`)).body.content).toBe('from the image');

    const bytes = new TextEncoder().encode('a file in /data\n');
    const shared = await call('PUT', '/upload-direct/in-data.txt', { auth, raw: bytes });
    expect(shared.status, shared.text).toBe(200);
    const back = await fetch(`${url}/api/file-download/${shared.body.data.slug as string}`);
    expect(await back.text()).toBe('a file in /data\n');

    // On the host, in the folder given as /data: the database and the stored file, owned by `node`.
    expect(fs.statSync(path.join(dataDir, 'cloudclip.db')).uid).toBe(1000);
    const stored = fs
      .readdirSync(path.join(dataDir, 'storage'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('in-data.txt'));
    expect(stored).toHaveLength(1);
  });

  it('takes the online backup docs/deploy.md shows while it serves, and the backup holds the data', async () => {
    const backup = path.join(dataDir, 'backup.db');
    const script =
      "new (require('better-sqlite3'))('/data/cloudclip.db', { readonly: true }).backup('/data/backup.db').then(() => console.log('done'))";
    expect(await image('exec', '-v', `${dataDir}:/data`, 'node', '-e', script)).toBe('done');
    const copy = new Database(backup, { readonly: true });
    try {
      const row = copy.prepare("SELECT count(*) AS n FROM pastes WHERE content = 'from the image'").get() as {
        n: number;
      };
      expect(row.n).toBe(1);
    } finally {
      copy.close();
    }
    expect((await call('GET', '/health')).status).toBe(200); // still serving
  });

  it('stops gracefully on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(log).toContain('SIGTERM received');
  });
});
