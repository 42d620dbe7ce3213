import { useTranslation } from '~/i18n/use-translation';
import { data, redirect } from 'react-router';
import { settingFieldErrors } from '~/routes/admin/settings-errors.server';
import { WebdavConnect } from '~/components/settings/WebdavConnect';
import { WebdavSettingsForm } from '~/components/settings/WebdavSettingsForm';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { pageTitle } from '~/lib/meta';
import { SETTING_GROUPS } from '~/lib/setting-values';
import { settingValues, updateSettings } from '~/models/settings/settings-admin.server';
import type { Route } from './+types/webdav-settings';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.webdavSettings');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/settings/webdav';

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const saved = new URL(request.url).searchParams.get('notice') === 'saved';
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  const address = `${context.get(requestInfoContext).linkOrigin}/dav/`;
  if (principal.kind === 'anonymous') return { mode: 'direct', saved: false, address };
  const stored = await settingValues(context.get(servicesContext), principal, SETTING_GROUPS.webdav);
  return { mode: stored.webdav_upload_mode ?? 'direct', saved, address };
});

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const mode = String(form.get('webdav_upload_mode') ?? '');
  const locale = getLocale(context);
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    // The model checks the mode against the setting's options (direct, multipart).
    const result = await updateSettings(
      services,
      principal,
      { webdav_upload_mode: mode },
      { groupId: SETTING_GROUPS.webdav, atomic: true },
    );
    if (result.problems.length > 0) {
      const fieldErrors = settingFieldErrors(result.problems, locale);
      return data({ formError: translate(locale, 'settings.fixErrors'), fieldErrors, mode }, { status: 400 });
    }
    return redirect(`${PATH}?notice=saved`);
  } catch (error) {
    return formError(error, locale, { mode });
  }
});

export default function WebdavSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const mode = failed?.mode ?? loaderData.mode;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.webdavSettings')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('settings.webdav.intro')}</p>
      </div>
      {loaderData.saved && !failed && <FormAlert tone="success">{t('settings.saved')}</FormAlert>}
      <WebdavConnect address={loaderData.address} />
      <WebdavSettingsForm key={mode} mode={mode} formError={failed?.formError} fieldErrors={failed?.fieldErrors} />
    </section>
  );
}
