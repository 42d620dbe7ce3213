import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import type { Task } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { planCopy, type CopyItem, type CopyOptions, type PlannedItem } from '~/models/fs/copy.server';
import type { BackupTaskDetails } from '~/models/backup/task.server';

/**
 * Server-side tasks (docs/architecture.md §10, docs/product/spec.md §3 Task and §4 task statuses):
 * rows in the database that a worker in the server runs (models/tasks/worker.server.ts): copy and
 * move, and backups (models/backup/task.server.ts). A caller sees and controls its own tasks; an
 * admin all.
 */
/**
 * Says "queued" when a task becomes pending here, and "cancelled" (with its id) when one is
 * cancelled, so this process's worker acts at once; workers of other replicas see the row within
 * a second (worker.server.ts).
 */
export const taskQueue = new EventEmitter();

export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'partial'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

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

export interface TaskRecord {
  id: string;
  type: 'copy' | 'move' | 'backup';
  status: TaskStatus;
  progress: number;
  currentFile: string | null;
  totalCount: number;
  successCount: number;
  failureCount: number;
  bytesTotal: number;
  bytesDone: number;
  items: PlannedItem[];
  failed: CopyTaskDetails['failed'];
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A backup task's run (models/backup/task.server.ts). */
  backup?: BackupTaskDetails['backup'];
}

export const detailsOf = (task: Task): CopyTaskDetails => JSON.parse(task.details ?? '{}') as CopyTaskDetails;

export function toTaskRecord(task: Task): TaskRecord {
  if (task.type === 'backup') return toBackupRecord(task);
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

/** A backup task in the task list: its bytes are the archive's, written so far and in all. */
function toBackupRecord(task: Task): TaskRecord {
  const details = JSON.parse(task.details ?? '{}') as BackupTaskDetails;
  return {
    id: task.id,
    type: 'backup',
    status: task.status as TaskStatus,
    progress: task.progress,
    currentFile: task.currentFile,
    totalCount: 0,
    successCount: 0,
    failureCount: 0,
    bytesTotal: details.backup.size ?? 0,
    bytesDone: details.backup.written ?? 0,
    items: [],
    failed: [],
    error: details.error ?? null,
    createdAt: task.createdAt,
    startedAt: task.startedAt,
    finishedAt: task.finishedAt,
    backup: details.backup,
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

/** How many of the caller's most recent tasks a list shows. */
const LIST_LIMIT = 100;

export async function listTasks(ctx: ModelContext, principal: Principal): Promise<TaskRecord[]> {
  authorize(principal, 'fs.view');
  const tasks = await ctx.db.task.findMany({
    where: principal.kind === 'admin' ? {} : { createdBy: creatorId(principal) },
    orderBy: { createdAt: 'desc' },
    take: LIST_LIMIT,
  });
  return tasks.map(toTaskRecord);
}

async function ownTask(ctx: ModelContext, principal: Principal, id: string): Promise<Task> {
  authorize(principal, 'fs.view');
  const task = await ctx.db.task.findUnique({ where: { id } });
  // Someone else's task is as unknown as a missing one.
  if (!task || !isCreator(principal, task.createdBy)) throw new AppError('not_found', 'taskNotFound');
  return task;
}

export async function getTask(ctx: ModelContext, principal: Principal, id: string): Promise<TaskRecord> {
  return toTaskRecord(await ownTask(ctx, principal, id));
}

/**
 * Stops a pending or running task: one statement, so it cannot race the worker's claim. The worker
 * sees it at its next progress write and stops within a chunk.
 */
export async function cancelTask(ctx: ModelContext, principal: Principal, id: string): Promise<TaskRecord> {
  await ownTask(ctx, principal, id);
  const { count } = await ctx.db.task.updateMany({
    where: { id, status: { in: ['pending', 'running'] } },
    data: { status: 'cancelled', finishedAt: new Date(), currentFile: null },
  });
  if (count === 0) throw new AppError('conflict', 'taskNotRunning');
  taskQueue.emit('cancelled', id);
  return getTask(ctx, principal, id);
}

/** The statuses of a task that has ended, one way or another. */
const FINISHED = ['completed', 'failed', 'cancelled', 'partial'];

/**
 * "Clear finished" (issue 28): forgets the caller's ended tasks (an admin's: everyone's, as the list
 * shows them). A cancelled task whose worker still holds a claim on a target is kept until it lets go.
 */
export async function clearFinishedTasks(ctx: ModelContext, principal: Principal): Promise<number> {
  authorize(principal, 'fs.view');
  const held = (await ctx.db.taskClaim.findMany({ select: { taskId: true } })).map((c) => c.taskId);
  const { count } = await ctx.db.task.deleteMany({
    where: {
      status: { in: FINISHED },
      id: { notIn: held },
      ...(principal.kind === 'admin' ? {} : { createdBy: creatorId(principal) }),
    },
  });
  return count;
}

/**
 * Runs a finished task again for what did not succeed: its failed files (partial, failed), or
 * everything not yet copied (cancelled; a file already there with the same size counts as done).
 */
export async function retryTask(ctx: ModelContext, principal: Principal, id: string): Promise<TaskRecord> {
  const task = await ownTask(ctx, principal, id);
  if (!['failed', 'partial', 'cancelled'].includes(task.status)) throw new AppError('conflict', 'taskNotRetryable');
  const details = detailsOf(task);
  const retried: CopyTaskDetails = {
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
  const { count } = await ctx.db.task.updateMany({
    where: { id, status: task.status },
    data: {
      status: 'pending',
      progress: 0,
      failureCount: 0,
      successCount: 0,
      currentFile: null,
      finishedAt: null,
      details: JSON.stringify(retried),
    },
  });
  if (count === 0) throw new AppError('conflict', 'taskNotRetryable');
  taskQueue.emit('queued');
  return getTask(ctx, principal, id);
}
