import { redirect } from 'react-router';
import { isLocale } from '~/i18n/config';
import { localeCookie } from '~/i18n/middleware.server';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Route } from './+types/language';
import { answersFaults } from '~/http/html/faults.server';

export const action = answersFaults(async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lng = form.get('lng');
  const to = safeRedirectPath(form.get('redirectTo'));
  if (!isLocale(lng)) return redirect(to);
  return redirect(to, { headers: { 'Set-Cookie': await localeCookie.serialize(lng) } });
});

export const loader = () => redirect('/');
