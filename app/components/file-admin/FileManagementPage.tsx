import type { TFunction } from 'i18next';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { AdminList } from '~/components/admin-list/AdminList';
import { AdminListPage } from '~/components/admin-list/AdminListPage';
import { ConfirmDialog, ConfirmStep, useConfirm, type ConfirmQuestion } from '~/components/admin-list/Confirm';
import { EmptyList } from '~/components/admin-list/EmptyList';
import { countKey } from '~/components/admin-list/list-state';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { EditFileForm } from '~/components/file/EditFileForm';
import type { EditFileValues } from '~/components/file/edit-form';
import { FileRow } from './FileRow';
import { PreviewPanel } from './PreviewPanel';
import {
  DELETE_MODES,
  FILE_ADMIN_PATH,
  listHref,
  PAGE_SIZE,
  type ConfirmRequest,
  type FileItem,
  type FileManagementData,
} from './view';

/** What goes: the share and its stored file, or the share alone (part of the delete form). */
function DeleteModeField({ mode }: { mode: ConfirmRequest['mode'] }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="field-label">{t('fileAdmin.confirm.modeLegend')}</legend>
      <div className="space-y-2">
        {DELETE_MODES.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer gap-3 rounded-lg border border-line bg-surface p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft/50"
          >
            <input
              type="radio"
              name="delete_mode"
              value={value}
              defaultChecked={mode === value}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand"
            />
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink">{t(`fileAdmin.confirm.modes.${value}`)}</span>
              <span className="block text-xs text-subtle">{t(`fileAdmin.confirm.modeHints.${value}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The delete question: which files, and whether their stored objects go too. */
function questionOf(t: TFunction, request: ConfirmRequest, items: FileItem[]): ConfirmQuestion {
  const count = request.ids.length;
  return {
    heading: t(countKey('fileAdmin.confirm.heading', count), { count }),
    body: t(countKey('fileAdmin.confirm.body', count)),
    names: request.ids.flatMap((id) => items.find((item) => item.id === id)?.filename ?? []),
    total: count,
    confirmLabel: t(countKey('fileAdmin.confirm.confirm', count), { count }),
    fields: [['intent', 'delete'], ...request.ids.map((id): [string, string] => ['ids', id])],
    extra: <DeleteModeField mode={request.mode} />,
  };
}

function Notices({ data }: { data: FileManagementData }) {
  const { t } = useTranslation();
  const notice = data.notice;
  if (!notice) return null;
  if (notice.kind === 'updated') return <FormAlert tone="success">{t('fileAdmin.notice.updated')}</FormAlert>;
  return (
    <>
      <FormAlert tone="success">
        {t(countKey('fileAdmin.notice.deleted', notice.count, 'None'), { count: notice.count })}
      </FormAlert>
      {notice.failed > 0 && <FormAlert>{t('fileAdmin.notice.failed', { count: notice.failed })}</FormAlert>}
    </>
  );
}

export interface EditFailure {
  formError: string;
  fieldErrors: Record<string, string>;
  values: EditFileValues;
}

/** /admin/file-management: search, the page of files, preview, edit, batch delete. */
export function FileManagementPage({
  data,
  confirm,
  error,
  editFailure,
}: {
  data: FileManagementData;
  /** The action's confirmation step (no JavaScript). */
  confirm?: ConfirmRequest;
  error?: string;
  editFailure?: EditFailure;
}) {
  const { t } = useTranslation();
  const dialog = useConfirm<ConfirmRequest>();
  const state = { q: data.q, page: data.page };
  const previewInList = data.preview !== null && data.items.some((item) => item.id === data.preview?.id);
  const columns = [
    { label: t('fileAdmin.list.select'), hidden: true, className: 'w-10 pr-0 pl-4' },
    { label: t('fileAdmin.list.thumbnailColumn'), hidden: true, className: 'w-16 pr-0' },
    { label: t('fileAdmin.list.file') },
    { label: t('fileAdmin.list.status'), className: 'w-48' },
    { label: t('fileAdmin.list.creatorCreated'), className: 'w-40' },
    { label: t('fileAdmin.list.actions'), hidden: true, className: 'w-32 pr-4 text-right' },
  ];

  const edit = data.edit && (
    <section id="file-edit" aria-labelledby="file-edit-heading" className="card scroll-mt-24 p-5 sm:p-6">
      <h2 id="file-edit-heading" className="text-lg font-semibold break-all">
        {t('fileAdmin.edit.heading', { name: data.edit.filename })}
      </h2>
      <p className="mt-1 mb-5 text-sm text-subtle">{t('fileAdmin.edit.intro', { slug: data.edit.slug })}</p>
      <EditFileForm
        key={data.edit.id}
        file={data.edit}
        values={editFailure?.values}
        formError={editFailure?.formError}
        fieldErrors={editFailure?.fieldErrors}
        cancelTo={listHref(state, {}, `#file-${data.edit.id}`)}
      />
    </section>
  );

  return (
    <AdminListPage
      data={data}
      keyPrefix="fileAdmin"
      heading={t('pages.admin.fileManagement')}
      basePath={FILE_ADMIN_PATH}
      pageSize={PAGE_SIZE}
      actions={
        <Link to="/upload" className="btn btn-primary">
          <Icon name="upload" />
          {t('fileAdmin.upload')}
        </Link>
      }
      notices={<Notices data={data} />}
      errors={[error, data.openError]}
      confirmStep={confirm && <ConfirmStep question={questionOf(t, confirm, data.items)} cancelTo={listHref(state)} />}
      above={
        <>
          {edit}
          {data.preview && !previewInList && <PreviewPanel preview={data.preview} closeTo={listHref(state)} />}
        </>
      }
      list={
        <AdminList
          key={`${data.page}:${data.items.map((item) => item.id).join()}`}
          items={data.items}
          intent="delete"
          keyPrefix="fileAdmin"
          layout="xl"
          columns={columns}
          renderRow={(item) => (
            <FileRow
              item={item}
              state={state}
              previewing={data.preview?.id === item.id}
              editing={data.edit?.id === item.id}
            />
          )}
          preview={
            previewInList && data.preview
              ? {
                  id: data.preview.id,
                  rowId: 'file-preview',
                  panel: (
                    <PreviewPanel preview={data.preview} closeTo={listHref(state, {}, `#file-${data.preview.id}`)} />
                  ),
                }
              : null
          }
          onAsk={(ids) => dialog.ask({ ids, mode: 'both' })}
        />
      }
      empty={
        <EmptyList
          keyPrefix="fileAdmin"
          search={data.search}
          forKey={data.keyName !== null}
          icon="file"
          showAllTo={listHref({})}
          create={{ to: '/upload', icon: 'upload', labelKey: 'fileAdmin.empty.upload' }}
        />
      }
      dialog={
        <ConfirmDialog question={dialog.request && questionOf(t, dialog.request, data.items)} onClose={dialog.close} />
      }
    />
  );
}
