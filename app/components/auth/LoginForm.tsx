import { useTranslation } from '~/i18n/use-translation';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { PasskeySignInButton } from '~/components/account/PasskeyButtons';

export type LoginMode = 'admin' | 'apikey';

interface Props {
  mode: LoginMode;
  /** Where to go after logging in (the page that asked for it). */
  redirectTo: string;
  /** The page this form is shown on, for the mode tabs. */
  currentPath: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  values?: { username?: string };
  /** OpenID Connect providers: a "Sign in with …" link each (issue 44). */
  sso?: { id: string; name: string }[];
}

/** Two modes, admin account and API key (docs/product/spec.md §2), as one real form: works without JavaScript. */
export function LoginForm({ mode, redirectTo, currentPath, error, fieldErrors = {}, values = {}, sso = [] }: Props) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === 'submitting';
  const tab = (m: LoginMode) => (
    <Link
      to={`${currentPath}?mode=${m}`}
      replace
      role="tab"
      aria-selected={mode === m}
      className="flex-1 rounded-md px-3 py-2 text-center text-sm font-medium text-subtle aria-selected:bg-surface aria-selected:text-ink aria-selected:shadow-sm"
    >
      {t(m === 'admin' ? 'auth.login.adminTab' : 'auth.login.apiKeyTab')}
    </Link>
  );
  return (
    <section className="mx-auto w-full max-w-md" aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-2xl font-semibold">
        {t('auth.login.heading')}
      </h1>
      <p className="mt-1 text-sm text-subtle">{t('auth.login.intro')}</p>
      <div role="tablist" aria-label={t('auth.login.modeLabel')} className="mt-6 flex gap-1 rounded-lg bg-muted p-1">
        {tab('admin')}
        {tab('apikey')}
      </div>
      <Form method="post" action="/admin/login" className="card mt-4 space-y-4" noValidate>
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {error && <FormAlert>{error}</FormAlert>}
        {mode === 'admin' ? (
          <>
            <div>
              <label htmlFor="username" className="field-label">
                {t('auth.login.username')}
              </label>
              <input
                id="username"
                name="username"
                className="input"
                autoComplete="username"
                required
                defaultValue={values.username}
                aria-invalid={fieldErrors.username ? true : undefined}
                aria-describedby={fieldErrors.username ? 'username-error' : undefined}
              />
              {fieldErrors.username && (
                <p id="username-error" className="field-error">
                  {fieldErrors.username}
                </p>
              )}
            </div>
            <div>
              <label htmlFor="password" className="field-label">
                {t('auth.login.password')}
              </label>
              <input
                id="password"
                name="password"
                type="password"
                className="input"
                autoComplete="current-password"
                required
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? 'password-error' : undefined}
              />
              {fieldErrors.password && (
                <p id="password-error" className="field-error">
                  {fieldErrors.password}
                </p>
              )}
            </div>
          </>
        ) : (
          <div>
            <label htmlFor="apiKey" className="field-label">
              {t('auth.login.apiKey')}
            </label>
            <input
              id="apiKey"
              name="apiKey"
              type="password"
              className="input font-mono"
              autoComplete="off"
              required
              aria-invalid={fieldErrors.apiKey ? true : undefined}
              aria-describedby={fieldErrors.apiKey ? 'apiKey-error' : 'apiKey-hint'}
            />
            {fieldErrors.apiKey ? (
              <p id="apiKey-error" className="field-error">
                {fieldErrors.apiKey}
              </p>
            ) : (
              <p id="apiKey-hint" className="mt-1 text-xs text-subtle">
                {t('auth.login.apiKeyHint')}
              </p>
            )}
          </div>
        )}
        <button type="submit" className="btn btn-primary w-full" disabled={submitting}>
          {submitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </Form>
      {mode === 'admin' && (
        <div className="mt-4 space-y-2">
          <p className="text-center text-sm text-subtle">{t('accounts.sso.or')}</p>
          <PasskeySignInButton redirectTo={redirectTo} label={t('accounts.passkeys.signIn')} />
          {sso.map((provider) => (
            <a
              key={provider.id}
              href={`/auth/sso/${provider.id}${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
              className="btn w-full"
            >
              {t('accounts.sso.signInWith', { name: provider.name })}
            </a>
          ))}
        </div>
      )}
    </section>
  );
}
