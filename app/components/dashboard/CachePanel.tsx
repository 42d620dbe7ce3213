import { useTranslation } from '~/i18n/use-translation';
import { Form } from 'react-router';
import { formatBytes } from '~/lib/format';
import { durationParts, type DashboardView } from './view';

/** The caches' sizes and hit rate, the process's memory and uptime, and a button to clear the caches. */
export function CachePanel({ caches, process }: Pick<DashboardView, 'caches' | 'process'>) {
  const { t, i18n } = useTranslation();
  const { size, hits, misses } = caches.directory;
  const lookups = hits + misses;
  const rate = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(
    lookups ? hits / lookups : 0,
  );
  const uptime = durationParts(process.uptimeSeconds);
  const rows: [string, string][] = [
    [
      t('dashboard.caches.directory'),
      lookups
        ? t('dashboard.caches.directoryDetail', { size, rate, hits, misses })
        : t('dashboard.caches.noLookups', { size }),
    ],
    [t('dashboard.caches.search'), t('dashboard.caches.searchDetail', { count: caches.searchIndexEntries })],
    [t('dashboard.caches.signedUrls'), t('dashboard.caches.signedUrlsDetail')],
    [
      t('dashboard.caches.memory'),
      t('dashboard.caches.memoryDetail', {
        rss: formatBytes(process.rss),
        heapUsed: formatBytes(process.heapUsed),
        heapTotal: formatBytes(process.heapTotal),
      }),
    ],
    [t('dashboard.caches.uptime'), t(`dashboard.duration.${uptime.key}`, uptime)],
  ];
  return (
    <section aria-labelledby="caches-heading" className="card p-4 sm:p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="caches-heading" className="font-semibold">
          {t('dashboard.caches.heading')}
        </h2>
        <Form method="post">
          <button type="submit" name="intent" value="clear-caches" className="btn px-3 py-1 text-sm">
            {t('dashboard.caches.clear')}
          </button>
        </Form>
      </div>
      <dl className="mt-3 space-y-2">
        {rows.map(([label, detail]) => (
          <div key={label}>
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="text-sm text-subtle">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
