import { useTranslation } from '~/i18n/use-translation';
import { data } from 'react-router';
import { AccountForm } from '~/components/account/AccountForm';
import { LogoutCountdown } from '~/components/account/LogoutCountdown';
import { clearSessionCookie } from '~/auth/session-cookie.server';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { pageTitle } from '~/lib/meta';
import { changePasswordSchema } from '~/lib/schemas/auth';
import { changeAdminCredentials } from '~/models/accounts/admins.server';
import type { Route } from './+types/account';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.account');

export const loader = answersFaults(async function loader({ context }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { username: '' };
  return { username: principal.kind === 'admin' ? principal.username : '' };
});

/**
 * Changes the admin's username and/or password. The model revokes every session; the answer
 * clears the cookie and shows the logout countdown.
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const locale = getLocale(context);
  const kept = { newUsername: text('newUsername'), done: false };
  try {
    const principal = context.get(principalContext);
    if (text('newPassword') !== text('confirmPassword')) {
      const message = translate(locale, 'account.passwordMismatch');
      return data(
        { formError: message, fieldErrors: { confirmPassword: message } as Record<string, string>, ...kept },
        { status: 400 },
      );
    }
    const input = changePasswordSchema.parse({
      currentPassword: text('currentPassword'),
      newPassword: text('newPassword'),
      newUsername: text('newUsername'),
    });
    await changeAdminCredentials(
      context.get(servicesContext),
      principal,
      input,
      context.get(requestInfoContext).clientAddress,
    );
    const cookie = await clearSessionCookie(context.get(requestInfoContext).secure);
    return data({ done: true as const }, { headers: { 'Set-Cookie': cookie } });
  } catch (error) {
    // Domain errors that belong to one field are shown there as well as at the top of the form.
    return formError(error, locale, kept);
  }
});

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.account')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('account.intro')}</p>
      </div>
      {actionData?.done ? (
        <LogoutCountdown />
      ) : (
        <AccountForm
          username={loaderData.username}
          error={failed?.formError}
          fieldErrors={failed?.fieldErrors}
          newUsername={failed?.newUsername}
        />
      )}
    </section>
  );
}
