import { useTranslation } from '~/i18n/use-translation';
import { Link, redirect } from 'react-router';
import { useRefreshWhile } from '~/components/ui/use-refresh-while';
import { MountCard } from '~/components/mounts/MountCard';
import { MountForm } from '~/components/mounts/MountForm';
import {
  mountFormToInput,
  mountFormValues,
  mountNoticeOf,
  mountsHref,
  mountValuesOf,
  type MountFormValues,
  type MountIndexView,
  type MountItem,
  type StorageChoice,
} from '~/components/mounts/view';
import { DeletePanel } from '~/components/ui/DeletePanel';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { principalContext, servicesContext } from '~/context';
import { formError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { pageTitle } from '~/lib/meta';
import { createMountSchema, updateMountSchema } from '~/lib/schemas/mounts';
import { indexStatus, refreshIndex, type MountIndexStatus } from '~/models/fs/search/admin.server';
import { createMount, deleteMount, listMounts, updateMount } from '~/models/mounts/mounts.server';
import { listStorageConfigs } from '~/models/storage/configs.server';
import type { Route } from './+types/mount-management';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.mountManagement');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const INTENTS = ['create', 'update', 'toggle', 'delete', 'index'] as const;
type Intent = (typeof INTENTS)[number];

/** `?new=1` opens the create form, `?edit=<id>` the edit form, `?delete=<id>` the confirmation. */
export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const view = {
    creating: url.searchParams.has('new'),
    editId: url.searchParams.get('edit'),
    deleteId: url.searchParams.get('delete'),
    notice: mountNoticeOf(url.searchParams.get('notice')),
  };
  const principal = context.get(principalContext);
  // Not logged in (or a key): the admin layout shows the login form or the refusal instead.
  if (principal.kind !== 'admin') return { mounts: [] as MountItem[], storages: [] as StorageChoice[], ...view };
  const services = context.get(servicesContext);
  const [mounts, configs] = await Promise.all([
    listMounts(services, principal),
    listStorageConfigs(services, principal),
  ]);
  const indexes = await indexStatus(services, principal);
  const storages: StorageChoice[] = configs.map((c) => ({
    id: c.id,
    name: c.name,
    storageType: c.storageType,
    isDefault: c.isDefault,
  }));
  const nameOf = new Map(storages.map((s) => [s.id, s.name]));
  const items: MountItem[] = mounts.map((m) => ({
    id: m.id,
    name: m.name,
    mountPath: m.mountPath,
    rootFolder: m.rootFolder,
    storageType: m.storageType,
    storageConfigId: m.storageConfigId,
    storageName: (m.storageConfigId && nameOf.get(m.storageConfigId)) || null,
    remark: m.remark,
    isActive: m.isActive,
    sortOrder: m.sortOrder,
    cacheTtl: m.cacheTtl,
    webProxy: m.webProxy,
    webdavPolicy: m.webdavPolicy,
    enableSign: m.enableSign,
    signExpires: m.signExpires,
    lastUsedAt: m.lastUsedAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
    index: indexViewOf(indexes.get(m.id)),
  }));
  return { mounts: items, storages, ...view };
});

