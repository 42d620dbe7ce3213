import type { Task } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import { principalOfCreator } from '~/models/accounts/principal.server';
import type { ModelContext } from '~/models/context.server';
import { authorize } from '~/auth/operations';
import { ANONYMOUS, type Principal } from '~/auth/principal';
import { basePathOf } from '~/models/mounts/mounts.server';
import { claimTarget } from '~/models/tasks/claims.server';
import type { TaskKind, TaskStatus } from '~/models/tasks/kinds.server';
import { isWithin } from '~/storage/vfs/path';
import { copyFile, expandCopy, removeMovedFolders, type CopyJob } from './copy.server';
import { copyRecord, copyRetry, detailsOf, type CopyTaskDetails } from './copy-task.server';
import { failureOf } from './failure.server';

/**
 * A copy or move task's run (docs/architecture.md §10), started by the task worker: file by file,
 * on its creator's authority as it is now, each destination claimed so no two tasks write it; the
 * progress written every HEARTBEAT_MS, which also tells the worker the run is alive.
 */
const HEARTBEAT_MS = 1000;

/** Progress in whole percent, by bytes. */
const percentOf = (details: CopyTaskDetails) =>
  details.bytesTotal > 0 ? Math.floor((details.bytesDone / details.bytesTotal) * 100) : 0;

/** How often a running task reads its creator's authority again. */
const AUTHORITY_CHECK_MS = 1000;

/** The virtual path a job writes. */
const targetPathOf = (job: CopyJob) => `${job.target.mount.mountPath}/${job.targetKey}`;

/** Thrown inside a run when the row says it is no longer ours to run (cancelled, or taken over). */
class Stopped extends Error {}

export async function runCopyTask(ctx: ModelContext, task: Task, signal: AbortSignal): Promise<void> {
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

/** The copy kind of task: its run, its record and its retry (registered by app/models/wiring.server.ts). */
export const copyTaskKind: TaskKind = { run: runCopyTask, record: copyRecord, retry: copyRetry };
