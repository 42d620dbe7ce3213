import { isUniqueViolation } from '~/db/errors';
import { AppError } from '~/lib/errors';
import type { ModelContext } from '~/models/context.server';

/**
 * A task's claim on the destination it writes (issue 27 B6; docs/architecture.md §10): one row
 * per storage key, so two tasks — on one server or two replicas — never write one file at once. A
 * claim left by a task that is no longer running (a killed server) is taken over.
 * Resolves to the release.
 */
export async function claimTarget(ctx: ModelContext, taskId: string, target: string): Promise<() => Promise<void>> {
  const release = async () => {
    await ctx.db.taskClaim.deleteMany({ where: { target, taskId } });
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await ctx.db.taskClaim.create({ data: { target, taskId } });
      return release;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const holder = await ctx.db.taskClaim.findUnique({ where: { target } });
    if (!holder) continue;
    if (holder.taskId === taskId) return release; // this task's own, from a run that was cut off
    if (await ctx.db.task.count({ where: { id: holder.taskId, status: 'running' } }))
      throw new AppError('conflict', 'copyTargetTaken');
    await ctx.db.taskClaim.deleteMany({ where: { target, taskId: holder.taskId } });
  }
  throw new AppError('conflict', 'copyTargetTaken');
}
