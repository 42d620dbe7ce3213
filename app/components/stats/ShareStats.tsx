import { ActivityChart } from '~/components/dashboard/ActivityChart';
import { DateTime } from '~/components/ui/DateTime';
import { useTranslation } from '~/i18n/use-translation';
import type { ShareFigures } from '~/lib/share-figures';

/** A share's statistics as a page gets them (ISO dates; models/stats/stats.server.ts). */
export type ShareStatsData = ShareFigures<string>;

/** The model's figures with ISO dates, for a loader to hand to the page. */
export function statsData(stats: ShareFigures<Date>): ShareStatsData {
  return { ...stats, firstAt: stats.firstAt?.toISOString() ?? null, lastAt: stats.lastAt?.toISOString() ?? null };
}

/**
 * Who opened a share (issue 32), for its owner: views, downloads and bots per day over two weeks as
 * the dashboard's server-drawn chart (readable without JavaScript, with its figures as a table),
 * all-time totals, the first and last visit, and the sites that linked to it. Bots — link previews,
 * crawlers — are counted apart and never used up a view.
 */
export function ShareStats({ stats, headingLevel = 3 }: { stats: ShareStatsData; headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const Heading = `h${headingLevel}` as const;
  const dayName = new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const dayOfMonth = new Intl.DateTimeFormat(i18n.language, { day: 'numeric', timeZone: 'UTC' });
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  const days = stats.days.map((d) => d.day);
  const series = [
    { label: t('stats.views'), values: stats.days.map((d) => d.views), tone: 'fill-brand stroke-brand' },
    { label: t('stats.downloads'), values: stats.days.map((d) => d.downloads), tone: 'fill-success stroke-success' },
    { label: t('stats.bots'), values: stats.days.map((d) => d.bots), tone: 'fill-subtle stroke-subtle' },
  ];
  return (
    <section aria-labelledby="share-stats-heading" className="space-y-3">
      <Heading id="share-stats-heading" className="font-semibold">
        {t('stats.heading')}
      </Heading>
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(['views', 'downloads', 'bots'] as const).map((field) => (
          <div key={field}>
            <dt className="text-xs text-subtle">{t(`stats.total.${field}`)}</dt>
            <dd className="text-lg font-semibold tabular-nums">{stats.totals[field]}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs text-subtle">{t('stats.lastVisit')}</dt>
          <dd>{stats.lastAt ? <DateTime iso={stats.lastAt} /> : t('stats.never')}</dd>
          {stats.firstAt && (
            <dd className="text-xs text-subtle">
              {t('stats.firstVisit')} <DateTime iso={stats.firstAt} />
            </dd>
          )}
        </div>
      </dl>
      <ActivityChart
        days={days}
        labels={days.map((d) => dayName.format(at(d)))}
        shortLabels={days.map((d) => dayOfMonth.format(at(d)))}
        series={series}
        kind="bar"
        title={t('stats.chartTitle')}
        summaryText={(summary) => t('stats.summary', { summary })}
      />
      <div className="text-sm">
        <p className="text-xs text-subtle">{t('stats.referrers')}</p>
        {stats.referrers.length === 0 ? (
          <p className="text-subtle">{t('stats.noReferrers')}</p>
        ) : (
          <ul className="mt-1 space-y-0.5">
            {stats.referrers.map((r) => (
              <li key={r.host} className="flex justify-between gap-3">
                <span className="truncate font-mono text-xs">{r.host}</span>
                <span className="tabular-nums">{r.visits}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="text-xs text-subtle">{t('stats.botsHint')}</p>
    </section>
  );
}