function indexViewOf(status: MountIndexStatus | undefined): MountIndexView {
  return {
    entries: status?.entries ?? 0,
    status: status?.run?.status ?? null,
    scanned: status?.run?.entries ?? 0,
    error: status?.run?.error ?? null,
    finishedAt: status?.run?.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Five intents: create and update (the whole form), toggle (active or not), delete, and index
 * (a search-index rescan, `mode` update or rebuild).
 */
export const action = answersFaults(async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent: Intent = INTENTS.find((i) => i === form.get('intent')) ?? 'create';
  const id = String(form.get('id') ?? '');
  const values: MountFormValues = mountFormValues(form);
  const extra = { intent, id, values };
  try {
    const principal = context.get(principalContext);
    const services = context.get(servicesContext);
    if (intent === 'delete') {
      await deleteMount(services, principal, id);
      return redirect(mountsHref({ notice: 'deleted' }));
    }
    if (intent === 'index') {
      await refreshIndex(services, principal, id, form.get('mode') === 'rebuild' ? 'rebuild' : 'update');
      return redirect(mountsHref({ notice: 'indexing' }, `#mount-${id}`));
    }
    if (intent === 'toggle') {
      const activate = form.get('is_active') === 'true';
      await updateMount(services, principal, id, { is_active: activate });
      return redirect(mountsHref({ notice: activate ? 'activated' : 'deactivated' }, `#mount-${id}`));
    }
    const input = mountFormToInput(values);
    if (intent === 'create') {
      const created = await createMount(services, principal, createMountSchema.parse(input));
      return redirect(mountsHref({ notice: 'created' }, `#mount-${created.id}`));
    }
    await updateMount(services, principal, id, updateMountSchema.parse(input));
    return redirect(mountsHref({ notice: 'updated' }, `#mount-${id}`));
  } catch (error) {
    return formError(error, getLocale(context), extra);
  }
});

export default function MountManagement({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { mounts, storages, creating, editId, deleteId, notice } = loaderData;
  const failed = actionData && 'formError' in actionData ? actionData : undefined;
  const errorFor = (intent: Intent) => (failed?.intent === intent ? failed : undefined);
  const editing = editId ? mounts.find((m) => m.id === editId) : undefined;
  const deleting = !editing && deleteId ? mounts.find((m) => m.id === deleteId) : undefined;
  const missing = (editId && !editing) || (deleteId && !editId && !deleting);
  const showCreate = !editing && (creating || Boolean(errorFor('create')));
  const topError = errorFor('toggle') ?? (!deleting ? errorFor('delete') : undefined);
  const canCreate = storages.length > 0;
  useRefreshWhile(mounts.some((m) => m.index.status === 'running'));

  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.mountManagement')}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">{t('mounts.intro')}</p>
        </div>
        {!showCreate && !editing && canCreate && (
          <a href={mountsHref({ new: '1' }, '#mount-form')} className="btn btn-primary">
            <Icon name="plus" />
            {t('mounts.add')}
          </a>
        )}
      </header>

      {notice && (
        <FormAlert tone="success" takeFocus>
          {t(`mounts.notice.${notice}`)}
        </FormAlert>
      )}
      {missing && <FormAlert>{t('errors.mountNotFound')}</FormAlert>}
      {topError && <FormAlert>{topError.formError}</FormAlert>}

      {(showCreate || editing) && (
        <section id="mount-form" aria-labelledby="mount-form-heading" className="card scroll-mt-24">
          <h2 id="mount-form-heading" className="mb-5 text-lg font-semibold break-words">
            {editing ? t('mounts.form.editHeading', { name: editing.name }) : t('mounts.form.createHeading')}
          </h2>
          <MountForm
            key={editing?.id ?? 'new'}
            mode={editing ? 'update' : 'create'}
            id={editing?.id}
            values={errorFor(editing ? 'update' : 'create')?.values ?? (editing && mountValuesOf(editing))}
            storages={storages}
            formError={errorFor(editing ? 'update' : 'create')?.formError}
            fieldErrors={errorFor(editing ? 'update' : 'create')?.fieldErrors}
            cancelTo={mountsHref()}
          />
        </section>
      )}
      {deleting && (
        <DeletePanel
          id={deleting.id}
          idPrefix="delete-mount"
          keyPrefix="mounts.delete"
          heading={t('mounts.delete.heading', { name: deleting.name })}
          body={t('mounts.delete.body')}
          cancelTo={mountsHref()}
          error={errorFor('delete')?.formError}
          sectionId="delete-mount"
          className="scroll-mt-24"
          headingClassName="font-semibold break-words"
          formClassName="mt-4"
        />
      )}

      {mounts.length > 0 ? (
        <div className="grid gap-4 lg:grid-cols-2">
          {mounts.map((mount) => (
            <MountCard key={mount.id} mount={mount} active={mount.id === (editing ?? deleting)?.id} />
          ))}
        </div>
      ) : (
        !showCreate && (
          <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
              <Icon name="storage" className="h-6 w-6" />
            </span>
            <h2 className="font-semibold">{t('mounts.empty.heading')}</h2>
            <p className="max-w-md text-sm text-subtle">
              {t(canCreate ? 'mounts.empty.body' : 'mounts.empty.noStorage')}
            </p>
            {canCreate ? (
              <Link to={mountsHref({ new: '1' }, '#mount-form')} className="btn btn-primary mt-1">
                <Icon name="plus" />
                {t('mounts.add')}
              </Link>
            ) : (
              <Link to="/admin/storage-config?new=1#storage-form" className="btn btn-primary mt-1">
                {t('storage.add')}
              </Link>
            )}
          </div>
        )
      )}
    </section>
  );
}
