import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { IntentButton } from '~/components/ui/IntentButton';

export interface CredentialView {
  id: string;
  name: string;
  lastUsedAt: string | null;
}

/**
 * An account's named credentials (app passwords, passkeys): each with when it was last used and a
 * one-button form that removes it (`intent`, posted to Admin → Account), or `empty` when there are none.
 */
export function CredentialList({
  items,
  intent,
  label,
  busyLabel,
  empty,
  testId,
}: {
  items: CredentialView[];
  intent: string;
  label: string;
  busyLabel: string;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="text-sm text-subtle">{empty}</p>;
  return (
    <ul className="divide-y divide-line" data-testid={testId}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>
            <span className="font-medium">{item.name}</span>{' '}
            <span className="text-xs text-subtle">
              {item.lastUsedAt ? (
                <>
                  {t('accounts.security.lastUsed')} <DateTime iso={item.lastUsedAt} />
                </>
              ) : (
                t('accounts.security.neverUsed')
              )}
            </span>
          </span>
          <IntentButton
            action="/admin/account"
            intent={intent}
            id={item.id}
            label={label}
            busyLabel={busyLabel}
            ariaLabel={`${label} ${item.name}`}
          />
        </li>
      ))}
    </ul>
  );
}
