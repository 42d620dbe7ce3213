import { useTranslation } from '~/i18n/use-translation';
import { CredentialList } from './CredentialList';
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
      <CredentialList
        items={passkeys}
        intent="removePasskey"
        label={t('accounts.passkeys.remove')}
        busyLabel={t('accounts.passkeys.removing')}
        empty={t('accounts.passkeys.none')}
        testId="passkey-list"
      />
      <AddPasskeyButton />
    </section>
  );
}
