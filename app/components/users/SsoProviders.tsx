import { Form } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Field } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { IntentButton } from '~/components/ui/IntentButton';
import { USERS_PATH } from '~/lib/hrefs';

export interface SsoProviderView {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  allowedDomains: string[];
  adminGroup: string | null;
  autoCreate: boolean;
}

const FIELDS = [
  ['name', 'name', 'text'],
  ['issuer', 'issuer', 'url'],
  ['client_id', 'clientId', 'text'],
  ['client_secret', 'clientSecret', 'password'],
  ['allowed_domains', 'domains', 'text'],
  ['group_claim', 'groupClaim', 'text'],
  ['admin_group', 'adminGroup', 'text'],
] as const;
const HINTS: Partial<Record<(typeof FIELDS)[number][1], string>> = {
  issuer: 'issuerHint',
  domains: 'domainsHint',
  adminGroup: 'adminGroupHint',
};

/**
 * The OpenID Connect providers of Admin → Accounts (issue 44, item 3): each with Remove, and a form
 * to add one; the redirect address to register with the provider is shown above them.
 */
export function SsoProviders({
  providers,
  callback,
  formError,
  fieldErrors = {},
}: {
  providers: SsoProviderView[];
  callback: string;
  formError?: string;
  fieldErrors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="sso-heading" className="card space-y-4">
      <h2 id="sso-heading" className="text-lg font-semibold">
        {t('accounts.sso.heading')}
      </h2>
      <p className="text-sm text-subtle">{t('accounts.sso.intro')}</p>
      <code className="block break-all rounded bg-muted px-2 py-1 font-mono text-sm">{callback}</code>
      {providers.length === 0 ? (
        <p className="text-sm text-subtle">{t('accounts.sso.none')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {providers.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="min-w-0">
                <span className="font-medium">{p.name}</span>{' '}
                <span className="break-all font-mono text-xs text-subtle">{p.issuer}</span>
              </span>
              <IntentButton
                action={USERS_PATH}
                intent="deleteSso"
                id={p.id}
                label={t('accounts.sso.remove')}
                busyLabel={t('accounts.sso.removing')}
                ariaLabel={`${t('accounts.sso.remove')} ${p.name}`}
              />
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={USERS_PATH} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="addSso" />
        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map(([name, label, type]) => {
            const hint = HINTS[label];
            return (
              <Field
                key={name}
                id={`sso-${name}`}
                label={t(`accounts.sso.${label}`)}
                hint={hint ? t(`accounts.sso.${hint}`) : undefined}
                error={fieldErrors[name]}
              >
                <input
                  id={`sso-${name}`}
                  name={name}
                  type={type}
                  className="input"
                  autoComplete="off"
                  defaultValue={name === 'group_claim' ? 'groups' : undefined}
                  aria-invalid={fieldErrors[name] ? true : undefined}
                />
              </Field>
            );
          })}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="auto_create" value="on" />
          {t('accounts.sso.autoCreate')}
        </label>
        <button type="submit" className="btn btn-primary">
          {t('accounts.sso.add')}
        </button>
      </Form>
    </section>
  );
}
