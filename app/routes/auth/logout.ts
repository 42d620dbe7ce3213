import { redirect } from 'react-router';
import { clearSessionCookie, readSessionToken } from '~/auth/session-cookie.server';
import { requestInfoContext, servicesContext } from '~/context';
import { revokeSession } from '~/models/accounts/sessions.server';
import type { Route } from './+types/logout';
import { answersFaults } from '~/http/html/faults.server';

/** Ends the browser session: the token row is deleted, the cookie cleared; the home page says so. */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const token = await readSessionToken(request.headers.get('cookie'));
  if (token) await revokeSession(context.get(servicesContext), token);
  return redirect('/?notice=loggedOut', {
    headers: { 'Set-Cookie': await clearSessionCookie(context.get(requestInfoContext).secure) },
  });
});

export const loader = () => redirect('/');
