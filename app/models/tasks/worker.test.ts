import type { ApiKeyPrincipal } from '~/auth/principal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelContext } from '~/models/context.server';
import { startCopyTask } from '~/models/fs/copy-task.server';
import { MOUNT_PERMISSIONS } from '~/lib/permissions';
import { storedKey } from '../../../tests/support/principals';
import { fsModels, putObject, type FsModels } from '../../../tests/support/fs-models';
import { getTask } from './tasks.server';
import { startTaskWorker } from './worker.server';

/** The task worker's polls: every 500 ms while there is work, further apart while there is none. */
describe('task worker polls', () => {
  let m: FsModels;
  /** A task runs on what the database says of its creator: a key with a row. */
  let key: ApiKeyPrincipal;
  beforeAll(async () => {
    m = await fsModels();
    key = await storedKey(m.ctx, 'poll-key', MOUNT_PERMISSIONS);
  });
  afterAll(() => m.close());

  /** The model context with the worker's look for a pending task counted. */
  function counted(): { ctx: ModelContext; looks: () => number } {
    let looks = 0;
    const task = new Proxy(m.ctx.db.task, {
      get: (target, name, receiver) => {
        if (name === 'findFirst') looks++;
        return Reflect.get(target, name, receiver) as unknown;
      },
    });
    const db = new Proxy(m.ctx.db, {
      get: (target, name, receiver) => (name === 'task' ? task : (Reflect.get(target, name, receiver) as unknown)),
    });
    return { ctx: { ...m.ctx, db }, looks: () => looks };
  }

  it('an idle worker asks less and less often, and a task queued meanwhile starts at once', async () => {
    const { ctx, looks } = counted();
    const worker = startTaskWorker(ctx);
    try {
      // At 0, 0.5, 1.5 and 3.5 s: three looks in 3.2 s, where every 500 ms made seven.
      await new Promise((resolve) => setTimeout(resolve, 3200));
      expect(looks()).toBeGreaterThanOrEqual(2);
      expect(looks()).toBeLessThanOrEqual(4);
      // Queued here, a task wakes the worker: it does not wait for the next poll, seconds away.
      await putObject(m.memory, 'wake/a.txt', 'a');
      const queued = await startCopyTask(
        ctx,
        key,
        [{ sourcePath: '/mem/wake/a.txt', targetPath: '/disk/wake-a.txt' }],
        { skipExisting: false, move: false },
      );
      let task = await getTask(ctx, key, queued.id);
      for (let i = 0; i < 100 && task.status !== 'completed'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        task = await getTask(ctx, key, queued.id);
      }
      expect(task.status, JSON.stringify(task)).toBe('completed');
      expect(task.startedAt!.getTime() - task.createdAt.getTime()).toBeLessThan(400);
    } finally {
      await worker.stop();
    }
  }, 15_000);
});
