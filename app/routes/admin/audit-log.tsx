import { Link, redirect } from 'react-router';
import { AuditFilters } from '~/components/audit/AuditFilters';
import { AuditTable } from '~/components/audit/AuditTable';
import { RetentionForm } from '~/components/audit/RetentionForm';
import type { AuditEventView } from '~/components/audit/types';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { useTranslation } from '~/i18n/use-translation';
import { DEFAULT_AUDIT_RETENTION_DAYS } from '~/lib/audit-actions';
import { auditQueryString, parseAuditQuery } from '~/lib/audit-query';
import { pageTitle } from '~/lib/meta';
import { auditLogPage, type AuditEventRecord } from '~/models/audit/events.server';
import { setRetentionDays } from '~/models/settings/settings-admin.server';
import type { Route } from './+types/audit-log';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.auditLog');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/audit-log';

function toView(event: AuditEventRecord): AuditEventView {
  const { actorId: _id, ...rest } = event;
  return { ...rest, at: event.at.toISOString() };
}

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseAuditQuery(url.searchParams);
  const saved = url.searchParams.has('saved');
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous')
    return { ...query, saved, events: [], olderBefore: null, retentionDays: DEFAULT_AUDIT_RETENTION_DAYS };
  const page = await auditLogPage(context.get(servicesContext), principal, query);
  return { ...query, saved, ...page, events: page.events.map(toView) };
});

/** The retention form: saved, then back to the page (which says so), or its mistake beside the field. */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const days = String(form.get('retention_days') ?? '');
    await setRetentionDays(context.get(servicesContext), context.get(principalContext), 'audit_retention_days', days);
    return redirect(`${PATH}?saved`);
  } catch (error) {
    return formError(error, getLocale(context), { days: String(form.get('retention_days') ?? '') });
  }
});

/**
 * Admin → Audit log (issue 32, docs/deploy.md "Audit log"): who did what, newest first, filtered by
 * who, what, to what, how it went and when; a page of 50 at a time, older ones behind a link; the
 * whole filtered log as CSV; and how long it is kept.
 */
export default function AuditLog({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, problems, events, olderBefore, before, retentionDays, saved } = loaderData;
  const filtered = Object.values(values).some(Boolean);
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.auditLog')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('audit.intro')}</p>
      </div>
      <AuditFilters values={values} problems={problems} />
      {events.length === 0 ? (
        <p className="card p-6 text-center text-subtle">{filtered ? t('audit.emptyFiltered') : t('audit.emptyAll')}</p>
      ) : (
        <AuditTable events={events} />
      )}
      {(before || olderBefore) && (
        <nav aria-label={t('audit.table')} className="flex flex-wrap gap-3">
          {before && (
            <Link to={`${PATH}${auditQueryString(values)}`} className="btn">
              {t('audit.newest')}
            </Link>
          )}
          {olderBefore && (
            <Link to={`${PATH}${auditQueryString(values, { before: String(olderBefore) })}`} rel="next" className="btn">
              {t('audit.older')}
            </Link>
          )}
        </nav>
      )}
      <RetentionForm
        days={failed?.days ?? String(retentionDays)}
        saved={saved && !failed}
        error={failed ? (failed.fieldErrors.retention_days ?? failed.formError) : undefined}
      />
    </section>
  );
}
