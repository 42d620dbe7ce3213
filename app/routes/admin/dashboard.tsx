import { useTranslation } from '~/i18n/use-translation';
import { Link, redirect } from 'react-router';
import { LastBackup } from '~/components/backups/BackupRuns';
import { ActivityChart } from '~/components/dashboard/ActivityChart';
import { CachePanel } from '~/components/dashboard/CachePanel';
import { StorageUsage } from '~/components/dashboard/StorageUsage';
import { Totals } from '~/components/dashboard/Totals';
import type { DashboardView } from '~/components/dashboard/view';
import { WeeklyFigures } from '~/components/dashboard/WeeklyFigures';
import { DateTime } from '~/components/ui/DateTime';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { pageTitle } from '~/lib/meta';
import { dashboardStats } from '~/models/dashboard/stats.server';
import { clearCaches } from '~/models/fs/cache.server';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.dashboard');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * The admin's first screen (docs/product/spec.md §2 "Admin dashboard"). The admin layout's guard
 * sends everyone else to their first module; `?chart=line` switches the chart (a link, so it works
 * without JavaScript).
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const chart = url.searchParams.get('chart') === 'line' ? ('line' as const) : ('bar' as const);
  const cleared = url.searchParams.get('cleared');
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { view: null, chart, cleared: null };
  const s = await dashboardStats(context.get(servicesContext), principal);
  const view: DashboardView = {
    totals: s.totals,
    storages: s.storages.map((c) => ({
      id: c.id,
      name: c.name,
      storageType: c.storageType,
      isDefault: c.isDefault,
      fileCount: c.fileCount,
      usedBytes: c.usedBytes,
      capacityBytes: c.totalStorageBytes,
    })),
    days: s.days,
    pastesPerDay: s.pastesPerDay,
    filesPerDay: s.filesPerDay,
    caches: {
      directory: { size: s.caches.directory.size, hits: s.caches.directory.hits, misses: s.caches.directory.misses },
      searchIndexEntries: s.caches.searchIndexEntries,
    },
    process: {
      rss: s.process.memory.rss,
      heapUsed: s.process.memory.heapUsed,
      heapTotal: s.process.memory.heapTotal,
      uptimeSeconds: s.process.uptimeSeconds,
    },
    backup: {
      last: s.backup.last && { ...s.backup.last, at: s.backup.last.at?.toISOString() ?? null },
      next: s.backup.next?.toISOString() ?? null,
    },
    generatedAt: s.generatedAt.toISOString(),
  };
  return { view, chart, cleared: cleared === null ? null : Number(cleared) };
});

/** Clears every cache (the panel's one button), then shows the dashboard with how many entries went. */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'clear-caches') return redirect('/admin');
  const count = await clearCaches(context.get(servicesContext), context.get(principalContext), {});
  return redirect(`/admin?cleared=${count}`);
});

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, chart, cleared } = loaderData;
  if (!view) return null;
  const dayName = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
  const dayOfMonth = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', timeZone: 'UTC' });
  const week = view.days.slice(-7);
  const series = [
    { label: t('dashboard.activity.pastes'), values: view.pastesPerDay.slice(-7), tone: 'fill-brand stroke-brand' },
    { label: t('dashboard.activity.files'), values: view.filesPerDay.slice(-7), tone: 'fill-success stroke-success' },
  ];
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.dashboard')}
          </h1>
          <p className="mt-2 text-subtle">{t('dashboard.intro')}</p>
        </div>
        <p className="text-sm text-subtle">
          {t('dashboard.generatedAt')} <DateTime iso={view.generatedAt} />{' '}
          <Link to={chart === 'line' ? '?chart=line' : '.'} className="link">
            {t('dashboard.refresh')}
          </Link>
        </p>
      </div>
      {cleared !== null && <FormAlert tone="success">{t('dashboard.caches.cleared', { count: cleared })}</FormAlert>}
      <Totals totals={view.totals} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="activity-heading" className="card min-w-0 p-4 sm:p-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="activity-heading" className="font-semibold">
              {t('dashboard.activity.heading')}
            </h2>
            <nav aria-label={t('dashboard.activity.chartKind')} className="flex gap-1">
              {(['bar', 'line'] as const).map((kind) => (
                <Link
                  key={kind}
                  to={kind === 'line' ? '?chart=line' : '.'}
                  preventScrollReset
                  replace
                  aria-current={chart === kind ? 'page' : undefined}
                  className="btn px-3 py-1 text-sm aria-[current]:border-brand aria-[current]:text-accent"
                >
                  {t(`dashboard.activity.${kind}s`)}
                </Link>
              ))}
            </nav>
          </div>
          <div className="mt-3">
            <ActivityChart
              days={week}
              labels={week.map((d) => dayName.format(new Date(`${d}T00:00:00Z`)))}
              shortLabels={week.map((d) => dayOfMonth.format(new Date(`${d}T00:00:00Z`)))}
              series={series}
              kind={chart}
            />
          </div>
        </section>
        <WeeklyFigures
          series={[
            { label: t('dashboard.activity.pastes'), perDay: view.pastesPerDay },
            { label: t('dashboard.activity.files'), perDay: view.filesPerDay },
          ]}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <StorageUsage storages={view.storages} />
        <CachePanel caches={view.caches} process={view.process} />
        <LastBackup last={view.backup.last} next={view.backup.next} />
      </div>
    </section>
  );
}
