import type { ApiKeyPrincipal } from '~/auth/principal';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOUNT_PERMISSIONS } from '~/lib/permissions';
import { ADMIN, keyPrincipal, storedKey } from '../../../tests/support/principals';
import { fsModels, putObject, readObject, type FsModels } from '../../../tests/support/fs-models';
import { clearFinishedTasks, getTask, listTasks } from '~/models/tasks/tasks.server';
import type { TaskRecord } from '~/models/tasks/kinds.server';
import { startTaskWorker } from '~/models/tasks/worker.server';
import { startCopyTask } from './copy-task.server';

const COPY = { skipExisting: false, move: false };

/**
 * Copy tasks never overwrite what they did not write (issue 27 B6) and run on their creator's
 * current authority: two tasks to one new name, a file written at a queued task's destination, a
 * key deleted while its task runs.
 */
describe('copy task worker', () => {
  let m: FsModels;
  let worker: { stop: () => Promise<void> } | null = null;
  /** A key with a row in the database: a task runs on what the database says of its creator. */
  let key: ApiKeyPrincipal;
  beforeAll(async () => {
    m = await fsModels();
    key = await storedKey(m.ctx, 'worker-key', MOUNT_PERMISSIONS);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(() => m.close());

  const settled = async (id: string, principal = ADMIN): Promise<TaskRecord> => {
    let task = await getTask(m.ctx, principal, id);
    for (let i = 0; i < 200 && ['pending', 'running'].includes(task.status); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      task = await getTask(m.ctx, principal, id);
    }
    return task;
  };

  it('two tasks copying different files to one new name at once: one completes, the other never overwrites it', async () => {
    await putObject(m.memory, 'race/a.txt', 'from a');
    await putObject(m.memory, 'race/b.txt', 'from b, longer');
    const a = await startCopyTask(m.ctx, key, [{ sourcePath: '/mem/race/a.txt', targetPath: '/disk/race.txt' }], COPY);
    const b = await startCopyTask(m.ctx, key, [{ sourcePath: '/mem/race/b.txt', targetPath: '/disk/race.txt' }], COPY);
    worker = startTaskWorker(m.ctx);
    const done = [await settled(a.id), await settled(b.id)];
    expect(done.map((t) => t.status).sort(), JSON.stringify(done.map((t) => [t.failed, t.error]))).toEqual([
      'completed',
      'failed',
    ]);
    const failed = done.find((t) => t.status === 'failed')!;
    expect(failed.failed.map((f) => f.error)).toEqual(['copyTargetTaken']);
    const winner = done.find((t) => t.status === 'completed')!;
    const expected = winner.id === a.id ? 'from a' : 'from b, longer';
    expect(await readObject(m.memory, 'race/a.txt')).toBe('from a');
    const { driver } = await import('~/models/fs/locate.server').then((l) => l.storageOf(m.ctx, m.mounts.disk));
    const stored = await driver.read('race.txt');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(expected);
  });

  it('a file written at a queued task’s destination is not overwritten when the task runs', async () => {
    await putObject(m.memory, 'queued/src.txt', 'the task’s bytes');
    const task = await startCopyTask(
      m.ctx,
      key,
      [{ sourcePath: '/mem/queued/src.txt', targetPath: '/mem/queued/dest.txt' }],
      COPY,
    );
    await putObject(m.memory, 'queued/dest.txt', 'the user’s bytes'); // written while the task waits
    worker = startTaskWorker(m.ctx);
    const done = await settled(task.id);
    expect(done.status).toBe('failed');
    expect(done.failed.map((f) => f.error)).toEqual(['copyTargetTaken']);
    expect(await readObject(m.memory, 'queued/dest.txt')).toBe('the user’s bytes');
  });

  // Last: it deletes the key.
  it('stops a task whose key is deleted while it runs', async () => {
    for (let i = 0; i < 12; i++) await putObject(m.memory, `many/f${i}.bin`, Buffer.alloc(32 * 1024, i));
    // Paced: twelve files at 96 KiB/s take four seconds across storages.
    const config = m.ctx.config as { copyBytesPerSecond: number };
    config.copyBytesPerSecond = 96 * 1024;
    try {
      const task = await startCopyTask(m.ctx, key, [{ sourcePath: '/mem/many/', targetPath: '/disk/many/' }], COPY);
      worker = startTaskWorker(m.ctx);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect((await getTask(m.ctx, ADMIN, task.id)).status).toBe('running');
      await m.ctx.db.apiKey.delete({ where: { id: 'worker-key' } });
      const done = await settled(task.id, ADMIN);
      expect(done.status).toBe('failed');
      expect(done.error).toBe('taskOwnerGone');
      expect(done.successCount).toBeLessThan(12);
    } finally {
      config.copyBytesPerSecond = 0;
    }
  });

  it('"Clear finished" forgets ended tasks of the caller only, never a waiting one', async () => {
    await putObject(m.memory, 'clear/a.txt', 'a');
    const other = keyPrincipal('other-key', MOUNT_PERMISSIONS);
    const mine = await startCopyTask(
      m.ctx,
      key,
      [{ sourcePath: '/mem/clear/a.txt', targetPath: '/disk/clear-a.txt' }],
      COPY,
    );
    await m.ctx.db.task.update({ where: { id: mine.id }, data: { status: 'completed' } });
    const waiting = await startCopyTask(
      m.ctx,
      key,
      [{ sourcePath: '/mem/clear/a.txt', targetPath: '/disk/clear-b.txt' }],
      COPY,
    );
    const theirs = await startCopyTask(
      m.ctx,
      other,
      [{ sourcePath: '/mem/clear/a.txt', targetPath: '/disk/clear-c.txt' }],
      COPY,
    );
    await m.ctx.db.task.update({ where: { id: theirs.id }, data: { status: 'failed' } });
    expect(await clearFinishedTasks(m.ctx, key)).toBeGreaterThanOrEqual(1);
    const left = (await listTasks(m.ctx, key)).map((t) => t.id);
    expect(left).toContain(waiting.id);
    expect(left).not.toContain(mine.id);
    expect((await listTasks(m.ctx, other)).map((t) => t.id)).toEqual([theirs.id]);
  });
});
