import { useTranslation } from '~/i18n/use-translation';
import { formatBytes } from '~/lib/format';
import type { ApiKeyView } from './types';

/**
 * What a key has used of its quotas (decision 0034), in the key list and on the key holder's own
 * pages: stored now, stored and shared today (UTC), the largest file. A limit not set says so.
 */
export function QuotaSummary({ quotas, usage }: Pick<ApiKeyView, 'quotas' | 'usage'>) {
  const { t } = useTranslation();
  if (!usage) return null;
  const of = (used: string, limit: string | null) => (limit ? t('keys.quota.of', { used, limit }) : used);
  const bytes = (n: number | null) => (n === null ? null : formatBytes(n));
  const shares = (n: number | null) => (n === null ? null : String(n));
  return (
    <ul className="space-y-0.5 text-xs text-subtle" aria-label={t('keys.quota.label')}>
      <li>{t('keys.quota.stored', { value: of(formatBytes(usage.storedBytes), bytes(quotas.bytes)) })}</li>
      <li>
        {t('keys.quota.today', {
          bytes: of(formatBytes(usage.dayBytes), bytes(quotas.dayBytes)),
          shares: of(String(usage.dayShares), shares(quotas.dayShares)),
        })}
      </li>
      {quotas.fileBytes !== null && <li>{t('keys.quota.file', { max: formatBytes(quotas.fileBytes) })}</li>}
    </ul>
  );
}
