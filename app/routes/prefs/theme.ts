import { redirect } from 'react-router';
import { safeRedirectPath } from '~/lib/safe-redirect';
import { isTheme } from '~/lib/theme';
import { themeCookie } from '~/theme.server';
import type { Route } from './+types/theme';
import { answersFaults } from '~/http/html/faults.server';

export const action = answersFaults(async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get('theme');
  const to = safeRedirectPath(form.get('redirectTo'));
  if (!isTheme(theme)) return redirect(to);
  return redirect(to, { headers: { 'Set-Cookie': await themeCookie.serialize(theme) } });
});

export const loader = () => redirect('/');
