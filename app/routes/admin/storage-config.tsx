import { useTranslation } from '~/i18n/use-translation';
import { data, redirect } from 'react-router';
import { DeleteStoragePanel } from '~/components/storage/DeleteStoragePanel';
import { EmptyStorage } from '~/components/storage/EmptyStorage';
import { storageFormToInput, storageFormValues, type StorageFormValues } from '~/components/storage/form';
import { Icon } from '~/components/ui/Icon';
import { noticeOf, storageHref, type StorageItem, type StorageTestOutcome } from '~/components/storage/view';
import { StorageCard } from '~/components/storage/StorageCard';
import { StorageForm } from '~/components/storage/StorageForm';
import { FormAlert } from '~/components/ui/FormAlert';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { getLocale } from '~/i18n/middleware.server';
import { translate } from '~/i18n/translate';
import { pageTitle } from '~/lib/meta';
import { createStorageConfigSchema, updateStorageConfigSchema } from '~/lib/schemas/storage-configs';
import {
  createStorageConfig,
  deleteStorageConfig,
  getStorageConfig,
  listStorageConfigsWithUsage,
  setDefaultStorageConfig,
  updateStorageConfig,
} from '~/models/storage/configs.server';
import { testStorageConfig } from '~/models/storage/test.server';
import { translateReport } from '~/lib/storage-test';
import type { Route } from './+types/storage-config';
import type { StorageType } from '~/lib/storage-kinds';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.storageConfig');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const INTENTS = ['create', 'update', 'delete', 'set-default', 'test'] as const;
type Intent = (typeof INTENTS)[number];

/** The kind `?new=` asks for: WebDAV, SFTP, else S3 (`?new=1`). */
const newKindOf = (value: string | null): StorageType => (value === 'webdav' || value === 'sftp' ? value : 's3');

/**
 * `?new=1` opens the create form (`?new=webdav` or `?new=sftp` for those kinds), `?edit=<id>` the
 * edit form, `?delete=<id>` the confirmation.
 */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const view = {
    creating: url.searchParams.has('new'),
    newKind: newKindOf(url.searchParams.get('new')),
    editId: url.searchParams.get('edit'),
    deleteId: url.searchParams.get('delete'),
    notice: noticeOf(url.searchParams.get('notice')),
    origin: context.get(requestInfoContext).linkOrigin,
  };
  const principal = context.get(principalContext);
  // Not logged in: the admin layout shows the login form instead of this module.
  if (principal.kind === 'anonymous') return { configs: [] as StorageItem[], ...view };
  const configs = await listStorageConfigsWithUsage(services, principal);
  const items: StorageItem[] = configs.map((c) => ({ ...c, lastUsedAt: c.lastUsedAt?.toISOString() ?? null }));
  return { configs: items, ...view };
});

/** Five intents: create and update (forms), delete, set-default (redirect back) and test (shows the result). */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Intent = INTENTS.find((i) => i === form.get('intent')) ?? 'create';
  const id = String(form.get('id') ?? '');
  const values: StorageFormValues = storageFormValues(form);
  const secret = String(form.get('secret_access_key') ?? form.get('password') ?? '');
  const privateKey = String(form.get('private_key') ?? '');
  const locale = getLocale(context);
  const extra = { intent, id, values, outcome: undefined as StorageTestOutcome | undefined };
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (intent === 'delete') {
      await deleteStorageConfig(services, principal, id);
      return redirect(storageHref({ notice: 'deleted' }));
    }
    if (intent === 'set-default') {
      await setDefaultStorageConfig(services, principal, id);
      return redirect(storageHref({ notice: 'default' }, `#config-${id}`));
    }
    if (intent === 'test') {
      const report = await testStorageConfig(services, principal, id, context.get(requestInfoContext).linkOrigin);
      return { ...extra, outcome: translateReport(report, (key, params) => translate(locale, key, params)) };
    }
    const kind =
      intent === 'update' ? (await getStorageConfig(services, principal, id)).storageType : values.storage_type;
    const converted = storageFormToInput(values, secret, intent, kind, privateKey);
    if (!converted.ok) {
      const fieldErrors: Record<string, string> = Object.fromEntries(
        Object.entries(converted.errors).map(([field, key]) => [field, translate(locale, `storage.form.${key}`)]),
      );
      return data({ ...extra, formError: Object.values(fieldErrors)[0], fieldErrors }, { status: 400 });
    }
    if (intent === 'create') {
      const created = await createStorageConfig(services, principal, createStorageConfigSchema.parse(converted.input));
      return redirect(storageHref({ notice: 'created' }, `#config-${created.id}`));
    }
    await updateStorageConfig(services, principal, id, updateStorageConfigSchema.parse(converted.input));
    return redirect(storageHref({ notice: 'updated' }, `#config-${id}`));
  } catch (error) {
    return formError(error, locale, extra);
  }
});

