import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import type { DashboardView } from './view';

/** The totals row: one tile per kind of thing this server holds. */
export function Totals({ totals }: { totals: DashboardView['totals'] }) {
  const { t } = useTranslation();
  const tiles: [string, string][] = [
    ['pastes', String(totals.pastes)],
    ['fileShares', String(totals.fileShares)],
    ['apiKeys', String(totals.apiKeys)],
    ['storageConfigs', String(totals.storageConfigs)],
    ['mounts', String(totals.mounts)],
    ['storageUsed', formatBytes(totals.storageUsedBytes)],
    ['openRequests', String(totals.openRequests)],
    ['newArrivals', String(totals.newArrivals)],
  ];
  return (
    <dl aria-label={t('dashboard.totals.label')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
      {tiles.map(([key, value]) => (
        <div key={key} className="card p-4">
          <dt className="text-sm text-subtle">{t(`dashboard.totals.${key}`)}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums" data-total={key}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
