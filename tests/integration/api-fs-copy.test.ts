import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, apiClient } from '../support/api-client';
import { mountDiskAndBucket } from '../support/mounts';
import { createTestBucket, type TestBucket } from '../support/s3';
import { QUICK_TAKEOVER, startServer, type RunningServer } from '../support/server';

/**
 * Copy and move through tasks (docs/api-extensions.md: POST /api/fs/copy and /api/fs/tasks) within
 * and across storages (local disk and Swift), the task manager's cancel and retry, recovery after
 * a kill -9, permissions on both ends, and the v0.7.3 client's batch-copy protocol.
 */
describe('fs copy and tasks API', () => {
  let server: RunningServer;
  let admin: string;
  let bucket: TestBucket;
  let dataDir: string;
  const mountIds: Record<string, string> = {};
  const call = apiClient(() => server.url);
  const MiB = 1024 * 1024;
  const post = (p: string, body: unknown, auth = admin) => call('POST', p, { auth, body });
  const disk = (key: string) => path.join(dataDir, 'storage', key);
  /** A file written straight onto the local storage (fast, and past the upload size limit). */
  // Written asynchronously: a synchronous 192 MiB write blocked this process for longer than the
  // server keeps an idle connection, and the next request went out on a socket already closed.
  const onDisk = async (key: string, bytes: Buffer | number) => {
    await fs.promises.mkdir(path.dirname(disk(key)), { recursive: true });
    if (typeof bytes !== 'number') return fs.promises.writeFile(disk(key), bytes);
    const file = await fs.promises.open(disk(key), 'w');
    const chunk = randomBytes(1 << 20);
    try {
      for (let left = bytes; left > 0; left -= chunk.length) await file.write(chunk, 0, Math.min(left, chunk.length));
    } finally {
      await file.close();
    }
  };
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const fromBucket = async (key: string) => {
    const answer = await bucket.client.send(new GetObjectCommand({ Bucket: bucket.bucket, Key: key }));
    return Buffer.from(await answer.Body!.transformToByteArray());
  };
  const names = async (dir: string) =>
    (
      (await call('GET', `/fs/list?path=${encodeURIComponent(dir)}`, { auth: admin })).body.data.items as {
        name: string;
      }[]
    )
      .map((i) => i.name)
      .sort();
  const task = async (id: string, auth = admin) => (await call('GET', `/fs/tasks/${id}`, { auth })).body.data;
  const settled = async (id: string, timeout = 60_000) => {
    await expect
      .poll(async () => (await task(id)).status, { timeout, interval: 100 })
      .toMatch(/^(completed|failed|partial|cancelled)$/);
    return task(id);
  };
  const copy = async (items: { sourcePath: string; targetPath: string }[], extra = {}, auth = admin) =>
    post('/fs/copy', { items, ...extra }, auth);

  // Copies between the storages stream at 8 MiB/s (COPY_BYTES_PER_SECOND): cancelling and killing
  // need a copy that is still running, which a slow copy gives without pushing hundreds of MiB.
  const env = { COPY_BYTES_PER_SECOND: String(8 * MiB) };
  beforeAll(async () => {
    server = await startServer({ keepData: true, env });
    dataDir = server.dataDir;
    admin = await adminAuth(call);
    bucket = await createTestBucket('fs-copy');
    Object.assign(mountIds, await mountDiskAndBucket(call, admin, bucket));
    await onDisk('docs/readme.txt', Buffer.from('hello\n'));
    await onDisk('docs/deep/inner.bin', randomBytes(100_000));
    fs.mkdirSync(disk('docs/empty'));
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies a folder within one storage on the server, and renames a name that is taken', async () => {
    const started = await copy([{ sourcePath: '/disk/docs/', targetPath: '/disk/copy/' }]);
    expect(started.body).toMatchObject({ code: 202, success: true });
    const done = await settled(started.body.data.taskId);
    expect(done).toMatchObject({ status: 'completed', type: 'copy', progress: 100, successCount: 2, failureCount: 0 });
    expect(await names('/disk/copy')).toEqual(['deep', 'empty', 'readme.txt']);
    expect(fs.readFileSync(disk('copy/deep/inner.bin')).equals(fs.readFileSync(disk('docs/deep/inner.bin')))).toBe(
      true,
    );
    expect(fs.existsSync(disk('docs/readme.txt'))).toBe(true);
    // Copies are searchable at once (the source, written behind the app's back, waits for a listing or a rescan).
    const found = await call('GET', '/fs/search?q=inner.bin', { auth: admin });
    expect(found.body.data.results.map((r: { path: string }) => r.path)).toEqual(['/disk/copy/deep/inner.bin']);
    // Again: the taken names become name(1); with skipExisting the file is skipped instead.
    const again = await settled(
      (await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/copy/readme.txt' }])).body.data.taskId,
    );
    expect(again.items[0].targetPath).toBe('/disk/copy/readme(1).txt');
    const skipped = await settled(
      (
        await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/copy/readme.txt' }], {
          skipExisting: true,
        })
      ).body.data.taskId,
    );
    expect(skipped).toMatchObject({ status: 'completed', successCount: 0, items: [{ skipped: true }] });
    expect(await names('/disk/copy')).toEqual(['deep', 'empty', 'readme(1).txt', 'readme.txt']);
  });

  // 12 MiB: past the 5 MiB part size, so the copy is a multipart upload of three parts.
  it('copies a folder with a 12 MiB file across storages in parts, reporting progress on the way', async () => {
    await onDisk('big/video.bin', 12 * MiB);
    await onDisk('big/notes.txt', Buffer.from('notes'));
    const id = (await copy([{ sourcePath: '/disk/big/', targetPath: '/bucket/big/' }])).body.data.taskId;
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const now = await task(id);
          if (now.status === 'running') seen.push(now.bytesDone);
          return now.status;
        },
        { timeout: 30_000, interval: 50 },
      )
      .toBe('completed');
    const done = await task(id);
    expect(done).toMatchObject({ successCount: 2, failureCount: 0, progress: 100, bytesTotal: 12 * MiB + 5 });
    expect(done.bytesDone).toBe(done.bytesTotal);
    // Seen part-way, not only at the start: the progress moved while the copy ran.
    expect(seen.some((bytes) => bytes > 0 && bytes < 12 * MiB)).toBe(true);
    expect(sha(await fromBucket('big/video.bin'))).toBe(sha(fs.readFileSync(disk('big/video.bin'))));
    expect((await fromBucket('big/notes.txt')).toString()).toBe('notes');
  });

  it('moves across storages: the source goes once everything arrived', async () => {
    await onDisk('moving/a.txt', Buffer.from('a'));
    await onDisk('moving/sub/b.txt', Buffer.from('b'));
    const done = await settled(
      (await copy([{ sourcePath: '/disk/moving/', targetPath: '/bucket/moved/' }], { move: true })).body.data.taskId,
    );
    expect(done).toMatchObject({ status: 'completed', type: 'move', successCount: 2 });
    expect(fs.existsSync(disk('moving'))).toBe(false);
    expect((await fromBucket('moved/sub/b.txt')).toString()).toBe('b');
    expect(await names('/disk')).not.toContain('moving');
  });

  it('cancels a running copy: it stops and leaves nothing behind; a retry then completes it', async () => {
    await onDisk('huge/one.bin', 32 * MiB); // four seconds at 8 MiB/s
    const id = (await copy([{ sourcePath: '/disk/huge/one.bin', targetPath: '/bucket/huge.bin' }])).body.data.taskId;
    await expect.poll(async () => (await task(id)).bytesDone, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0);
    const cancelled = await post(`/fs/tasks/${id}/cancel`, {});
    expect(cancelled.body.data.status).toBe('cancelled');
    const after = await task(id);
    expect(after.status).toBe('cancelled');
    expect(after.bytesDone).toBeLessThan(after.bytesTotal);
    // A finished task cannot be cancelled again; it can be retried.
    expect((await post(`/fs/tasks/${id}/cancel`, {})).status).toBe(409);
    await expect
      .poll(
        async () => {
          const uploads = await bucket.client.send(new ListMultipartUploadsCommand({ Bucket: bucket.bucket }));
          return (uploads.Uploads ?? []).length;
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    await expect(fromBucket('huge.bin')).rejects.toMatchObject({ name: 'NoSuchKey' });
    // Retried, it copies what is missing.
    // Queued again, and taken up at once by the worker of this server.
    expect((await post(`/fs/tasks/${id}/retry`, {})).body.data.status).toMatch(/^(pending|running)$/);
    expect((await settled(id, 30_000)).status).toBe('completed');
    expect((await post(`/fs/tasks/${id}/retry`, {})).status).toBe(409);
    expect(sha(await fromBucket('huge.bin'))).toBe(sha(fs.readFileSync(disk('huge/one.bin'))));
    fs.rmSync(disk('huge'), { recursive: true });
    // Done with: "Clear finished" forgets it, as in the explorer.
    expect((await post('/fs/tasks/clear-finished', {})).body.data.cleared).toBeGreaterThanOrEqual(1);
    expect((await call('GET', `/fs/tasks/${id}`, { auth: admin })).status).toBe(404);
  });

  it('survives a kill -9 mid-task: after the restart the task resumes and completes', async () => {
    for (const n of [1, 2, 3]) await onDisk(`killed/part${n}.bin`, 8 * MiB);
    const id = (await copy([{ sourcePath: '/disk/killed/', targetPath: '/bucket/killed/' }])).body.data.taskId;
    await expect
      .poll(
        async () => {
          const now = await task(id);
          return now.status === 'running' && now.bytesDone > 0;
        },
        { timeout: 60_000, interval: 20 },
      )
      .toBe(true);
    await server.kill();
    server = await startServer({ dataDir, keepData: true, env: { ...env, ...QUICK_TAKEOVER } });
    admin = await adminAuth(call);
    const interrupted = await task(id);
    expect(interrupted.status).toBe('running'); // nobody runs it yet: the worker takes it up once it looks abandoned
    // Taken up again once it looks abandoned (TASK_TAKEOVER_SECONDS without a heartbeat, models/tasks/worker.server.ts).
    const done = await settled(id, 45_000);
    expect(done).toMatchObject({ status: 'completed', successCount: 3, failureCount: 0 });
    for (const n of [1, 2, 3])
      expect(sha(await fromBucket(`killed/part${n}.bin`))).toBe(sha(fs.readFileSync(disk(`killed/part${n}.bin`))));
    const uploads = await bucket.client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket.bucket, Prefix: 'killed/' }),
    );
    expect(uploads.Uploads ?? []).toEqual([]);
  }, 90_000);

  it('checks MOUNT_COPY, MOUNT_DELETE and the base path on both ends', async () => {
    const key = async (name: string, permissions: number, basic_path = '/') =>
      `ApiKey ${(await post('/admin/api-keys', { name, permissions, basic_path, expires_at: 'never' })).body.data.key}`;
    const viewOnly = await key('view', 256);
    expect(
      (await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/x.txt' }], {}, viewOnly)).status,
    ).toBe(403);
    const copier = await key('copier', 256 | 1024, '/disk');
    expect(
      (await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/bucket/x.txt' }], {}, copier)).status,
    ).toBe(403);
    expect((await copy([{ sourcePath: '/bucket/big/notes.txt', targetPath: '/disk/x.txt' }], {}, copier)).status).toBe(
      403,
    );
    expect(
      (await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/x.txt' }], { move: true }, copier)).status,
    ).toBe(403);
    const ok = await copy([{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/x.txt' }], {}, copier);
    expect((await settled(ok.body.data.taskId)).status).toBe('completed');
    // A key sees its own tasks only.
    const other = await key('other', 256 | 1024);
    expect((await call('GET', `/fs/tasks/${ok.body.data.taskId}`, { auth: other })).status).toBe(404);
    const mine = (await call('GET', '/fs/tasks', { auth: copier })).body.data.tasks;
    expect(mine.map((t: { id: string }) => t.id)).toEqual([ok.body.data.taskId]);
    // Moving a folder into itself is refused; a source that is not there too.
    expect((await copy([{ sourcePath: '/disk/docs/', targetPath: '/disk/docs/inside/' }], { move: true })).status).toBe(
      400,
    );
    expect((await copy([{ sourcePath: '/disk/nope.txt', targetPath: '/disk/x2.txt' }])).status).toBe(404);
  });

  it('keeps the v0.7.3 batch-copy protocol: server copy within a storage, client-carried pairs across', async () => {
    const same = await post('/fs/batch-copy', {
      items: [{ sourcePath: '/disk/docs/readme.txt', targetPath: '/disk/bc.txt' }],
      skipExisting: false,
    });
    expect(same.body.data).toMatchObject({ crossStorage: false, success: 1, failed: 0 });
    expect(fs.readFileSync(disk('bc.txt')).toString()).toBe('hello\n');
    const cross = await post('/fs/batch-copy', { items: [{ sourcePath: '/disk/docs/', targetPath: '/bucket/bc/' }] });
    expect(cross.body.data).toMatchObject({ crossStorage: true, requiresClientSideCopy: true });
    const dir = cross.body.data.crossStorageResults[0];
    expect(dir).toMatchObject({ isDirectory: true, targetMount: mountIds['/bucket'] });
    // The client's part: download each file, upload it to its URL, then commit.
    for (const item of dir.items) {
      const bytes = Buffer.from(await (await fetch(item.downloadUrl)).arrayBuffer());
      const put = await fetch(item.uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'Content-Type': item.contentType },
      });
      expect(put.status).toBe(200);
    }
    const files = dir.items.map((i: { targetKey: string }) => ({
      targetPath: `/bucket/${i.targetKey}`,
      s3Path: i.targetKey,
    }));
    const committed = await post('/fs/batch-copy-commit', { targetMountId: mountIds['/bucket'], files });
    expect(committed.body).toMatchObject({ code: 200, success: true });
    expect(committed.body.data.success).toHaveLength(2);
    expect((await fromBucket('bc/deep/inner.bin')).equals(fs.readFileSync(disk('docs/deep/inner.bin')))).toBe(true);
    const missing = await post('/fs/batch-copy-commit', {
      targetMountId: mountIds['/bucket'],
      files: [{ targetPath: '/bucket/none.txt' }],
    });
    expect(missing.body).toMatchObject({ code: 202, success: false });
  });
});
