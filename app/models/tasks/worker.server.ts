import type { Task } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { principalOfCreator } from '~/models/accounts/principal.server';
import { inRequestScope, type RequestScope } from '~/auth/request-scope.server';
import type { ModelContext } from '~/models/context.server';
import { copyFile, expandCopy, removeMovedFolders, type CopyJob } from '~/models/fs/copy.server';
import { authorize } from '~/auth/operations';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { basePathOf } from '~/models/mounts/mounts.server';
import { isWithin } from '~/storage/vfs/path';
import { claimTarget } from './claims.server';
import { failureOf } from '~/models/fs/failure.server';
import { detailsOf, taskQueue, type CopyTaskDetails, type TaskStatus } from './tasks.server';
import { runBackupTask } from '~/models/backup/task.server';
import { enqueueDueBackup } from '~/models/backup/schedule.server';

const TASK_SCOPE: RequestScope = { requestId: null, address: null, door: 'task' };

/**
 * The task worker inside the server (docs/architecture.md §10): claims pending tasks from the
 * database (a conditional update, so two replicas never run one task), at most CONCURRENCY at once,
 * and runs them. A running task writes its progress every HEARTBEAT_MS; one whose writes stopped
 * for STALE_MS belonged to a server that stopped (kill -9, a crash) and is taken up again —
 * resumed where it was (files already copied are not copied again) — or, after MAX_INTERRUPTIONS,
 * failed with that reason. Nothing is dropped without a word.
 */
const CONCURRENCY = 2;
const POLL_MS = 500;
const HEARTBEAT_MS = 1000;
const STALE_MS = 15_000;
export const MAX_INTERRUPTIONS = 3;
/** How often the worker asks whether a scheduled backup is due (models/backup/schedule.server.ts). */
const SCHEDULE_CHECK_MS = 30_000;

/** Progress in whole percent, by bytes. */
const percentOf = (details: CopyTaskDetails) =>
  details.bytesTotal > 0 ? Math.floor((details.bytesDone / details.bytesTotal) * 100) : 0;

/** How often a running task reads its creator's authority again. */
const AUTHORITY_CHECK_MS = 1000;

/** The virtual path a job writes. */
const targetPathOf = (job: CopyJob) => `${job.target.mount.mountPath}/${job.targetKey}`;

/** Thrown inside a run when the row says it is no longer ours to run (cancelled, or taken over). */
class Stopped extends Error {}

