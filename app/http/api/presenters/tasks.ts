import type { TaskView } from '~/lib/explorer';
import type { TaskRecord } from '~/models/tasks/kinds.server';

/** A task as the API (docs/api-extensions.md §3) and the explorer's task manager show it. */
export function presentTask(task: TaskRecord): TaskView {
  return {
    id: task.id,
    // The kinds the task manager has words for (a new kind adds its labels: locales explorer.tasks).
    type: task.type as TaskView['type'],
    status: task.status,
    progress: task.progress,
    currentFile: task.currentFile,
    totalCount: task.totalCount,
    successCount: task.successCount,
    failureCount: task.failureCount,
    bytesTotal: task.bytesTotal,
    bytesDone: task.bytesDone,
    items: task.items.map((i) => ({ sourcePath: i.sourcePath, targetPath: i.targetPath, skipped: Boolean(i.skipped) })),
    failed: task.failed,
    error: task.error,
    createdAt: task.createdAt.toISOString(),
    startedAt: task.startedAt?.toISOString() ?? null,
    finishedAt: task.finishedAt?.toISOString() ?? null,
    ...(task.backup && {
      backup: {
        storage: task.backup.storage ?? null,
        folder: task.backup.folder ?? null,
        phase: task.backup.phase ?? null,
        name: task.backup.name ?? null,
        pruned: task.backup.pruned ?? 0,
      },
    }),
  };
}

/** POST /fs/copy: 202 with the task to follow. */
export const presentTaskCreated = (task: TaskRecord) => ({ taskId: task.id, task: presentTask(task) });

export const presentTaskList = (tasks: TaskRecord[]) => ({ tasks: tasks.map(presentTask) });

export const presentTasksCleared = (cleared: number) => ({ cleared });
