import { PutObjectCommand } from '@aws-sdk/client-s3';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { formClient } from '../support/forms';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, QUICK_S3_TIMEOUTS, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/** The Swift proxy of the test S3 server (tests/integration/global-setup.ts): a single process. */
const PROXY_PID = path.resolve(import.meta.dirname, '../../.tmp/swift-s3-test/run/proxy.pid');
/** Big enough that every download is still streaming when S3 stops: more than any buffer between. */
const OBJECT_BYTES = 24 * 1024 * 1024;

/**
 * Issue 42, item 0: an S3 server that freezes (SIGSTOP) while the app streams from it. Every
 * stream the app reads from S3 — the basket's zip, a folder share's zip, a download, WebDAV GET, a
 * copy task, a preview, a thumbnail — and a backup written to it must end with its error handled:
 * the streams are cut, the server stays up, and once S3 thaws the same zip arrives whole. Before
 * the fix, the S3 client's socket timeout was an 'error' on a zip source nobody listened to, and
 * the process ended.
 */
describe('reliability: S3 freezing under every stream', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  let auth: string;
  let frozen: number | null = null;
  let work: string;
  const call = apiClient(() => server.url);
  const page = formClient(() => server.url);
  const thaw = () => {
    if (frozen !== null) process.kill(frozen, 'SIGCONT');
    frozen = null;
  };

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'cloudclip-stall-'));
    server = await startServer({ env: QUICK_S3_TIMEOUTS });
    auth = await adminAuth(call);
    await page.login();
    bucket = await createTestBucket('stall');
    await mountDiskAndBucket(call, auth, bucket);
    for (const name of ['big/a.bin', 'big/b.bin'])
      await bucket.client.send(
        new PutObjectCommand({ Bucket: bucket.bucket, Key: name, Body: randomBytes(OBJECT_BYTES) }),
      );
    await bucket.client.send(
      new PutObjectCommand({ Bucket: bucket.bucket, Key: 'big/notes.txt', Body: 'notes\n'.repeat(50_000) }),
    );
  }, 180_000);
  afterAll(async () => {
    thaw();
    await server?.stop();
    await bucket?.destroy();
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Starts a download, waits for its first bytes, then reads the rest: resolves how it ended. */
  async function started(url: string, init: RequestInit = {}): Promise<() => Promise<string>> {
    const answer = await fetch(`${server.url}${url}`, init);
    expect(answer.status, url).toBe(200);
    const reader = answer.body!.getReader();
    await reader.read();
    return async () => {
      try {
        for (;;) if ((await reader.read()).done) return 'whole';
      } catch {
        return 'cut';
      }
    };
  }

  it('cuts every stream, stays up, and serves the same zip whole once S3 is back', async () => {
    const shared = await call('POST', '/fs/create-share', { auth, body: { path: '/bucket/big/' } });
    expect(shared.status).toBe(200);
    const slug = shared.body.data.slug as string;
    const image = await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#3a7' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const s3Id = (await call('GET', '/s3-configs', { auth })).body.data.find(
      (c: { name: string }) => c.name === bucket.bucket,
    ).id;
    const photo = await call('PUT', `/upload-direct/photo.png?s3_config_id=${s3Id}`, { auth, raw: image });
    expect(photo.status).toBe(200);
    const basic = `Basic ${Buffer.from('admin:test-admin-password').toString('base64')}`;
    const zipBody = JSON.stringify({ paths: ['/bucket/big/'] });
    const json = { Authorization: auth, 'Content-Type': 'application/json' };

    // Streams under way when S3 stops.
    const streaming = await Promise.all([
      started('/api/fs/archive', { method: 'POST', headers: json, body: zipBody }),
      started(`/api/file-download/${slug}`),
      started('/api/fs/download?path=/bucket/big/a.bin', { headers: { Authorization: auth } }),
      started('/dav/bucket/big/b.bin', { headers: { Authorization: basic } }),
    ]);
    const copy = await call('POST', '/fs/copy', {
      auth,
      body: { items: [{ sourcePath: '/bucket/big/a.bin', targetPath: '/disk/a.bin' }] },
    });
    expect(copy.status).toBe(200);
    const schedule = await page.post('/admin/backups', {
      intent: 'schedule',
      frequency: 'daily',
      weekday: '0',
      time: '03:00',
      time_zone: 'UTC',
      keep: '1',
      storage_config_id: s3Id,
      folder: '/stalled/',
      passphrase: 'a passphrase long enough',
      passphrase_again: 'a passphrase long enough',
    });
    expect(schedule.status).toBe(302);

    frozen = Number(fs.readFileSync(PROXY_PID, 'utf8'));
    process.kill(frozen, 'SIGSTOP');
    try {
      // Work that starts while it is frozen: a preview, a thumbnail, a backup written to it.
      const reads = [
        fetch(`${server.url}/api/fs/get?path=/bucket/big/notes.txt`, { headers: { Authorization: auth } }),
        page.get('/mount-explorer/bucket/big?preview=notes.txt'),
        page.get(`/admin/file-management/thumbnail/${photo.body.data.id}`),
      ];
      expect((await page.post('/admin/backups', { intent: 'runNow', id: 'run' })).status).toBe(302);
      const ended = await Promise.all(streaming.map((rest) => rest()));
      expect(ended).toEqual(['cut', 'cut', 'cut', 'cut']);
      // Each says the storage is away (or, for the thumbnail, shows none): never an error of ours.
      for (const answer of await Promise.all(reads)) expect(answer.status).not.toBe(500);
      // The server is still there, and still answers at once.
      const health = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) });
      expect(health.status).toBe(200);
    } finally {
      thaw();
    }
    // The copy and the backup ended (failed, or completed had they finished first) rather than hanging.
    const settled = async () => {
      const { tasks } = (await call('GET', '/fs/tasks', { auth })).body.data as { tasks: { status: string }[] };
      return tasks.length === 2 && tasks.every((t) => !['pending', 'running'].includes(t.status)) ? tasks : null;
    };
    let tasks = await settled();
    for (let i = 0; !tasks && i < 120; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      tasks = await settled();
    }
    expect(tasks, 'the copy and the backup are still pending or running').not.toBeNull();

    // Once S3 is back, the same zip arrives whole.
    const again = await fetch(`${server.url}/api/fs/archive`, { method: 'POST', headers: json, body: zipBody });
    const bytes = Buffer.from(await again.arrayBuffer());
    expect(bytes.length).toBe(Number(again.headers.get('content-length')));
    const file = path.join(work, 'big.zip');
    fs.writeFileSync(file, bytes);
    expect(execFileSync('unzip', ['-t', '-q', file], { encoding: 'utf8' })).toContain('No errors detected');
    expect(await server.logThrough(again.headers.get('x-request-id'))).not.toMatch(
      /Unhandled 'error' event|uncaughtException/,
    );
  }, 180_000);
});
