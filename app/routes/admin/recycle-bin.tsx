import { data, Form, redirect, useNavigation } from 'react-router';
import { BinList } from '~/components/bin/BinList';
import { Field, fieldAria } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, servicesContext } from '~/context';
import { binAction, isBinIntent } from '~/http/html/bin-actions.server';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { useTranslation } from '~/i18n/use-translation';
import { DEFAULT_BIN_RETENTION_DAYS, MAX_BIN_RETENTION_DAYS } from '~/lib/bin';
import { withQuery } from '~/lib/hrefs';
import { pageTitle } from '~/lib/meta';
import { binRights, listBin } from '~/models/fs/bin/manage.server';
import { setRetentionDays } from '~/models/settings/settings-admin.server';
import type { Route } from './+types/recycle-bin';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.recycleBin');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/recycle-bin';
const NOTICES = new Set(['restored', 'purged', 'emptied', 'saved']);

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const notice = url.searchParams.get('notice');
  const shown = { notice: notice && NOTICES.has(notice) ? notice : null, path: url.searchParams.get('path') };
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous')
    return { ...shown, entries: [], retentionDays: DEFAULT_BIN_RETENTION_DAYS, can: { restore: false, purge: false } };
  const bin = await listBin(context.get(servicesContext), principal);
  return { ...shown, ...bin, can: binRights(principal) };
});

/** Restore, delete for good, empty (asked once first), and the retention form. */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const services = context.get(servicesContext);
  const principal = context.get(principalContext);
  const intent = form.get('intent');
  try {
    if (isBinIntent(intent)) {
      const done = await binAction(services, principal, form);
      if ('confirm' in done) return data({ confirm: done.confirm });
      return redirect(withQuery(PATH, { notice: done.notice, path: done.path }));
    }
    await setRetentionDays(services, principal, 'bin_retention_days', String(form.get('retention_days') ?? ''));
    return redirect(`${PATH}?notice=saved`);
  } catch (error) {
    return formError(error, getLocale(context), {
      intent: String(intent ?? ''),
      days: String(form.get('retention_days') ?? ''),
    });
  }
});

/**
 * Admin → Recycle bin (issue 42, item 15; docs/api-extensions.md §14): everything
 * deleted or replaced in mounted storage, by any door — who, when, from where — restored to where it
 * was (a numbered name when that is taken), deleted for good, or emptied; and how long it is kept.
 */
export default function RecycleBin({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { entries, retentionDays, can, notice, path } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const confirm = actionData && 'confirm' in actionData ? actionData.confirm : null;
  const saving = useNavigation().formData?.has('retention_days');
  const retentionError = failed && !failed.intent?.startsWith('bin') ? failed.formError : undefined;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.recycleBin')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('bin.intro')}</p>
      </div>
      {notice && (
        <FormAlert tone="success">
          {notice === 'saved' ? t('bin.retention.saved') : t(`bin.${notice}`, { path })}
        </FormAlert>
      )}
      {failed?.intent?.startsWith('bin') && <FormAlert>{failed.formError}</FormAlert>}
      {retentionDays === 0 && <FormAlert>{t('bin.off')}</FormAlert>}
      <BinList entries={entries} can={can} confirm={confirm} cancelTo={PATH} emptyText={t('bin.empty')} />
      <Form method="post" className="card max-w-xl space-y-4 p-5 sm:p-6" aria-labelledby="bin-retention">
        <h2 id="bin-retention" className="text-lg font-semibold">
          {t('bin.retention.heading')}
        </h2>
        <Field
          id="retention_days"
          label={t('bin.retention.days')}
          hint={t('bin.retention.hint')}
          error={retentionError}
        >
          <input
            id="retention_days"
            name="retention_days"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_BIN_RETENTION_DAYS}
            required
            defaultValue={failed && !failed.intent?.startsWith('bin') ? failed.days : retentionDays}
            className="input w-32"
            {...fieldAria('retention_days', retentionError, true)}
          />
        </Field>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {t('bin.retention.save')}
        </button>
      </Form>
    </section>
  );
}
