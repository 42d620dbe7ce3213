import { useTranslation } from '~/i18n/use-translation';
import { data, Link, redirect } from 'react-router';
import { CreatedKeyBanner } from '~/components/keys/CreatedKeyBanner';
import { DeleteKeyPanel } from '~/components/keys/DeleteKeyPanel';
import { EmptyKeys } from '~/components/keys/EmptyKeys';
import { KeyForm } from '~/components/keys/KeyForm';
import { KeyList } from '~/components/keys/KeyList';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { apiKeyFormFields, apiKeyFormToInput, type ApiKeyFormFields } from '~/lib/api-key-form';
import { pageTitle } from '~/lib/meta';
import { createApiKeySchema, updateApiKeySchema } from '~/lib/schemas/api-keys';
import {
  createApiKey,
  deleteApiKey,
  listApiKeys,
  updateApiKey,
  type ApiKeyRecord,
} from '~/models/accounts/api-keys.server';
import type { ApiKeyView } from '~/components/keys/types';
import { regenerateS3Credentials } from '~/models/accounts/s3-credentials.server';
import { S3CredentialsPanels } from '~/components/keys/S3CredentialsPanels';
import type { QuotaUsage } from '~/models/quotas/quotas.server';
import type { Route } from './+types/key-management';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.keyManagement');

/** The page carries every key's secret: never keep it in a shared or browser cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const PATH = '/admin/key-management';
const INTENTS = ['create', 'update', 'delete', 's3'] as const;
type Intent = (typeof INTENTS)[number];
const NOTICES = ['updated', 'deleted'] as const;

function toKeyView(key: ApiKeyRecord & { usage?: QuotaUsage }): ApiKeyView {
  return {
    ...key,
    usage: key.usage ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt.toISOString(),
    expired: key.expiresAt.getTime() <= Date.now(),
  };
}

function intentOf(value: unknown): Intent {
  return INTENTS.find((intent) => intent === value) ?? 'create';
}

/**
 * `?new` opens the create form (it sits behind "New key" once keys exist), `?edit=<id>` the edit
 * form, `?delete=<id>` the confirmation, `?notice=` a result line.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = {
    showNew: url.searchParams.has('new'),
    editId: url.searchParams.get('edit'),
    deleteId: url.searchParams.get('delete'),
    s3Id: url.searchParams.get('s3'),
    notice: NOTICES.find((n) => n === url.searchParams.get('notice')) ?? null,
  };
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { keys: [], ...view };
  const keys = await listApiKeys(context.get(servicesContext), principal);
  return { keys: keys.map(toKeyView), ...view };
});

/** One action, three intents: create (shows the new key once), update and delete (redirect back). */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentOf(form.get('intent'));
  const id = String(form.get('id') ?? '');
  const values: ApiKeyFormFields = apiKeyFormFields(form);
  const locale = getLocale(context);
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (intent === 'delete') {
      await deleteApiKey(services, principal, id);
      return redirect(`${PATH}?notice=deleted`);
    }
    if (intent === 's3') {
      // The new secret is shown this once (docs/s3.md §2): an answer, never a redirect.
      const renewed = await regenerateS3Credentials(services, principal, id);
      return { intent, created: undefined, renewed: { id, ...renewed } };
    }
    const converted = apiKeyFormToInput(values, intent);
    if (!converted.ok) {
      const fieldErrors = Object.fromEntries(
        Object.entries(converted.errors).map(([field, key]) => [field, translate(locale, `keys.form.${key}`)]),
      );
      return data(
        { formError: Object.values(fieldErrors)[0], fieldErrors, intent, id, values, created: undefined },
        { status: 400 },
      );
    }
    if (intent === 'create') {
      const created = await createApiKey(services, principal, createApiKeySchema.parse(converted.input));
      return { intent, created: toKeyView(created) };
    }
    await updateApiKey(services, principal, id, updateApiKeySchema.parse(converted.input));
    return redirect(`${PATH}?notice=updated`);
  } catch (error) {
    return formError(error, locale, { intent, id, values, created: undefined });
  }
});

export default function KeyManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { keys, showNew, editId, deleteId, s3Id, notice } = loaderData;
  const renewed = actionData && 'renewed' in actionData ? actionData.renewed : undefined;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const created = actionData && 'created' in actionData ? actionData.created : undefined;
  const editing = editId ? keys.find((key) => key.id === editId) : undefined;
  const deleting = !editing && deleteId ? keys.find((key) => key.id === deleteId) : undefined;
  const renewing = !editing && !deleting && s3Id && !renewed ? keys.find((key) => key.id === s3Id) : undefined;
  const missing = (editId && !editing) || (deleteId && !editId && !deleting);
  const errorFor = (intent: Intent) => (failed?.intent === intent ? failed : undefined);

  // Asked for, or after a failed create, the form comes first: in view, its error too, without JS.
  const createFirst = Boolean(errorFor('create')) || showNew;
  // Behind "New key" (issue 28): shown when asked for, while it has an error, or when there is no key yet.
  const showCreate = !editing && (Boolean(errorFor('create')) || keys.length === 0 || (showNew && !created));
  const createSection = showCreate && (
    <section id="new-key" aria-labelledby="new-key-heading" className="card scroll-mt-24">
      <h2 id="new-key-heading" className="mb-5 text-lg font-semibold">
        {t('keys.form.createHeading')}
      </h2>
      <KeyForm
        key={created?.id ?? 'new'}
        mode="create"
        cancelTo={keys.length > 0 ? PATH : undefined}
        values={errorFor('create')?.values}
        formError={errorFor('create')?.formError}
        fieldErrors={errorFor('create')?.fieldErrors}
      />
    </section>
  );
  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.keyManagement')}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">{t('keys.intro')}</p>
        </div>
        {!editing && keys.length > 0 && !showCreate && (
          <Link to={`${PATH}?new#new-key`} className="btn btn-primary">
            <span aria-hidden="true">+</span> {t('keys.newKey')}
          </Link>
        )}
      </header>

      {notice === 'updated' && <FormAlert tone="success">{t('errors.keyUpdated')}</FormAlert>}
      {notice === 'deleted' && <FormAlert tone="success">{t('errors.keyDeleted')}</FormAlert>}
      {missing && <FormAlert>{t('errors.keyNotFound')}</FormAlert>}
      {created && <CreatedKeyBanner key={created.id} apiKey={created} />}
      <S3CredentialsPanels
        keys={keys}
        editing={editing}
        renewing={renewing}
        renewed={renewed}
        error={errorFor('s3')?.formError}
        cancelTo={PATH}
      />

      {editing && (
        <section aria-labelledby="edit-key-heading" className="card">
          <h2 id="edit-key-heading" className="mb-5 text-lg font-semibold">
            {t('keys.form.editHeading', { name: editing.name })}
          </h2>
          <KeyForm
            mode="update"
            apiKey={editing}
            cancelTo={PATH}
            values={errorFor('update')?.values}
            formError={errorFor('update')?.formError}
            fieldErrors={errorFor('update')?.fieldErrors}
          />
        </section>
      )}
      {deleting && <DeleteKeyPanel apiKey={deleting} cancelTo={PATH} error={errorFor('delete')?.formError} />}
      {!deleting && errorFor('delete') && <FormAlert>{errorFor('delete')?.formError}</FormAlert>}

      {createFirst && createSection}
      {keys.length > 0 ? <KeyList keys={keys} activeId={(editing ?? deleting)?.id} /> : <EmptyKeys />}
      {!createFirst && createSection}
    </section>
  );
}
