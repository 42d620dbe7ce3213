import { useTranslation } from '~/i18n/use-translation';
import { Quota } from '~/components/ui/Quota';
import type { DashboardView } from './view';
import { storageDisplayName } from '~/lib/storage-name';

/** Bytes and files of shares on each storage config, with a bar where a capacity is set. */
export function StorageUsage({ storages }: { storages: DashboardView['storages'] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="storage-usage-heading" className="card p-4 sm:p-5">
      <h2 id="storage-usage-heading" className="font-semibold">
        {t('dashboard.storage.heading')}
      </h2>
      <p className="mt-1 text-sm text-subtle">{t('dashboard.storage.intro')}</p>
      {storages.length === 0 ? (
        <p className="mt-3 text-sm">{t('dashboard.storage.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {storages.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium">
                  {storageDisplayName(t, s.name)}
                  {s.isDefault && (
                    <span className="ml-2 rounded bg-brand-soft px-1.5 py-0.5 text-xs text-accent">
                      {t('dashboard.storage.default')}
                    </span>
                  )}
                </p>
                <p className="text-sm text-subtle">{t('dashboard.storage.files', { count: s.fileCount })}</p>
              </div>
              <Quota used={s.usedBytes} total={s.capacityBytes} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