export default function StorageConfig({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { configs, creating, newKind, editId, deleteId, notice, origin } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const errorFor = (intent: Intent) => (failed?.intent === intent ? failed : undefined);
  const tested = actionData?.outcome ? actionData : undefined;
  const editing = editId ? configs.find((c) => c.id === editId) : undefined;
  const target = !editing && deleteId ? configs.find((c) => c.id === deleteId) : undefined;
  // The default storage is not deleted from here (its card says why): no confirmation opens.
  const deleting = target && !target.isDefault ? target : undefined;
  const missing = (editId && !editing) || (deleteId && !editId && !target);
  const showCreate = !editing && (creating || Boolean(errorFor('create')));
  // Errors of the one-button forms (set default; a test that could not run) show at the top.
  const topError = errorFor('set-default') ?? (!deleting ? errorFor('delete') : undefined);

  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.storageConfig')}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">{t('storage.intro')}</p>
        </div>
        {!showCreate && !editing && (
          <a href={storageHref({ new: '1' }, '#storage-form')} className="btn btn-primary">
            <Icon name="plus" />
            {t('storage.add')}
          </a>
        )}
      </header>

      {notice && <FormAlert tone="success">{t(`storage.notice.${notice}`)}</FormAlert>}
      {missing && <FormAlert>{t('errors.storageNotFound')}</FormAlert>}
      {topError && <FormAlert>{topError.formError}</FormAlert>}

      {showCreate && (
        <section id="storage-form" aria-labelledby="storage-form-heading" className="card scroll-mt-24">
          <h2 id="storage-form-heading" className="mb-1 text-lg font-semibold">
            {t(`storage.remote.createHeading.${newKind}`)}
          </h2>
          <p className="mb-5 text-sm text-subtle">{t(`storage.remote.createIntro.${newKind}`)}</p>
          <StorageForm
            mode="create"
            values={errorFor('create')?.values}
            formError={errorFor('create')?.formError}
            fieldErrors={errorFor('create')?.fieldErrors}
            cancelTo={storageHref()}
            newKind={newKind}
            kindHref={(kind) => storageHref({ new: kind === 's3' ? '1' : kind }, '#storage-form')}
          />
        </section>
      )}
      {editing && (
        <section id="storage-form" aria-labelledby="storage-form-heading" className="card scroll-mt-24">
          <h2 id="storage-form-heading" className="mb-5 text-lg font-semibold break-words">
            {t('storage.form.editHeading', { name: editing.name })}
          </h2>
          <StorageForm
            key={editing.id}
            mode="update"
            config={editing}
            values={errorFor('update')?.values}
            formError={errorFor('update')?.formError}
            fieldErrors={errorFor('update')?.fieldErrors}
            cancelTo={storageHref()}
          />
        </section>
      )}
      {deleting && (
        <DeleteStoragePanel config={deleting} cancelTo={storageHref()} error={errorFor('delete')?.formError} />
      )}

      {configs.length > 0 ? (
        <div className="space-y-4">
          {configs.map((config) => (
            <StorageCard
              key={config.id}
              config={config}
              origin={origin}
              active={config.id === (editing ?? deleting)?.id}
              test={tested?.id === config.id ? tested.outcome : undefined}
              testError={errorFor('test')?.id === config.id ? errorFor('test')?.formError : undefined}
            />
          ))}
        </div>
      ) : (
        !showCreate && <EmptyStorage />
      )}
    </section>
  );
}