export function startTaskWorker(ctx: ModelContext): { stop: () => Promise<void> } {
  const running = new Map<string, AbortController>();
  const runs = new Set<Promise<void>>();
  let stopped = false;
  let polling = false;
  let scheduleCheckedAt = 0;

  const poll = async () => {
    if (polling || stopped) return;
    polling = true;
    try {
      await recoverStale(ctx);
      if (Date.now() - scheduleCheckedAt >= SCHEDULE_CHECK_MS) {
        scheduleCheckedAt = Date.now();
        await enqueueDueBackup(ctx);
      }
      while (!stopped && running.size < CONCURRENCY) {
        const task = await claimNext(ctx);
        if (!task) break;
        const control = new AbortController();
        running.set(task.id, control);
        // Its writes are the task's in the audit log, whichever request woke the worker.
        const runner = task.type === 'backup' ? runBackupTask : runTask;
        const run = inRequestScope(TASK_SCOPE, () => runner(ctx, task, control.signal))
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
    }
  };
  const timer = setInterval(() => void poll(), POLL_MS).unref();
  const queued = () => void poll();
  const cancelled = (id: string) => running.get(id)?.abort();
  taskQueue.on('queued', queued);
  taskQueue.on('cancelled', cancelled);
  void poll();
  return {
    /** Stops claiming and lets the running tasks stop where they are (they resume on the next start). */
    stop: async () => {
      stopped = true;
      clearInterval(timer);
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
 * Takes the oldest pending task, if another worker does not take it first. A backup waits while
 * another runs (one at a time over the replicas; the backup's claim settles a tie).
 */
async function claimNext(ctx: ModelContext): Promise<Task | null> {
  for (;;) {
    const oldest = (where: object) =>
      ctx.db.task.findFirst({ where: { status: 'pending', ...where }, orderBy: { createdAt: 'asc' } });
    let next = await oldest({});
    // Asked only when a backup is next: an idle poll stays one query.
    if (next?.type === 'backup' && (await ctx.db.task.count({ where: { type: 'backup', status: 'running' } })))
      next = await oldest({ type: { not: 'backup' } });
    if (!next) return null;
    const now = new Date();
    const { count } = await ctx.db.task.updateMany({
      where: { id: next.id, status: 'pending', updatedAt: next.updatedAt },
      data: { status: 'running', startedAt: next.startedAt ?? now, updatedAt: now },
    });
    if (count === 1) return { ...next, status: 'running', startedAt: next.startedAt ?? now, updatedAt: now };
  }
}

/** Running tasks nobody has written for STALE_MS: back to pending (resumed), or failed after too many tries. */
async function recoverStale(ctx: ModelContext): Promise<void> {
  const stale = await ctx.db.task.findMany({
    where: { status: 'running', updatedAt: { lt: new Date(Date.now() - STALE_MS) } },
  });
  for (const task of stale) {
    const details = detailsOf(task);
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

async function runTask(ctx: ModelContext, task: Task, signal: AbortSignal): Promise<void> {
  const details = detailsOf(task);
  const state = { success: 0, failure: 0, current: null as string | null };
  details.failed = [];
  details.bytesDone = 0;

  /** Writes the progress; a row that is no longer running here (cancelled, taken over) stops the run. */
  let stopped = false;
  const report = async () => {
    const { count } = await ctx.db.task.updateMany({
      where: { id: task.id, status: 'running' },
      data: {
        progress: percentOf(details),
        currentFile: state.current,
        successCount: state.success,
        failureCount: state.failure,
        details: JSON.stringify(details),
        updatedAt: new Date(),
      },
    });
    if (count === 0) stopped = true;
  };
  // The heartbeat: every HEARTBEAT_MS whatever the run is doing (a server-side copy of a big object
  // reports no bytes for a long while), so no worker takes the task for abandoned.
  const heartbeat = setInterval(() => {
    report().catch((error) => ctx.log.warn({ err: error }, `Task ${task.id}: could not write its progress`));
  }, HEARTBEAT_MS);
  const checkStop = () => {
    if (stopped || signal.aborted) throw new Stopped();
  };
  const onBytes = (n: number) => {
    if (stopped || signal.aborted) throw new AppError('gone', 'taskCancelled');
    details.bytesDone += n;
  };

  /**
   * The creator's authority now, not when the task was made (issue 27 B6): read again at most once
   * a second, it must still hold the bits and reach both ends; a deleted or narrowed key stops the task.
   */
  let principal: Principal = ANONYMOUS;
  let checkedAt = 0;
  const assertAuthority = async (job?: CopyJob) => {
    if (Date.now() - checkedAt >= AUTHORITY_CHECK_MS) {
      principal = await principalOfCreator(ctx, task.createdBy);
      checkedAt = Date.now();
    }
    if (principal.kind === 'anonymous') throw new AppError('forbidden', 'taskOwnerGone');
    authorize(principal, 'fs.copy');
    if (details.options.move) authorize(principal, 'fs.delete');
    const base = basePathOf(principal);
    if (job && !(isWithin(job.label, base) && isWithin(targetPathOf(job), base)))
      throw new AppError('forbidden', 'fsOutsideBasePath');
  };

  try {
    await assertAuthority();
    const jobs = await expandCopy(ctx, principal, details.plan, details.options);
    details.bytesTotal = jobs.reduce((sum, job) => sum + job.size, 0);
    await ctx.db.task.updateMany({ where: { id: task.id, status: 'running' }, data: { totalCount: jobs.length } });
    await report();
    // Its own earlier copies may be there when it ran before: cut off by a restart, or retried.
    const resumed = details.interruptions > 0 || details.retried === true;
    for (const job of jobs) {
      checkStop();
      await assertAuthority(job);
      state.current = job.label;
      try {
        // One task at a time writes a destination: another finds it taken (claims.server.ts).
        const release = await claimTarget(
          ctx,
          task.id,
          `${job.target.configId}:${job.target.mount.rootFolder}${job.targetKey}`,
        );
        try {
          await copyFile(ctx, job, { ...details.options, signal, resumed }, onBytes);
        } finally {
          await release();
        }
        state.success++;
      } catch (error) {
        checkStop();
        state.failure++;
        details.failed.push({ sourcePath: job.label, targetPath: targetPathOf(job), error: failureOf(error) });
      }
    }
    checkStop();
    if (details.options.move && state.failure === 0) await removeMovedFolders(ctx, principal, details.plan);
    state.current = null;
    const status: TaskStatus =
      state.failure === 0 ? 'completed' : state.success === 0 && jobs.length > 0 ? 'failed' : 'partial';
    await finish(ctx, task.id, status, details, state);
  } catch (error) {
    if (error instanceof Stopped) return; // cancelled, or this server is stopping: the row says what happens next
    details.error = failureOf(error);
    await finish(ctx, task.id, 'failed', details, state);
  } finally {
    clearInterval(heartbeat);
  }
}

async function finish(
  ctx: ModelContext,
  id: string,
  status: TaskStatus,
  details: CopyTaskDetails,
  state: { success: number; failure: number },
): Promise<void> {
  await ctx.db.task.updateMany({
    where: { id, status: 'running' },
    data: {
      status,
      progress: status === 'completed' ? 100 : percentOf(details),
      currentFile: null,
      successCount: state.success,
      failureCount: state.failure,
      details: JSON.stringify(details),
      finishedAt: new Date(),
    },
  });
}
