import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';

/** Used of total, as a bar and in words (the bar is decoration; the words carry it). */
export function Quota({ used, total }: { used: number; total: number | null }) {
  const { t } = useTranslation();
  const share = total && total > 0 ? Math.min(1, used / total) : 0;
  const tone = share >= 0.9 ? 'bg-danger-solid' : share >= 0.75 ? 'bg-amber-500' : 'bg-brand';
  return (
    <div className="min-w-0">
      <p className="text-sm">
        {total
          ? t('storage.list.quotaOf', {
              used: formatBytes(used),
              total: formatBytes(total),
              percent: Math.round(share * 100),
            })
          : t('storage.list.quotaNone', { used: formatBytes(used) })}
      </p>
      {total ? (
        <div className="mt-1.5 h-1.5 w-full max-w-56 overflow-hidden rounded-full bg-muted" aria-hidden="true">
          <div
            className={`h-full rounded-full ${tone}`}
            style={{ width: `${Math.max(share * 100, used > 0 ? 2 : 0)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
