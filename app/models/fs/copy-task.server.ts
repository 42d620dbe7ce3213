import { randomUUID } from 'node:crypto';
import { authorize } from '~/auth/operations';
import { creatorId, type Principal } from '~/auth/principal';
import type { Task } from '~/generated/prisma/client';
import type { ModelContext } from '~/models/context.server';
import type { TaskRecord, TaskStatus } from '~/models/tasks/kinds.server';
import { taskQueue, toTaskRecord } from '~/models/tasks/tasks.server';
import { planCopy, type CopyItem, type CopyOptions, type PlannedItem } from './copy.server';

/**
 * Copy and move tasks (docs/api-extensions.md §3), a kind of task of the queue in models/tasks
 * (its run: copy-run.server.ts): what one keeps between runs, how it starts, shows and runs again.
 */

/** What a copy task keeps between runs (in `details`, JSON). */
export interface CopyTaskDetails {
  options: CopyOptions;
  /** The top-level items with their destinations settled when the task was created. */
  plan: PlannedItem[];
  /** Files that failed in the last run: what "retry" copies again. */
  failed: { sourcePath: string; targetPath: string; error: string }[];
  bytesTotal: number;
  bytesDone: number;
  /** Runs cut off by a stopped server; past MAX_INTERRUPTIONS the task fails. */
  interruptions: number;
  /** Run again by "retry": the files it copied before may be there (a same-size one counts as done). */
  retried?: boolean;
  /** Why the task failed as a whole (not a file's error). */
  error?: string;
}

export const detailsOf = (task: Task): CopyTaskDetails => JSON.parse(task.details ?? '{}') as CopyTaskDetails;

/** A copy or move task as lists show it. */
export function copyRecord(task: Task): TaskRecord {
  const details = detailsOf(task);
  return {
    id: task.id,
    type: details.options?.move ? 'move' : 'copy',
    status: task.status as TaskStatus,
    progress: task.progress,
    currentFile: task.currentFile,
    totalCount: task.totalCount,
    successCount: task.successCount,
    failureCount: task.failureCount,
    bytesTotal: details.bytesTotal ?? 0,
    bytesDone: details.bytesDone ?? 0,
    items: details.plan ?? [],
    failed: details.failed ?? [],
    error: details.error ?? null,
    createdAt: task.createdAt,
    startedAt: task.startedAt,
    finishedAt: task.finishedAt,
  };
}

/**
 * Run again for what did not succeed: its failed files (partial, failed), or everything not yet
 * copied (cancelled; a file already there with the same size counts as done).
 */
export function copyRetry(task: Task): CopyTaskDetails {
  const details = detailsOf(task);
  return {
    ...details,
    plan:
      task.status === 'cancelled' || details.failed.length === 0
        ? details.plan
        : details.failed.map((f) => ({ sourcePath: f.sourcePath, targetPath: f.targetPath, isDirectory: false })),
    failed: [],
    error: undefined,
    interruptions: 0,
    retried: true,
    bytesDone: 0,
  };
}

/**
 * POST /api/fs/copy (docs/api-extensions.md): checks every item now (permissions, base paths,
 * sources that exist), settles the names, and leaves the copying to the worker.
 */
export async function startCopyTask(
  ctx: ModelContext,
  principal: Principal,
  items: CopyItem[],
  options: CopyOptions,
): Promise<TaskRecord> {
  authorize(principal, 'fs.copy');
  if (options.move) authorize(principal, 'fs.delete');
  const plan = await planCopy(ctx, principal, items, options);
  const details: CopyTaskDetails = { options, plan, failed: [], bytesTotal: 0, bytesDone: 0, interruptions: 0 };
  const task = await ctx.db.task.create({
    data: {
      id: randomUUID(),
      type: 'copy',
      status: 'pending',
      totalCount: 0,
      details: JSON.stringify(details),
      createdBy: creatorId(principal),
    },
  });
  taskQueue.emit('queued');
  return toTaskRecord(task);
}
