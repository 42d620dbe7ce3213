import { Form, data, redirect } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { CodeField } from '~/components/account/CodeField';
import { RecoveryCodes } from '~/components/account/RecoveryCodes';
import { TotpSetup } from '~/components/account/TotpSetup';
import { FormAlert } from '~/components/ui/FormAlert';
import { firstAllowedModule } from '~/auth/admin-modules';
import { clearPendingSignIn, readPendingSignIn, serializeSessionCookie } from '~/auth/session-cookie.server';
import { requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { afterSignIn, signInClient, totpQr } from '~/http/html/sign-in.server';
import { SECOND_FACTOR_PAGE } from '~/lib/hrefs';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { secondFactorSchema } from '~/lib/schemas/auth';
import { hasSecondFactor } from '~/models/accounts/second-factor.server';
import { passkeyCount } from '~/models/accounts/passkeys.server';
import { PasskeySignInButton } from '~/components/account/PasskeyButtons';
import { confirmPendingTotp, startPendingTotp } from '~/models/accounts/security.server';
import { finishSignIn, pendingAccount } from '~/models/accounts/sign-in.server';
import type { Route } from './+types/second-factor';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'accounts.secondFactor.title');

/**
 * The second step of a sign-in (issue 44): the code of an authenticator app or a recovery code; or,
 * when the admins require a second factor this account lacks, setting one up, then its recovery
 * codes. The password step left a pending token in a cookie (models/accounts/sign-in.server.ts).
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const token = await readPendingSignIn(request.headers.get('cookie'));
  const account = token ? await pendingAccount(services, token) : null;
  if (!token || !account) throw redirect('/admin/login?expired=1');
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), '');
  const totp = hasSecondFactor(account);
  const passkeys = (await passkeyCount(services, account.id)) > 0;
  if (totp || passkeys) return { mode: 'verify' as const, redirectTo, totp, passkeys, setup: null };
  const enrolment = await startPendingTotp(services, token);
  const setup = { secret: enrolment.secret, qr: await totpQr(enrolment.uri) };
  return { mode: 'enrol' as const, redirectTo, totp, passkeys, setup };
});

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { secure } = context.get(requestInfoContext);
  const form = await request.formData();
  const token = (await readPendingSignIn(request.headers.get('cookie'))) ?? '';
  const requested = safeRedirectPath(form.get('redirectTo') ?? new URL(request.url).searchParams.get('redirectTo'), '');
  try {
    const { code } = secondFactorSchema.parse({ code: form.get('code') ?? '' });
    const client = signInClient(request, context);
    if (form.get('intent') !== 'confirmTotp')
      return await afterSignIn(await finishSignIn(services, token, code, client), requested, secure);
    const { recoveryCodes, session } = await confirmPendingTotp(services, token, code, client);
    const headers = new Headers();
    headers.append('Set-Cookie', await serializeSessionCookie(session.token, secure));
    headers.append('Set-Cookie', await clearPendingSignIn(secure));
    const next = requested || firstAllowedModule(session.principal);
    return data({ recoveryCodes, next }, { headers });
  } catch (error) {
    return formError(error, getLocale(context));
  }
});

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const done = actionData && 'recoveryCodes' in actionData ? actionData : undefined;
  const enrol = loaderData.mode === 'enrol';
  const self = loaderData.redirectTo
    ? `${SECOND_FACTOR_PAGE}?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
    : SECOND_FACTOR_PAGE;
  return (
    <section className="mx-auto w-full max-w-md space-y-4 py-6" aria-labelledby="second-factor-heading">
      <h1 id="second-factor-heading" className="text-2xl font-semibold">
        {t(enrol ? 'accounts.secondFactor.enrolHeading' : 'accounts.secondFactor.heading')}
      </h1>
      {done ? (
        <>
          <RecoveryCodes codes={done.recoveryCodes} />
          <a href={done.next} className="btn btn-primary">
            {t('accounts.secondFactor.continue')}
          </a>
        </>
      ) : (
        <>
          <p className="text-sm text-subtle">
            {t(enrol ? 'accounts.secondFactor.enrolIntro' : 'accounts.secondFactor.intro')}
          </p>
          {failed && <FormAlert>{failed.formError}</FormAlert>}
          {loaderData.setup ? (
            <TotpSetup
              qr={loaderData.setup.qr}
              secret={loaderData.setup.secret}
              action={self}
              error={failed?.fieldErrors?.code}
            />
          ) : (
            <>
              {loaderData.passkeys && (
                <PasskeySignInButton redirectTo={loaderData.redirectTo} label={t('accounts.passkeys.use')} />
              )}
              {loaderData.totp && (
                <Form method="post" action={self} className="card space-y-4">
                  <CodeField error={failed?.fieldErrors?.code} hint={t('accounts.secondFactor.codeHint')} />
                  <button type="submit" className="btn btn-primary w-full">
                    {t('accounts.secondFactor.verify')}
                  </button>
                </Form>
              )}
            </>
          )}
          <a href="/admin/login" className="text-sm underline">
            {t('accounts.secondFactor.startOver')}
          </a>
        </>
      )}
    </section>
  );
}
