import { Form, Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { UserForm } from '~/components/users/UserForm';
import { UserList } from '~/components/users/UserList';
import { SessionList } from '~/components/users/SessionList';
import type { AccountView, SessionView } from '~/components/users/types';
import { DeletePanel } from '~/components/ui/DeletePanel';
import { FormAlert } from '~/components/ui/FormAlert';
import { IntentButton } from '~/components/ui/IntentButton';
import { SecretOnce } from '~/components/ui/SecretOnce';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { accountSessions, listAccounts, type AccountRecord } from '~/models/accounts/accounts.server';
import { getSetting } from '~/models/settings/settings.server';
import { usersAction } from './users.server';
import { toSessionView } from './account.server';
import { SSO_CALLBACK, USERS_PATH } from '~/lib/hrefs';
import { SsoProviders } from '~/components/users/SsoProviders';
import { listSsoProviders } from '~/models/accounts/sso-providers.server';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.users');

/** Sign-in links are shown here once: never keep the page in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const NOTICES = [
  'updated',
  'deleted',
  'disabled',
  'enabled',
  'reset',
  'sessionsEnded',
  'policy',
  'ssoAdded',
  'ssoRemoved',
] as const;
const POLICIES = ['off', 'admins', 'everyone'] as const;

function toView(account: AccountRecord, yourId: string | null): AccountView {
  return {
    ...account,
    inviteExpired: account.invited && (!account.inviteExpiresAt || account.inviteExpiresAt.getTime() <= Date.now()),
    isYou: account.id === yourId,
  };
}

/** `?new` the invite form, `?edit=<id>`, `?sessions=<id>` and `?delete=<id>` their panels, `?notice=` a result. */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const principal = context.get(principalContext);
  const services = context.get(servicesContext);
  const view = {
    showNew: url.searchParams.has('new'),
    editId: url.searchParams.get('edit'),
    deleteId: url.searchParams.get('delete'),
    sessionsId: url.searchParams.get('sessions'),
    notice: NOTICES.find((n) => n === url.searchParams.get('notice')) ?? null,
  };
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous')
    return { accounts: [], sessions: [], sso: [], callback: '', policy: 'off', ...view };
  const yourId = principal.kind === 'admin' ? principal.adminId : null;
  const accounts = (await listAccounts(services, principal)).map((a) => toView(a, yourId));
  const sessions: SessionView[] = view.sessionsId
    ? (await accountSessions(services, principal, view.sessionsId)).map(toSessionView)
    : [];
  return {
    accounts,
    sessions,
    sso: await listSsoProviders(services, principal),
    callback: `${context.get(requestInfoContext).linkOrigin}${SSO_CALLBACK}`,
    policy: (await getSetting(services, 'require_second_factor')) ?? 'off',
    ...view,
  };
});

export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  return usersAction(context.get(servicesContext), context.get(principalContext), await request.formData(), {
    locale: getLocale(context),
    origin: context.get(requestInfoContext).linkOrigin,
  });
});

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { accounts, sessions, sso, callback, policy, showNew, editId, deleteId, sessionsId, notice } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const link = actionData && 'link' in actionData ? actionData.link : undefined;
  const createdName = actionData && 'createdName' in actionData ? actionData.createdName : undefined;
  const editing = accounts.find((a) => a.id === editId);
  const deleting = accounts.find((a) => a.id === deleteId);
  const sessionsOf = accounts.find((a) => a.id === sessionsId);
  const errorFor = (intent: string) => (failed?.intent === intent ? failed : undefined);
  const showCreate = !editing && (showNew || Boolean(errorFor('create')));
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.users')}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">{t('accounts.admin.intro')}</p>
        </div>
        {!showCreate && (
          <Link to={`${USERS_PATH}?new#new-account`} className="btn btn-primary">
            <span aria-hidden="true">+</span> {t('accounts.admin.invite')}
          </Link>
        )}
      </header>
      {notice && <FormAlert tone="success">{t(`accounts.admin.notices.${notice}`)}</FormAlert>}
      {failed && !errorFor('create') && !errorFor('update') && !errorFor('addSso') && (
        <FormAlert>{failed.formError}</FormAlert>
      )}
      {createdName && <FormAlert tone="success">{t('accounts.admin.created', { name: createdName })}</FormAlert>}
      {link && (
        <SecretOnce
          heading={t('accounts.admin.linkHeading', { name: link.name })}
          body={t('accounts.admin.linkBody', { name: link.name, date: new Date(link.expiresAt).toLocaleString() })}
          value={link.url}
          label={t('accounts.admin.linkLabel')}
          copyLabel={t('accounts.admin.linkCopy')}
        />
      )}
      {showCreate && (
        <section id="new-account" aria-labelledby="new-account-heading" className="card scroll-mt-24">
          <h2 id="new-account-heading" className="mb-5 text-lg font-semibold">
            {t('accounts.admin.inviteHeading')}
          </h2>
          <UserForm mode="create" cancelTo={USERS_PATH} {...errorFor('create')} />
        </section>
      )}
      {editing && (
        <section id="edit-account" aria-labelledby="edit-account-heading" className="card scroll-mt-24">
          <h2 id="edit-account-heading" className="mb-5 text-lg font-semibold">
            {t('accounts.admin.editHeading', { name: editing.name })}
          </h2>
          <UserForm mode="update" account={editing} cancelTo={USERS_PATH} {...errorFor('update')} />
        </section>
      )}
      {deleting && (
        <DeletePanel
          id={deleting.id}
          idPrefix="delete-account"
          sectionId="delete-account"
          keyPrefix="accounts.admin.deletePanel"
          heading={t('accounts.admin.deleteHeading', { name: deleting.name })}
          body={t('accounts.admin.deleteBody')}
          cancelTo={USERS_PATH}
          error={errorFor('delete')?.formError}
          headingClassName="text-lg font-semibold"
          formClassName="mt-4"
        />
      )}
      {sessionsOf && (
        <section id="account-sessions" aria-labelledby="account-sessions-heading" className="card space-y-3">
          <h2 id="account-sessions-heading" className="text-lg font-semibold">
            {t('accounts.admin.sessionsHeading', { name: sessionsOf.name })}
          </h2>
          <SessionList sessions={sessions} action={USERS_PATH} fields={{ account: sessionsOf.id }} />
          {sessions.length > 0 && (
            <IntentButton
              action={USERS_PATH}
              intent="endSessions"
              id={sessionsOf.id}
              label={t('accounts.admin.endAll')}
              busyLabel={t('accounts.admin.ending')}
            />
          )}
        </section>
      )}
      <UserList accounts={accounts} activeId={(editing ?? deleting ?? sessionsOf)?.id} />
      <SsoProviders providers={sso} callback={callback} {...errorFor('addSso')} />
      <section aria-labelledby="policy-heading" className="card">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="policy" />
          <h2 id="policy-heading" className="text-lg font-semibold">
            {t('accounts.admin.policyHeading')}
          </h2>
          <p className="text-sm text-subtle">{t('accounts.admin.policyHint')}</p>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">{t('accounts.admin.policyHeading')}</legend>
            {POLICIES.map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name="policy" value={value} defaultChecked={policy === value} />
                {t(`accounts.admin.policy.${value}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-primary">
            {t('accounts.admin.savePolicy')}
          </button>
        </Form>
      </section>
    </section>
  );
}
