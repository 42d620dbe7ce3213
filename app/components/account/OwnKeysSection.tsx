import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { PermissionBadges } from '~/components/keys/PermissionBadges';
import { PermissionFieldset } from '~/components/keys/PermissionFieldset';
import { Field } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { IntentButton } from '~/components/ui/IntentButton';
import { SecretOnce } from '~/components/ui/SecretOnce';
import { S3Credentials } from '~/components/keys/S3Credentials';

const ACTION = '/admin/account';

export interface OwnKeyView {
  id: string;
  name: string;
  permissions: number;
  basePath: string;
}

/**
 * A member's own API keys (issue 44, item 2): never more rights than the member's (the model refuses
 * more), shown once when made, deleted one by one. A real form: works without JavaScript.
 */
export function OwnKeysSection({
  keys,
  created,
  error,
  fieldErrors = {},
  basePath,
}: {
  keys: OwnKeyView[];
  created?: { name: string; key: string; s3AccessKeyId: string | null; s3SecretAccessKey?: string };
  error?: string;
  fieldErrors?: Record<string, string>;
  basePath: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="own-keys-heading" className="card space-y-4">
      <h2 id="own-keys-heading" className="text-lg font-semibold">
        {t('accounts.security.keysHeading')}
      </h2>
      <p className="text-sm text-subtle">{t('accounts.security.keysIntro')}</p>
      {created && (
        <SecretOnce
          heading={t('accounts.security.keyCreated', { name: created.name })}
          body={t('accounts.security.keyBody')}
          value={created.key}
          label={t('accounts.security.keyLabel')}
          copyLabel={t('accounts.security.keyCopy')}
        >
          {created.s3AccessKeyId && created.s3SecretAccessKey && (
            <S3Credentials accessKeyId={created.s3AccessKeyId} secret={created.s3SecretAccessKey} />
          )}
        </SecretOnce>
      )}
      {keys.length === 0 ? (
        <p className="text-sm text-subtle">{t('accounts.security.noKeys')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="own-key-list">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="space-y-1">
                <p>
                  <span className="font-medium">{key.name}</span>{' '}
                  <span className="font-mono text-xs text-subtle">{key.basePath}</span>
                </p>
                <PermissionBadges bits={key.permissions} />
              </div>
              <IntentButton
                action={ACTION}
                intent="deleteKey"
                id={key.id}
                label={t('accounts.security.deleteKey')}
                busyLabel={t('accounts.security.deletingKey')}
                ariaLabel={`${t('accounts.security.deleteKey')} ${key.name}`}
              />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={ACTION} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="createKey" />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="own-key-name" label={t('accounts.security.keyName')} error={fieldErrors.name}>
            <input id="own-key-name" name="name" className="input" required maxLength={100} />
          </Field>
          <Field id="own-key-path" label={t('accounts.security.keyBasePath')} error={fieldErrors.basic_path}>
            <input id="own-key-path" name="basic_path" className="input" defaultValue={basePath} />
          </Field>
          <Field id="own-key-days" label={t('accounts.security.keyExpiry')} error={fieldErrors.expiry_days}>
            <input id="own-key-days" name="expiry_days" type="number" min={1} className="input" />
          </Field>
        </div>
        <PermissionFieldset idPrefix="own-key" checked={[]} error={fieldErrors.permissions} />
        <button type="submit" className="btn btn-primary">
          {t('accounts.security.createKey')}
        </button>
      </Form>
    </section>
  );
}
