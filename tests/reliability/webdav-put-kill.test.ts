import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { startServer, type RunningServer } from '../support/server';
import { recordCase } from './cases';

afterEach(recordCase);

/**
 * A WebDAV PUT cut off by a kill -9 of the server (docs/architecture.md §8): after the restart
 * there is no half file at the name, on local disk or on S3, in either upload mode.
 */
const MIB = 1024 * 1024;
const PASSWORD = 'dav-kill-password';
const AUTH = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;

describe('reliability: WebDAV uploads and kill -9', () => {
  let server: RunningServer;
  let bucket: TestBucket;
  const call = apiClient(() => server.url);

  beforeAll(async () => {
    server = await startServer({ adminPassword: PASSWORD, keepData: true });
    bucket = await createTestBucket('davkill');
    await mountDiskAndBucket(call, await adminAuth(call, 'admin', PASSWORD), bucket);
  });

  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** Starts a 64 MiB PUT, sends a third of it, and kills the server while it is being written. */
  async function killMidPut(target: string): Promise<void> {
    const url = new URL(`${server.url}/dav${target}`);
    const request = http.request(url, {
      method: 'PUT',
      headers: { Authorization: AUTH, 'Content-Length': String(64 * MIB) },
    });
    request.on('error', () => undefined);
    const chunk = Buffer.alloc(MIB, 7);
    for (let sent = 0; sent < 24; sent++)
      if (!request.write(chunk)) await new Promise((resolve) => request.once('drain', resolve));
    // The bytes sent have reached the server and its storage write is under way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await server.kill();
    request.destroy();
    server = await startServer({ adminPassword: PASSWORD, dataDir: server.dataDir, keepData: true });
  }

  const davStatus = async (target: string) =>
    (await fetch(`${server.url}/dav${target}`, { method: 'HEAD', headers: { Authorization: AUTH } })).status;

  for (const mode of ['direct', 'multipart'])
    it(`leaves no half file on local disk or S3 (${mode} mode)`, async () => {
      const auth = await adminAuth(call, 'admin', PASSWORD);
      const set = await call('PUT', '/admin/settings/group/3', { auth, body: { webdav_upload_mode: mode } });
      expect(set.status).toBe(200);
      // The limit must not be what stops the upload.
      await call('PUT', '/admin/settings/group/1', { auth, body: { max_upload_size: 1024 } });

      await killMidPut(`/disk/half-${mode}.bin`);
      expect(await davStatus(`/disk/half-${mode}.bin`)).toBe(404);
      expect(fs.existsSync(path.join(server.dataDir, 'storage', `half-${mode}.bin`))).toBe(false);

      await killMidPut(`/bucket/half-${mode}.bin`);
      expect(await davStatus(`/bucket/half-${mode}.bin`)).toBe(404);
      const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.bucket }));
      expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain(`half-${mode}.bin`);

      // The same PUT whole, for contrast: it is there after the restart of the server.
      const whole = await fetch(`${server.url}/dav/bucket/whole-${mode}.bin`, {
        method: 'PUT',
        headers: { Authorization: AUTH },
        body: Buffer.alloc(3 * MIB, 1),
      });
      expect(whole.status).toBe(201);
      expect(await davStatus(`/bucket/whole-${mode}.bin`)).toBe(200);
    }, 120_000);
});
