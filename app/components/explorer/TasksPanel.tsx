import { useTranslation } from 'react-i18next';
import { DateTime } from '~/components/ui/DateTime';
import { IntentButton } from '~/components/ui/IntentButton';
import { useRefreshWhile } from '~/components/ui/use-refresh-while';
import { isTaskActive, type TaskView } from '~/lib/explorer';
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
  if (tasks.length === 0) return <p className="text-sm text-subtle">{t('explorer.tasks.empty')}</p>;
  return (
    <div className="space-y-3">
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
        {tasks.map((task) => (
          <li
            key={task.id}
            className="space-y-2 rounded-lg border border-line p-3 text-sm"
            aria-label={t('explorer.tasks.label', { source: task.items[0]?.sourcePath ?? '' })}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="min-w-0 font-medium break-all">
                {t(`explorer.tasks.${task.type}`, {
                  source: task.items[0]?.sourcePath ?? '',
                  target: task.items[0]?.targetPath ?? '',
                  count: task.items.length,
                })}
              </p>
              <span
                data-status={task.status}
                className="text-xs font-medium data-[status=completed]:text-success data-[status=failed]:text-danger data-[status=partial]:text-warning"
              >
                {t(`explorer.tasks.status.${task.status}`)}
              </span>
            </div>
            <progress
              max={100}
              value={task.progress}
              className="h-2 w-full accent-brand"
              aria-label={t('explorer.tasks.progress', { percent: task.progress })}
            />
            <p className="text-xs text-subtle">
              {t('explorer.tasks.counts', {
                done: formatBytes(task.bytesDone),
                total: formatBytes(task.bytesTotal),
                success: task.successCount,
                failure: task.failureCount,
                files: task.totalCount,
              })}
              {' · '}
              <DateTime iso={task.createdAt} />
            </p>
            {task.currentFile && (
              <p className="text-xs break-all text-subtle">{t('explorer.tasks.current', { file: task.currentFile })}</p>
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
              {['failed', 'partial', 'cancelled'].includes(task.status) && (
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
        ))}
      </ul>
    </div>
  );
}
