import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { IntentButton } from '~/components/ui/IntentButton';
import { useRefreshWhile } from '~/components/ui/use-refresh-while';
import type { TFunction } from 'i18next';
import { isTaskActive, parentOf, tasksEndedSince, type TaskView } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';

/**
 * The task manager (docs/product/spec.md §2, §4 task statuses): the caller's copy and move tasks
 * with live progress (the page reloads its data every two seconds while one runs; without
 * JavaScript, a refresh link), cancel for running ones and retry for failed ones.
 */
export function TasksPanel({ tasks, action, refreshTo }: { tasks: TaskView[]; action: string; refreshTo: string }) {
  const { t } = useTranslation();
  const active = tasks.some(isTaskActive);
  useRefreshWhile(active);
  const ended = useEndedTasks(tasks);
  if (tasks.length === 0) return <p className="text-sm text-subtle">{t('explorer.tasks.empty')}</p>;
  return (
    <div className="space-y-3">
      {/* A task that ends while the list is open is said aloud: its progress bar alone is silent. */}
      <p role="status" className="sr-only">
        {ended.map((task) => `${taskTitle(t, task)}: ${t(`explorer.tasks.status.${task.status}`)}`).join('. ')}
      </p>
      {active && (
        // Without JavaScript the page reloads itself while a task runs (a refresh inside noscript
        // is parsed only when scripts are off), and says how to do it by hand.
        <noscript>
          <meta httpEquiv="refresh" content="3" />
          <p className="text-sm">
            <a href={refreshTo} className="link">
              {t('explorer.tasks.refresh')}
            </a>
          </p>
        </noscript>
      )}
      <ul className="space-y-3" aria-label={t('explorer.tasks.heading')}>
        {tasks.map((task) => {
          const sized = task.type !== 'backup' && (task.bytesTotal > 0 || task.totalCount > 0);
          return (
            <li
              key={task.id}
              className="space-y-2 rounded-lg border border-line p-3 text-sm"
              aria-label={
                task.backup
                  ? taskTitle(t, task)
                  : t('explorer.tasks.label', { source: task.items[0]?.sourcePath ?? '' })
              }
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="min-w-0 font-medium break-words">{taskTitle(t, task)}</p>
                <span
                  data-status={task.status}
                  className="text-xs font-medium data-[status=completed]:text-success data-[status=failed]:text-danger data-[status=partial]:text-warning"
                >
                  {t(`explorer.tasks.status.${task.status}`)}
                </span>
              </div>
              {sized || !isTaskActive(task) ? (
                <progress
                  max={100}
                  value={task.progress}
                  className="h-2 w-full accent-brand"
                  aria-label={t('explorer.tasks.progress', { percent: task.progress })}
                />
              ) : (
                // Sizes are not known yet (the task is planning): a moving bar, never "0 B of 0 B".
                <progress className="h-2 w-full accent-brand" aria-label={t('explorer.tasks.preparing')} />
              )}
              <p className="text-xs text-subtle">
                {task.backup
                  ? backupLine(t, task, task.backup)
                  : sized
                    ? t('explorer.tasks.counts', {
                        done: formatBytes(task.bytesDone),
                        total: formatBytes(task.bytesTotal),
                        success: task.successCount,
                        failure: task.failureCount,
                        files: task.totalCount,
                      })
                    : t(isTaskActive(task) ? 'explorer.tasks.preparing' : 'explorer.tasks.nothingCopied')}
                {' · '}
                <DateTime iso={task.createdAt} />
              </p>
              {task.currentFile && !task.backup && (
                <p className="text-xs break-all text-subtle">
                  {t('explorer.tasks.current', { file: task.currentFile })}
                </p>
              )}
              {task.error && (
                <p className="text-xs text-danger">{t(`errors.${task.error}`, { defaultValue: task.error })}</p>
              )}
              {task.failed.length > 0 && (
                <ul className="max-h-28 list-inside list-disc overflow-auto text-xs text-danger">
                  {task.failed.map((f) => (
                    <li key={f.sourcePath} className="break-all">
                      {f.sourcePath}: {t(`errors.${f.error}`, { defaultValue: f.error })}
                    </li>
                  ))}
                </ul>
              )}
              <div className="flex flex-wrap gap-2">
                {isTaskActive(task) && (
                  <IntentButton
                    action={action}
                    intent="cancelTask"
                    id={task.id}
                    fields={{ task: task.id }}
                    label={t('explorer.tasks.cancel')}
                    busyLabel={t('explorer.tasks.cancelling')}
                    className="text-danger"
                  />
                )}
                {/* A backup is not run again: the next one is a new backup (models/backup/task.server.ts). */}
                {task.type !== 'backup' && ['failed', 'partial', 'cancelled'].includes(task.status) && (
                  <IntentButton
                    action={action}
                    intent="retryTask"
                    id={task.id}
                    fields={{ task: task.id }}
                    label={t('explorer.tasks.retry')}
                    busyLabel={t('explorer.tasks.retrying')}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {tasks.some((task) => !isTaskActive(task)) && (
        <IntentButton
          action={action}
          intent="clearTasks"
          id="clear"
          fields={{}}
          label={t('explorer.tasks.clearFinished')}
          busyLabel={t('explorer.tasks.clearing')}
        />
      )}
    </div>
  );
}

/** What a backup task has done: its phase and the bytes written while it runs; the file it made once done. */
function backupLine(t: TFunction, task: TaskView, backup: NonNullable<TaskView['backup']>): string {
  if (task.status === 'completed' && backup.name)
    return t('explorer.tasks.backupDone', {
      name: backup.name,
      size: formatBytes(task.bytesTotal),
      pruned: backup.pruned,
    });
  const phase = t(`explorer.tasks.backupPhase.${backup.phase ?? 'waiting'}`);
  return task.bytesDone > 0 ? `${phase} · ${formatBytes(task.bytesDone)}` : phase;
}

/** What a task does, in words: "Copy 4 items from /team/photos to /cloud/gallery", or the one item's name. */
function taskTitle(t: TFunction, task: TaskView): string {
  if (task.backup) {
    return t('explorer.tasks.backupTitle', {
      storage: task.backup.storage ?? '…',
      folder: `/${task.backup.folder ?? ''}`,
    });
  }
  const first = task.items[0];
  if (!first) return t(`explorer.tasks.${task.type}Many`, { count: 0, from: '/', to: '/' });
  const from = parentOf(first.sourcePath.replace(/\/$/, ''));
  const to = parentOf(first.targetPath.replace(/\/$/, ''));
  if (task.items.length === 1) {
    const name = first.sourcePath.replace(/\/$/, '').split('/').pop()!;
    return t(`explorer.tasks.${task.type}One`, { name, from, to });
  }
  return t(`explorer.tasks.${task.type}Many`, { count: task.items.length, from, to });
}

/** The tasks that were running when the list was last drawn and have ended since. */
function useEndedTasks(tasks: TaskView[]): TaskView[] {
  const running = useRef<Set<string> | null>(null);
  const [ended, setEnded] = useState<TaskView[]>([]);
  useEffect(() => {
    const now = tasksEndedSince(running.current, tasks);
    running.current = new Set(tasks.filter(isTaskActive).map((task) => task.id));
    if (now.length) setEnded(now);
  }, [tasks]);
  return ended;
}
