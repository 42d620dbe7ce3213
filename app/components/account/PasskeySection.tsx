import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { IntentButton } from '~/components/ui/IntentButton';
import { AddPasskeyButton } from './PasskeyButtons';

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The account's passkeys (issue 44, item 4): each with Remove (a form), and adding one (JavaScript). */
export function PasskeySection({ passkeys }: { passkeys: PasskeyView[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="passkeys-heading" className="card space-y-4">
      <h2 id="passkeys-heading" className="text-lg font-semibold">
        {t('accounts.passkeys.heading')}
      </h2>
      <p className="text-sm text-subtle">{t('accounts.passkeys.intro')}</p>
      {passkeys.length === 0 ? (
        <p className="text-sm text-subtle">{t('accounts.passkeys.none')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="passkey-list">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium">{p.name}</span>{' '}
                <span className="text-xs text-subtle">
                  {p.lastUsedAt ? (
                    <>
                      {t('accounts.security.lastUsed')} <DateTime iso={p.lastUsedAt} />
                    </>
                  ) : (
                    t('accounts.security.neverUsed')
                  )}
                </span>
              </span>
              <IntentButton
                action="/admin/account"
                intent="removePasskey"
                id={p.id}
                label={t('accounts.passkeys.remove')}
                busyLabel={t('accounts.passkeys.removing')}
                ariaLabel={`${t('accounts.passkeys.remove')} ${p.name}`}
              />
            </li>
          ))}
        </ul>
      )}
      <AddPasskeyButton />
    </section>
  );
}
