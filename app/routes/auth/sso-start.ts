import { redirect } from 'react-router';
import { ssoCookie } from '~/auth/session-cookie.server';
import { requestInfoContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { SSO_CALLBACK } from '~/lib/hrefs';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { isAppError } from '~/lib/errors';
import { startSso } from '~/models/accounts/sso.server';
import type { Route } from './+types/sso-start';

/**
 * GET /auth/sso/:id: "Sign in with …" on the login page (a plain link: works without JavaScript).
 * Sends the browser to the provider with a fresh state, nonce and PKCE challenge (issue 44, item 3).
 */
export const loader = answersFaults(async function loader({ request, params, context }: Route.LoaderArgs) {
  const info = context.get(requestInfoContext);
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get('redirectTo'), '');
  try {
    const started = await startSso(
      context.get(servicesContext),
      params.id,
      `${info.linkOrigin}${SSO_CALLBACK}`,
      redirectTo,
    );
    return redirect(started.url, {
      headers: { 'Set-Cookie': await ssoCookie.serialize(started.sealed, { secure: info.secure }) },
    });
  } catch (error) {
    if (isAppError(error)) return redirect(`/admin/login?sso_error=${error.messageKey}`);
    throw error;
  }
});
