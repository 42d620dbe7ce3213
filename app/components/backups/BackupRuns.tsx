import { Link } from 'react-router';
import { TasksPanel } from '~/components/explorer/TasksPanel';
import { DateTime } from '~/components/ui/DateTime';
import { FormAlert } from '~/components/ui/FormAlert';
import { IntentButton } from '~/components/ui/IntentButton';
import {
  AskButton,
  ConfirmDialog,
  ConfirmStep,
  useConfirm,
  type ConfirmQuestion,
} from '~/components/admin-list/Confirm';
import { useTranslation } from '~/i18n/use-translation';
import { explorerHref, type TaskView } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import type { LastRunView, StoredBackupView } from './types';

const PATH = '/admin/backups';

/**
 * Scheduled backups as they stand (Admin → Backups): the next run, "Back up now", the latest
 * runs with their progress (the task list's own component, with cancel and retry), and the backups
 * in the folder, each to download.
 */
export function BackupRuns({
  next,
  timeZone,
  canRun,
  runError,
  runs,
  stored,
  storedError,
  confirmDelete,
  deleted,
}: {
  next: string | null;
  /** The schedule's time zone: the next run is shown in it, named. */
  timeZone: string;
  canRun: boolean;
  runError?: string;
  runs: TaskView[];
  stored: { storage: string | null; backups: StoredBackupView[] };
  storedError: string | null;
  /** A stored backup whose delete waits for its confirmation (the no-JS step). */
  confirmDelete: string | null;
  /** The backup just deleted. */
  deleted: string | null;
}) {
  const { t } = useTranslation();
  const dialog = useConfirm<string>();
  const question = (name: string): ConfirmQuestion => ({
    heading: t('backups.stored.confirmHeading'),
    body: t('backups.stored.confirmBody', { storage: stored.storage ?? '—' }),
    names: [name],
    total: 1,
    confirmLabel: t('backups.stored.yesDelete'),
    fields: [
      ['intent', 'deleteBackup'],
      ['name', name],
    ],
  });
  return (
    <section aria-labelledby="backup-runs" className="card max-w-xl space-y-4 p-5 sm:p-6">
      <h2 id="backup-runs" className="text-lg font-semibold">
        {t('backups.runs.heading')}
      </h2>
      <NextRun next={next} timeZone={timeZone} className="text-sm" />
      {runError && <FormAlert>{runError}</FormAlert>}
      {canRun ? (
        <IntentButton
          action={PATH}
          intent="runNow"
          id="run"
          label={t('backups.runs.now')}
          busyLabel={t('backups.runs.starting')}
          icon="upload"
          className="btn-primary"
        />
      ) : (
        <p className="text-sm text-subtle">{t('backups.runs.saveFirst')}</p>
      )}
      {runs.length === 0 ? (
        <p className="text-sm text-subtle">{t('backups.runs.none')}</p>
      ) : (
        <TasksPanel tasks={runs} action={PATH} refreshTo={PATH} />
      )}
      <p className="text-sm">
        <Link to={explorerHref('/', { do: 'tasks' })} className="link">
          {t('backups.runs.allTasks')}
        </Link>
      </p>
      <h3 className="font-semibold">{t('backups.stored.heading', { storage: stored.storage ?? '—' })}</h3>
      {deleted && <FormAlert tone="success">{t('backups.stored.deleted', { name: deleted })}</FormAlert>}
      {confirmDelete && <ConfirmStep question={question(confirmDelete)} cancelTo={PATH} />}
      <ConfirmDialog question={dialog.request === null ? null : question(dialog.request)} onClose={dialog.close} />
      {storedError ? (
        <FormAlert>{storedError}</FormAlert>
      ) : stored.backups.length === 0 ? (
        <p className="text-sm text-subtle">{t('backups.stored.none')}</p>
      ) : (
        <ul className="divide-y divide-line text-sm" aria-label={t('backups.stored.list')}>
          {stored.backups.map((backup) => (
            <li key={backup.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 font-mono break-all">{backup.name}</span>
              <span className="text-subtle">
                {formatBytes(backup.size)}
                {backup.at && (
                  <>
                    {' · '}
                    <DateTime iso={backup.at} />
                  </>
                )}
              </span>
              <span className="flex items-center gap-3">
                <a
                  href={`${PATH}/stored/${encodeURIComponent(backup.name)}`}
                  className="link"
                  download
                  aria-label={t('backups.stored.download', { name: backup.name })}
                >
                  {t('backups.stored.downloadShort')}
                </a>
                <AskButton
                  fields={question(backup.name).fields}
                  label={t('backups.stored.deleteShort')}
                  ariaLabel={t('backups.stored.delete', { name: backup.name })}
                  className="btn btn-danger px-2 py-1 text-xs"
                  onAsk={() => dialog.ask(backup.name)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** When the schedule runs next, or that it is off. */
function NextRun({ next, timeZone, className }: { next: string | null; timeZone?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <p className={className}>
      {next ? (
        <>
          {t('backups.runs.next')} <DateTime iso={next} timeZone={timeZone} />
        </>
      ) : (
        t('backups.runs.off')
      )}
    </p>
  );
}

/** The latest run's result, for the dashboard: when, how it went, what it made. */
export function LastBackup({ last, next }: { last: LastRunView | null; next: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dashboard-backup" className="card space-y-2 p-5 text-sm">
      <h2 id="dashboard-backup" className="text-lg font-semibold">
        {t('backups.dashboard.heading')}
      </h2>
      {last ? (
        <p data-status={last.status} className="data-[status=failed]:text-danger">
          {t(last.status === 'completed' ? 'backups.dashboard.completed' : 'backups.dashboard.failed')}{' '}
          {last.at && <DateTime iso={last.at} />}
          {last.name && ` · ${last.name}`}
          {last.size !== null && ` · ${formatBytes(last.size)}`}
          {last.error && ` · ${t(`errors.${last.error}`, { defaultValue: last.error })}`}
        </p>
      ) : (
        <p className="text-subtle">{t('backups.dashboard.never')}</p>
      )}
      <NextRun next={next} />
      <Link to={PATH} className="link">
        {t('backups.dashboard.manage')}
      </Link>
    </section>
  );
}
