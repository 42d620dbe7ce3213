import { Form, data } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Field } from '~/components/ui/Field';
import { FormAlert } from '~/components/ui/FormAlert';
import { requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { afterSignIn, signInClient } from '~/http/html/sign-in.server';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { acceptInvitationSchema } from '~/lib/schemas/accounts';
import { acceptInvitation, invitationOf } from '~/models/accounts/invitations.server';
import type { Route } from './+types/invite';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'accounts.invite.title');

/**
 * An invitation or password-reset link (issue 44): the account sets its password and is signed in
 * through the one way in (a second factor it has or must have comes next). Works without JavaScript.
 */
export const loader = answersFaults(async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await invitationOf(context.get(servicesContext), params.token);
  if (!invitation) return data({ state: 'invalid' as const, invitation: null }, { status: 404 });
  if (invitation.expired) return data({ state: 'expired' as const, invitation: null }, { status: 410 });
  return { state: 'open' as const, invitation };
});

export const action = answersFaults(async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const input = acceptInvitationSchema.parse({
      password: form.get('password') ?? '',
      confirmPassword: form.get('confirmPassword') ?? '',
    });
    const services = context.get(servicesContext);
    const result = await acceptInvitation(services, params.token, input.password, signInClient(request, context));
    return await afterSignIn(result, '', context.get(requestInfoContext).secure);
  } catch (error) {
    return formError(error, getLocale(context));
  }
});

export default function InvitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const { invitation } = loaderData;
  return (
    <section className="mx-auto w-full max-w-md space-y-4 py-6" aria-labelledby="invite-heading">
      <h1 id="invite-heading" className="text-2xl font-semibold">
        {t(invitation?.reset ? 'accounts.invite.resetHeading' : 'accounts.invite.heading')}
      </h1>
      {!invitation ? (
        <FormAlert>
          {t(loaderData.state === 'expired' ? 'errors.invitationExpired' : 'errors.invitationNotFound')}
        </FormAlert>
      ) : (
        <>
          <p className="text-sm text-subtle">{t('accounts.invite.intro', { name: invitation.name })}</p>
          <Form method="post" className="card space-y-4" noValidate>
            {failed && <FormAlert>{failed.formError}</FormAlert>}
            <Field id="username" label={t('auth.login.username')}>
              <input
                id="username"
                name="username"
                className="input"
                value={invitation.username}
                readOnly
                autoComplete="username"
              />
            </Field>
            <Field
              id="password"
              label={t('accounts.invite.password')}
              hint={t('accounts.invite.passwordHint')}
              error={failed?.fieldErrors?.password}
            >
              <input
                id="password"
                name="password"
                type="password"
                className="input"
                autoComplete="new-password"
                required
                minLength={8}
                aria-invalid={failed?.fieldErrors?.password ? true : undefined}
                aria-describedby={failed?.fieldErrors?.password ? 'password-error' : 'password-hint'}
              />
            </Field>
            <Field
              id="confirmPassword"
              label={t('accounts.invite.confirm')}
              error={failed?.fieldErrors?.confirmPassword}
            >
              <input
                id="confirmPassword"
                name="confirmPassword"
                type="password"
                className="input"
                autoComplete="new-password"
                required
                aria-invalid={failed?.fieldErrors?.confirmPassword ? true : undefined}
                aria-describedby={failed?.fieldErrors?.confirmPassword ? 'confirmPassword-error' : undefined}
              />
            </Field>
            <button type="submit" className="btn btn-primary w-full">
              {t('accounts.invite.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
