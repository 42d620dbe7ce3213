import { EventEmitter } from 'node:events';
import { authorize } from '~/auth/operations';
import { creatorId, isCreator, type Principal } from '~/auth/principal';
import type { Task } from '~/generated/prisma/client';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';
import { kindOf, type TaskRecord } from './kinds.server';

/**
 * Server-side tasks (docs/architecture.md §10, docs/product/spec.md §3 Task and §4 task statuses):
 * rows in the database that a worker in the server runs (worker.server.ts). This folder is the
 * queue; what a task does is its kind's (kinds.server.ts): copy and move (models/fs/copy-task.server.ts),
 * backups (models/backup/task.server.ts). A caller sees and controls its own tasks; an admin all.
 */
/**
 * Says "queued" when a task becomes pending here, and "cancelled" (with its id) when one is
 * cancelled, so this process's worker acts at once; workers of other replicas see the row within
 * a second (worker.server.ts).
 */
export const taskQueue = new EventEmitter();

/** A task row as lists show it, by its kind. */
export const toTaskRecord = (task: Task): TaskRecord => kindOf(task.type).record(task);

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
 * Runs a finished task again for what did not succeed, as its kind says (a copy: its failed files,
 * or everything not yet copied when it was cancelled).
 */
export async function retryTask(ctx: ModelContext, principal: Principal, id: string): Promise<TaskRecord> {
  const task = await ownTask(ctx, principal, id);
  if (!['failed', 'partial', 'cancelled'].includes(task.status)) throw new AppError('conflict', 'taskNotRetryable');
  const retried = kindOf(task.type).retry?.(task);
  if (!retried) throw new AppError('conflict', 'taskNotRetryable');
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
