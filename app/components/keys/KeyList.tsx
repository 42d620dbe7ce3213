import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { NEVER_EXPIRES } from '~/lib/schemas/api-keys';
import type { ApiKeyView } from './types';
import { Badge } from './Badge';
import { DateTime } from '~/components/ui/DateTime';
import { KeySecret } from './KeySecret';
import { PermissionBadges } from './PermissionBadges';
import { QuotaSummary } from './QuotaSummary';
import { roleName } from './role-name';
import { Icon } from '~/components/ui/Icon';

/** Keys stored with the "never" date (9999-12-31) do not expire. */
export function isNeverExpiring(iso: string): boolean {
  return new Date(iso).getUTCFullYear() >= new Date(NEVER_EXPIRES).getUTCFullYear();
}

const mobileLabel = 'w-24 shrink-0 text-xs font-medium text-subtle lg:hidden';

/** A cell that carries its own label on small screens, where each row is a card. */
function Cell({ label, children, className = '' }: { label?: string; children: React.ReactNode; className?: string }) {
  return (
    <td className={`flex gap-3 py-1.5 lg:table-cell lg:px-3 lg:py-3 lg:align-top ${className}`}>
      {label && <span className={`${mobileLabel} pt-0.5`}>{label}</span>}
      <div className="min-w-0 flex-1">{children}</div>
    </td>
  );
}

function Expiry({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  if (isNeverExpiring(apiKey.expiresAt)) return <span className="text-subtle">{t('keys.list.never')}</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      <DateTime iso={apiKey.expiresAt} />
      {apiKey.expired && <Badge tone="danger">{t('keys.list.expired')}</Badge>}
    </div>
  );
}

/**
 * Every key: a table on wide screens, a stack of cards on narrow ones (the same markup; the cells
 * label themselves when the header row is hidden).
 */
export function KeyList({
  keys,
  activeId,
}: {
  keys: ApiKeyView[];
  /** The key being edited or deleted. */ activeId?: string;
}) {
  const { t } = useTranslation();
  const th = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-subtle uppercase';
  return (
    <div className="lg:overflow-x-auto lg:rounded-xl lg:border lg:border-line lg:bg-raised">
      <table className="block w-full text-sm lg:table" aria-label={t('keys.list.label')}>
        <thead className="hidden border-b border-line lg:table-header-group">
          <tr>
            <th scope="col" className={th}>
              {t('keys.list.name')}
            </th>
            <th scope="col" className={th}>
              {t('keys.list.key')}
            </th>
            <th scope="col" className={th}>
              {t('keys.list.permissions')}
            </th>
            <th scope="col" className={th}>
              {t('keys.list.expires')}
            </th>
            <th scope="col" className={th}>
              {t('keys.list.lastUsed')} / {t('keys.list.created')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">{t('keys.list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="block space-y-3 lg:table-row-group lg:space-y-0 lg:divide-y lg:divide-line">
          {keys.map((key) => (
            <tr
              key={key.id}
              aria-current={key.id === activeId ? 'true' : undefined}
              className="block rounded-xl border border-line bg-raised p-4 aria-[current]:border-brand lg:table-row lg:rounded-none lg:border-0 lg:bg-transparent lg:p-0 lg:aria-[current]:bg-brand-soft/40"
            >
              <Cell className="mb-1 border-b border-line pb-3 lg:mb-0 lg:min-w-36 lg:border-0">
                <p className="font-semibold break-words">{key.name}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Badge tone="neutral">
                    <span className="sr-only">{t('keys.list.role')}: </span>
                    {roleName(t, key.role)}
                  </Badge>
                  {key.isGuest && <Badge tone="neutral">{t('keys.list.guest')}</Badge>}
                </div>
                <p className="mt-1.5 flex min-w-0 flex-wrap items-baseline gap-x-1.5 text-xs text-subtle">
                  <span className="shrink-0">{t('keys.list.basePath')}</span>
                  <code className="font-mono break-all text-ink">{key.basePath}</code>
                </p>
              </Cell>
              <Cell label={t('keys.list.key')}>
                <KeySecret name={key.name} secret={key.key} masked={`${key.key.slice(0, 6)}...`} />
              </Cell>
              <Cell label={t('keys.list.permissions')} className="lg:max-w-64">
                <PermissionBadges bits={key.permissions} />
                <div className="mt-2">
                  <QuotaSummary quotas={key.quotas} usage={key.usage} />
                </div>
              </Cell>
              <Cell label={t('keys.list.expires')} className="text-xs">
                <Expiry apiKey={key} />
              </Cell>
              <Cell className="text-xs">
                <div className="space-y-1.5 lg:space-y-1">
                  <p className="flex gap-3">
                    <span className={mobileLabel}>{t('keys.list.lastUsed')}</span>
                    {key.lastUsedAt ? (
                      <DateTime iso={key.lastUsedAt} />
                    ) : (
                      <span className="text-subtle">{t('keys.list.neverUsed')}</span>
                    )}
                  </p>
                  <p className="flex gap-3 lg:text-subtle">
                    <span className={mobileLabel}>{t('keys.list.created')}</span>
                    <DateTime iso={key.createdAt} />
                  </p>
                </div>
              </Cell>
              <td className="mt-2 flex justify-end gap-2 border-t border-line pt-3 lg:table-cell lg:border-0 lg:px-3 lg:py-3 lg:align-top lg:whitespace-nowrap">
                <div className="flex justify-end gap-2">
                  <Link
                    to={`?edit=${encodeURIComponent(key.id)}`}
                    className="btn px-3 py-1 text-xs lg:h-8 lg:w-8 lg:p-0"
                    aria-label={t('keys.list.editLabel', { name: key.name })}
                    title={t('keys.list.edit')}
                  >
                    <Icon name="edit" />
                    <span className="lg:sr-only">{t('keys.list.edit')}</span>
                  </Link>
                  <Link
                    to={`?delete=${encodeURIComponent(key.id)}`}
                    className="btn px-3 py-1 text-xs text-danger lg:h-8 lg:w-8 lg:p-0"
                    aria-label={t('keys.list.deleteLabel', { name: key.name })}
                    title={t('keys.list.delete')}
                  >
                    <Icon name="trash" />
                    <span className="lg:sr-only">{t('keys.list.delete')}</span>
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
