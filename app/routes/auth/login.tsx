import { redirect, useActionData, useLoaderData } from 'react-router';
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { LoginForm, type LoginMode } from '~/components/auth/LoginForm';
import { firstAllowedModule } from '~/auth/admin-modules';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { ssoButtons } from '~/models/accounts/sso-providers.server';
import { pageTitle } from '~/lib/meta';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { adminLoginSchema, apiKeyLoginSchema } from '~/lib/schemas/auth';
import { loginApiKey, signInWithPassword, type SignInResult } from '~/models/accounts/sign-in.server';
import { afterSignIn, signInClient } from '~/http/html/sign-in.server';
import type { Services } from '~/services.server';
import type { SignInClient } from '~/models/accounts/sign-in.server';
import type { Route } from './+types/login';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'auth.login.title');

function modeOf(value: unknown): LoginMode {
  return value === 'apikey' ? 'apikey' : 'admin';
}

/** remix-auth strategies: one per login mode, each delegating to the login model. */
function authenticator(services: Services, client: SignInClient) {
  const auth = new Authenticator<SignInResult>();
  // An account's password; a second factor, when it has or needs one, is asked on the next page.
  auth.use(
    new FormStrategy(({ form }) =>
      signInWithPassword(services, adminLoginSchema.parse(Object.fromEntries(form)), client, { canAsk: true }),
    ),
    'admin',
  );
  auth.use(
    new FormStrategy(({ form }) =>
      loginApiKey(services, apiKeyLoginSchema.parse(Object.fromEntries(form)).apiKey, client.address, client),
    ),
    'apikey',
  );
  return auth;
}

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  if (principal.kind !== 'anonymous') throw redirect(firstAllowedModule(principal));
  const url = new URL(request.url);
  const ssoError = url.searchParams.get('sso_error');
  return {
    mode: modeOf(url.searchParams.get('mode')),
    redirectTo: safeRedirectPath(url.searchParams.get('redirectTo'), ''),
    sso: await ssoButtons(context.get(servicesContext)),
    // Only the single sign-on's own refusals are shown from the address (never any text it carries).
    ssoError: ssoError && SSO_ERRORS.has(ssoError) ? translate(getLocale(context), `errors.${ssoError}`) : null,
  };
});

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const mode = modeOf(form.get('mode'));
  const info = context.get(requestInfoContext);
  try {
    const client = signInClient(request, context);
    const result = await authenticator(context.get(servicesContext), client).authenticate(mode, request);
    return await afterSignIn(result, safeRedirectPath(form.get('redirectTo'), ''), info.secure);
  } catch (error) {
    return formError(error, getLocale(context), { mode, username: String(form.get('username') ?? '') });
  }
});

const SSO_ERRORS = new Set([
  'ssoProviderUnreachable',
  'ssoStateInvalid',
  'ssoFailed',
  'ssoDomainNotAllowed',
  'ssoNoAccount',
  'ssoProviderNotFound',
  'accountDisabled',
]);

export default function LoginPage() {
  const { mode, redirectTo, sso, ssoError } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const current = result?.mode ?? mode;
  return (
    <div className="py-6">
      <LoginForm
        mode={current}
        redirectTo={redirectTo}
        currentPath="/admin/login"
        error={result?.formError ?? ssoError ?? undefined}
        sso={sso}
        fieldErrors={result?.fieldErrors}
        values={{ username: result?.username }}
      />
    </div>
  );
}
