import type { Task } from '~/generated/prisma/client';
import { inRequestScope, type RequestScope } from '~/models/request-scope.server';
import type { ModelContext } from '~/models/context.server';
import { kindOf, taskKinds, type TaskDetailsBase } from './kinds.server';
import { taskQueue } from './tasks.server';

const TASK_SCOPE: RequestScope = { requestId: null, address: null, door: 'task' };

/**
 * The task worker inside the server (docs/architecture.md §10): claims pending tasks from the
 * database (a conditional update, so two replicas never run one task), at most CONCURRENCY at once,
 * and runs each with its kind (kinds.server.ts). A running task writes its progress every second or
 * so; one whose writes stopped for TASK_TAKEOVER_SECONDS (15 by default) belonged to a server that stopped (kill -9, a crash) and
 * is taken up again — resumed where it was (a copy's files already copied are not copied again) —
 * or, after MAX_INTERRUPTIONS, failed with that reason. Nothing is dropped without a word.
 */
const CONCURRENCY = 2;
const POLL_MS = 500;
/**
 * An idle worker asks less often, up to this far apart (or a quarter of the takeover time): each
 * poll is two queries, and an idle server spent 10-30 ms of its event loop on them every 500 ms
 * (about 7 % of a core, measured 2026-12-02). A task queued here, or one finished, wakes it at
 * once; another replica's task waits at most this long.
 */
const IDLE_POLL_MS = 4000;
export const MAX_INTERRUPTIONS = 3;

export function startTaskWorker(ctx: ModelContext): { stop: () => Promise<void> } {
  const running = new Map<string, AbortController>();
  const runs = new Set<Promise<void>>();
  let stopped = false;
  let polling = false;
  /** A poll asked for while one ran: the next runs at once. */
  let askedAgain = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = POLL_MS;
  const idleDelay = Math.max(POLL_MS, Math.min(IDLE_POLL_MS, (ctx.config.taskTakeoverSeconds * 1000) / 4));
  /** When each kind's due work was last asked for. */
  const dueAskedAt = new Map<string, number>();

  const poll = async () => {
    if (stopped) return;
    if (polling) {
      askedAgain = true;
      return;
    }
    polling = true;
    let claimed = false;
    try {
      await recoverStale(ctx);
      for (const [type, { due }] of taskKinds()) {
        if (!due || Date.now() - (dueAskedAt.get(type) ?? 0) < due.everyMs) continue;
        dueAskedAt.set(type, Date.now());
        await due.enqueue(ctx);
      }
      while (!stopped && running.size < CONCURRENCY) {
        const task = await claimNext(ctx);
        if (!task) break;
        claimed = true;
        const control = new AbortController();
        running.set(task.id, control);
        // Its writes are the task's in the audit log, whichever request woke the worker.
        const run = inRequestScope(TASK_SCOPE, () => kindOf(task.type).run(ctx, task, control.signal))
          .catch((error) => ctx.log.error({ err: error }, `Task ${task.id} failed unexpectedly`))
          .finally(() => {
            running.delete(task.id);
            runs.delete(run);
            void poll(); // a slot is free: the next pending task need not wait for the timer
          });
        runs.add(run);
      }
    } catch (error) {
      // A busy database or a closing one: the next poll tries again.
      if (!stopped) ctx.log.warn({ err: error }, 'Task worker: could not poll for tasks');
    } finally {
      polling = false;
      // Busy: soon again. Idle: twice as long as last time, up to idleDelay.
      delay = claimed || running.size > 0 || askedAgain ? POLL_MS : Math.min(delay * 2, idleDelay);
      if (timer) clearTimeout(timer);
      timer = stopped ? null : setTimeout(() => void poll(), askedAgain ? 0 : delay).unref();
      askedAgain = false;
    }
  };
  const queued = () => void poll();
  const cancelled = (id: string) => running.get(id)?.abort();
  taskQueue.on('queued', queued);
  taskQueue.on('cancelled', cancelled);
  void poll();
  return {
    /** Stops claiming and lets the running tasks stop where they are (they resume on the next start). */
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      taskQueue.off('queued', queued);
      taskQueue.off('cancelled', cancelled);
      const ids = [...running.keys()];
      for (const control of running.values()) control.abort();
      await Promise.allSettled([...runs]);
      // Not an interruption: a clean stop hands its tasks back at once, to resume on the next start.
      await ctx.db.task
        .updateMany({ where: { id: { in: ids }, status: 'running' }, data: { status: 'pending' } })
        .catch((error) => ctx.log.warn({ err: error }, 'Task worker: could not hand back its tasks'));
    },
  };
}

/**
 * Takes the oldest pending task, if another worker does not take it first. A task of an exclusive
 * kind (backups) waits while another of its kind runs (one at a time over the replicas; the kind's
 * own claim settles a tie).
 */
async function claimNext(ctx: ModelContext): Promise<Task | null> {
  const exclusive = taskKinds()
    .filter(([, kind]) => kind.exclusive)
    .map(([type]) => type);
  for (;;) {
    const oldest = (where: object) =>
      ctx.db.task.findFirst({ where: { status: 'pending', ...where }, orderBy: { createdAt: 'asc' } });
    let next = await oldest({});
    // Asked only when such a task is next: an idle poll stays one query.
    if (next && exclusive.includes(next.type)) {
      const busy = await ctx.db.task.findMany({
        where: { type: { in: exclusive }, status: 'running' },
        distinct: ['type'],
        select: { type: true },
      });
      if (busy.length) next = await oldest({ type: { notIn: busy.map((b) => b.type) } });
    }
    if (!next) return null;
    const now = new Date();
    const { count } = await ctx.db.task.updateMany({
      where: { id: next.id, status: 'pending', updatedAt: next.updatedAt },
      data: { status: 'running', startedAt: next.startedAt ?? now, updatedAt: now },
    });
    if (count === 1) return { ...next, status: 'running', startedAt: next.startedAt ?? now, updatedAt: now };
  }
}

/** Running tasks nobody has written for a while: back to pending (resumed), or failed after too many tries. */
async function recoverStale(ctx: ModelContext): Promise<void> {
  const staleMs = ctx.config.taskTakeoverSeconds * 1000;
  const stale = await ctx.db.task.findMany({
    where: { status: 'running', updatedAt: { lt: new Date(Date.now() - staleMs) } },
  });
  for (const task of stale) {
    const details = JSON.parse(task.details ?? '{}') as TaskDetailsBase;
    details.interruptions = (details.interruptions ?? 0) + 1;
    const giveUp = details.interruptions > MAX_INTERRUPTIONS;
    if (giveUp) details.error = 'taskInterrupted';
    await ctx.db.task.updateMany({
      where: { id: task.id, status: 'running', updatedAt: task.updatedAt },
      data: giveUp
        ? { status: 'failed', finishedAt: new Date(), currentFile: null, details: JSON.stringify(details) }
        : { status: 'pending', details: JSON.stringify(details) },
    });
  }
}
