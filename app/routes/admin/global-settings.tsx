import { useTranslation } from '~/i18n/use-translation';
import { data, redirect } from 'react-router';
import { settingFieldErrors } from '~/routes/admin/settings-errors.server';
import {
  globalFormFromSettings,
  globalFormToInput,
  globalFormValues,
  type GlobalFormValues,
} from '~/components/settings/global-form';
import { GlobalSettingsForm } from '~/components/settings/GlobalSettingsForm';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { pageTitle } from '~/lib/meta';
import { SETTING_GROUPS } from '~/lib/setting-values';
import { checkSettings, settingValues, updateSettings } from '~/models/settings/settings-admin.server';
import type { Route } from './+types/global-settings';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.globalSettings');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/settings/global';

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const saved = new URL(request.url).searchParams.get('notice') === 'saved';
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { values: globalFormFromSettings({}), saved: false };
  const stored = await settingValues(context.get(servicesContext), principal, SETTING_GROUPS.global);
  return { values: globalFormFromSettings(stored), saved };
});

/**
 * Saves every field at once, or nothing. Every mistake is reported in one answer, next to its
 * field, with what was typed: the size (this form's own check) and the rest (the settings model's).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const values: GlobalFormValues = globalFormValues(await request.formData());
  const locale = getLocale(context);
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    const { input, errors } = globalFormToInput(values);
    const options = { groupId: SETTING_GROUPS.global };
    const sizeErrors = Object.entries(errors).map(([field, p]) => [
      field,
      translate(locale, `settings.global.errors.${p.key}`, p.values),
    ]);
    const problems =
      sizeErrors.length > 0
        ? await checkSettings(services, principal, input, options)
        : (await updateSettings(services, principal, input, { ...options, atomic: true })).problems;
    if (sizeErrors.length === 0 && problems.length === 0) return redirect(`${PATH}?notice=saved`);
    const fieldErrors = { ...settingFieldErrors(problems, locale), ...Object.fromEntries(sizeErrors) };
    return data({ formError: translate(locale, 'settings.fixErrors'), fieldErrors, values }, { status: 400 });
  } catch (error) {
    return formError(error, locale, { values });
  }
});

export default function GlobalSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const values = failed?.values ?? loaderData.values;
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.globalSettings')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('settings.global.intro')}</p>
      </div>
      {loaderData.saved && !failed && <FormAlert tone="success">{t('settings.saved')}</FormAlert>}
      {/* Keyed by the values, so a save with JavaScript shows what was stored (e.g. 2048 KB → 2 MB). */}
      <GlobalSettingsForm
        key={JSON.stringify(values)}
        values={values}
        formError={failed?.formError}
        fieldErrors={failed?.fieldErrors}
      />
    </section>
  );
}
