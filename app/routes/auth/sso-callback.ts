import { redirect } from 'react-router';
import { ssoCookie } from '~/auth/session-cookie.server';
import { requestInfoContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { afterSignIn, signInClient } from '~/http/html/sign-in.server';
import { SSO_CALLBACK } from '~/lib/hrefs';
import { isAppError } from '~/lib/errors';
import { finishSso } from '~/models/accounts/sso.server';
import type { Route } from './+types/sso-callback';

/**
 * GET /auth/sso/callback: where the provider sends the browser back with a code. The sealed state of
 * the cookie must match; the sign-in then goes on as after a password (a second factor next, when
 * the account has or needs one). A refusal goes back to the login page, saying why.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const info = context.get(requestInfoContext);
  const sealed = (await ssoCookie.parse(request.headers.get('cookie'))) as string | null;
  const cleared = await ssoCookie.serialize('', { secure: info.secure, maxAge: 0, expires: new Date(0) });
  // The address the provider redirected to, on our own origin (behind a proxy the request's may differ).
  const callback = new URL(`${info.linkOrigin}${SSO_CALLBACK}${new URL(request.url).search}`);
  try {
    const { result, redirectTo } = await finishSso(
      context.get(servicesContext),
      sealed ?? '',
      callback,
      signInClient(request, context),
    );
    const answer = await afterSignIn(result, redirectTo, info.secure);
    answer.headers.append('Set-Cookie', cleared);
    return answer;
  } catch (error) {
    if (!isAppError(error) || error.kind === 'unavailable') throw error;
    return redirect(`/admin/login?sso_error=${error.messageKey}`, { headers: { 'Set-Cookie': cleared } });
  }
});
