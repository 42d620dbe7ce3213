import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Field } from '~/components/ui/Field';
import { CredentialList } from './CredentialList';
import { SecretOnce } from '~/components/ui/SecretOnce';

const ACTION = '/admin/account';

export interface AppPasswordView {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** App passwords (issue 44): for WebDAV and scripts, named, shown once, revocable one by one. */
export function AppPasswordSection({
  passwords,
  created,
  error,
}: {
  passwords: AppPasswordView[];
  created?: { name: string; password: string };
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="app-passwords-heading" className="card space-y-4">
      <h2 id="app-passwords-heading" className="text-lg font-semibold">
        {t('accounts.security.appPasswordsHeading')}
      </h2>
      <p className="text-sm text-subtle">{t('accounts.security.appPasswordsIntro')}</p>
      {created && (
        <SecretOnce
          heading={t('accounts.security.appPasswordCreated', { name: created.name })}
          body={t('accounts.security.appPasswordBody')}
          value={created.password}
          label={t('accounts.security.appPasswordLabel')}
          copyLabel={t('accounts.security.appPasswordCopy')}
        />
      )}
      <CredentialList
        items={passwords}
        intent="revokeAppPassword"
        label={t('accounts.security.revoke')}
        busyLabel={t('accounts.security.revoking')}
        empty={t('accounts.security.noAppPasswords')}
        testId="app-password-list"
      />
      <Form method="post" action={ACTION} className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="createAppPassword" />
        <Field id="app-password-name" label={t('accounts.security.appPasswordName')} error={error}>
          <input
            id="app-password-name"
            name="name"
            className="input"
            required
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'app-password-name-error' : undefined}
          />
        </Field>
        <button type="submit" className="btn btn-primary">
          {t('accounts.security.createAppPassword')}
        </button>
      </Form>
    </section>
  );
}
