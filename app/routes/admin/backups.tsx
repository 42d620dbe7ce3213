import { redirect } from 'react-router';
import { BackupRuns } from '~/components/backups/BackupRuns';
import { ScheduleForm } from '~/components/backups/ScheduleForm';
import type { ScheduleFormValues } from '~/components/backups/types';
import { BackupDownloadForm } from '~/components/backups/BackupDownloadForm';
import { principalContext, servicesContext } from '~/context';
import { presentTask } from '~/http/api/presenters/tasks';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { useTranslation } from '~/i18n/use-translation';
import { pageTitle } from '~/lib/meta';
import { backupsPage } from '~/models/backup/page.server';
import { runBackupNow, saveBackupSchedule } from '~/models/backup/schedule.server';
import { deleteStoredBackup } from '~/models/backup/stored.server';
import { cancelTask, clearFinishedTasks, retryTask } from '~/models/tasks/tasks.server';
import type { Route } from './+types/backups';
import { CommandBlock } from '~/components/ui/CommandBlock';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.backups');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/backups';

/** The reasons a backup form comes back with (backup-download.ts), as error keys. */
const REASONS = new Set(['backupPassphrase', 'backupPassphraseMismatch', 'backupTargetExists']);

/** The time zones the schedule's field suggests (any the runtime knows is accepted). */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const error = url.searchParams.get('error');
  const shown = {
    error: error && REASONS.has(error) ? error : null,
    saved: url.searchParams.has('saved'),
    deleted: url.searchParams.get('deleted'),
  };
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { ...shown, page: null };
  const page = await backupsPage(context.get(servicesContext), principal);
  const s = page.schedule;
  const values: ScheduleFormValues = {
    enabled: s.enabled,
    frequency: s.frequency,
    weekday: String(s.weekday),
    time: s.time,
    time_zone: s.timeZone,
    keep: String(s.keep),
    storage_config_id: s.storageConfigId ?? page.storages[0]?.id ?? '',
    folder: s.folder.replace(/\/$/, ''),
  };
  return {
    ...shown,
    page: {
      values,
      hasPassphrase: s.hasPassphrase,
      canRun: s.hasPassphrase && Boolean(s.storageConfigId),
      next: s.next?.toISOString() ?? null,
      storages: page.storages,
      runs: page.runs.map(presentTask),
      stored: {
        storage: page.stored.storage,
        backups: page.stored.backups.map((b) => ({ ...b, at: b.at?.toISOString() ?? null })),
      },
      storedError: page.storedError,
    },
  };
});

/** The form's fields as typed, to show again beside a mistake (never the passphrase). */
const typed = (form: FormData): ScheduleFormValues =>
  ({
    enabled: form.get('enabled') === 'on',
    ...Object.fromEntries(
      ['frequency', 'weekday', 'time', 'time_zone', 'keep', 'storage_config_id', 'folder'].map((name) => [
        name,
        String(form.get(name) ?? ''),
      ]),
    ),
  }) as ScheduleFormValues;

/**
 * The schedule's form, "Back up now", and the runs' cancel, retry and clear (the task list's
 * buttons): each one model call; a mistake comes back to its form.
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const ctx = context.get(servicesContext);
  const principal = context.get(principalContext);
  const task = String(form.get('task') ?? '');
  try {
    if (intent === 'schedule') {
      const fields = Object.fromEntries([...form].map(([name, value]) => [name, String(value)]));
      await saveBackupSchedule(ctx, principal, fields);
      return redirect(`${PATH}?saved`);
    }
    if (intent === 'runNow') await runBackupNow(ctx, principal);
    else if (intent === 'cancelTask') await cancelTask(ctx, principal, task);
    else if (intent === 'retryTask') await retryTask(ctx, principal, task);
    else if (intent === 'clearTasks') await clearFinishedTasks(ctx, principal);
    else if (intent === 'deleteBackup') {
      // Asked first: without JavaScript the answer is the confirmation step (with it, a dialog asked).
      const name = String(form.get('name') ?? '');
      if (form.get('confirmed') !== '1') return { confirmDelete: name };
      await deleteStoredBackup(ctx, principal, name);
      return redirect(`${PATH}?deleted=${encodeURIComponent(name)}`);
    }
    return redirect(PATH);
  } catch (error) {
    return formError(error, getLocale(context), { intent, values: intent === 'schedule' ? typed(form) : null });
  }
});

/**
 * Admin → Backups (issue 32, docs/deploy.md "Backups"): the schedule (decision 0032 "Schedule"),
 * its runs and the backups it stored, a backup of the database, the sealed key and the embedded
 * storage downloaded now (that form posts natively, reloadDocument: the answer is the file), and
 * how to restore, which is a command, into an empty folder. Every form works without JavaScript.
 */
export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const error = loaderData.error ? t(`errors.${loaderData.error}`) : undefined;
  const { page } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const scheduleFailed = failed?.intent === 'schedule' ? failed : undefined;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.backups')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('backups.intro')}</p>
      </div>
      {page && (
        <div className="grid items-start gap-6 xl:grid-cols-2">
          <ScheduleForm
            values={scheduleFailed?.values ?? page.values}
            storages={page.storages}
            timeZones={TIME_ZONES}
            hasPassphrase={page.hasPassphrase}
            error={scheduleFailed?.formError}
            fieldErrors={scheduleFailed?.fieldErrors ?? {}}
            saved={loaderData.saved}
          />
          <BackupRuns
            next={page.next}
            timeZone={page.values.time_zone}
            canRun={page.canRun}
            runError={failed && !scheduleFailed ? failed.formError : undefined}
            runs={page.runs}
            stored={page.stored}
            confirmDelete={actionData && 'confirmDelete' in actionData ? actionData.confirmDelete : null}
            deleted={loaderData.deleted}
            storedError={page.storedError && t(`errors.${page.storedError}`, { defaultValue: page.storedError })}
          />
        </div>
      )}
      <BackupDownloadForm error={error} mismatch={loaderData.error === 'backupPassphraseMismatch'} />
      <section aria-labelledby="backup-restore" className="card max-w-xl space-y-3 p-5 text-sm sm:p-6">
        <h2 id="backup-restore" className="text-lg font-semibold">
          {t('backups.restoreHeading')}
        </h2>
        <p>{t('backups.restoreBody')}</p>
        <CommandBlock>
          {'BACKUP_PASSPHRASE=… DATA_DIR=/srv/cloudclip npm run restore -- cloudclip.tar.gz --dry-run'}
        </CommandBlock>
        <p className="text-subtle">{t('backups.commandsBody')}</p>
      </section>
    </section>
  );
}
