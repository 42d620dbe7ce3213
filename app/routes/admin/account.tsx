import { useTranslation } from '~/i18n/use-translation';
import { AccountForm } from '~/components/account/AccountForm';
import { AppPasswordSection } from '~/components/account/AppPasswordSection';
import { LogoutCountdown } from '~/components/account/LogoutCountdown';
import { OwnKeysSection } from '~/components/account/OwnKeysSection';
import { PasskeySection } from '~/components/account/PasskeySection';
import { SecondFactorSection } from '~/components/account/SecondFactorSection';
import { SessionList } from '~/components/users/SessionList';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/account';
import { answersFaults } from '~/http/html/faults.server';
import { accountAction, accountPage } from './account.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.account');

/** Recovery codes, app passwords and keys are shown here once: never keep the page in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const loader = answersFaults(async function loader({ context }: Route.LoaderArgs) {
  // Not logged in: the admin layout shows the login form instead of this module.
  return { page: await accountPage(context.get(servicesContext), context.get(principalContext)) };
});

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const info = context.get(requestInfoContext);
  return accountAction(context.get(servicesContext), context.get(principalContext), await request.formData(), {
    locale: getLocale(context),
    address: info.clientAddress,
    secure: info.secure,
  });
});

/** The forms that show their own errors; the rest (a revoke, an end) show theirs at the top. */
const SECTION_INTENTS = new Set([
  'credentials',
  'createAppPassword',
  'createKey',
  'confirmTotp',
  'disableTotp',
  'recoveryCodes',
  'startTotp',
]);

export default function AccountSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { page } = loaderData;
  const result = actionData as
    | {
        intent: string;
        formError?: string;
        fieldErrors?: Record<string, string>;
        newUsername?: string;
        done?: boolean;
        recoveryCodes?: string[];
        appPassword?: { name: string; password: string };
        key?: { name: string; key: string; s3AccessKeyId: string | null; s3SecretAccessKey?: string };
      }
    | undefined;
  const failed = result?.formError ? result : undefined;
  const failedFor = (intent: string) => (failed?.intent === intent ? failed : undefined);
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <div>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.account')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">{t('account.intro')}</p>
      </div>
      {failed && !SECTION_INTENTS.has(failed.intent) && <FormAlert>{failed.formError}</FormAlert>}
      {result?.done ? (
        <LogoutCountdown />
      ) : (
        page && (
          <>
            <AccountForm
              username={page.username}
              error={failedFor('credentials')?.formError}
              fieldErrors={failedFor('credentials')?.fieldErrors}
              newUsername={failedFor('credentials')?.newUsername}
            />
            <SecondFactorSection
              view={page.secondFactor}
              recoveryCodes={result?.recoveryCodes}
              failedIntent={failed?.intent}
              error={failed?.formError}
            />
            <PasskeySection passkeys={page.passkeys} />
            <AppPasswordSection
              passwords={page.appPasswords}
              created={result?.appPassword}
              error={failedFor('createAppPassword')?.formError}
            />
            {page.keys && (
              <OwnKeysSection
                keys={page.keys}
                basePath={page.basePath}
                created={result?.key}
                error={failedFor('createKey')?.formError}
                fieldErrors={failedFor('createKey')?.fieldErrors}
              />
            )}
            <section aria-labelledby="my-sessions-heading" className="card space-y-3">
              <h2 id="my-sessions-heading" className="text-lg font-semibold">
                {t('accounts.security.sessionsHeading')}
              </h2>
              <SessionList sessions={page.sessions} action="/admin/account" />
            </section>
          </>
        )
      )}
    </section>
  );
}
