import { useTranslation } from '~/i18n/use-translation';
import { weekOverWeek } from './view';

/** Each series' last 7 days against the 7 before, with the change in words. */
export function WeeklyFigures({ series }: { series: { label: string; perDay: number[] }[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="weekly-heading" className="card p-4 sm:p-5">
      <h2 id="weekly-heading" className="font-semibold">
        {t('dashboard.weekly.heading')}
      </h2>
      <dl className="mt-3 space-y-3">
        {series.map((s) => {
          const { current, previous, change } = weekOverWeek(s.perDay);
          const trend =
            change === null
              ? current > 0
                ? t('dashboard.weekly.fresh')
                : t('dashboard.weekly.same')
              : change > 0
                ? t('dashboard.weekly.up', { percent: change })
                : change < 0
                  ? t('dashboard.weekly.down', { percent: -change })
                  : t('dashboard.weekly.same');
          const tone = change !== null && change < 0 ? 'text-warning' : current > 0 ? 'text-success' : 'text-subtle';
          return (
            <div key={s.label}>
              <dt className="text-sm font-medium">{s.label}</dt>
              <dd className="text-sm text-subtle">
                <span className="text-ink">{t('dashboard.weekly.thisWeek', { count: current })}</span>
                {' · '}
                {t('dashboard.weekly.previous', { count: previous })}
                {' · '}
                <span className={tone}>{trend}</span>
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
