import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHydrated } from '~/components/ui/use-hydrated';
import { FormAlert } from '~/components/ui/FormAlert';
import { ConfirmStep, useConfirm } from './confirm';
import { ConfirmDialog } from './ConfirmDialog';
import { EditFileForm } from './EditFileForm';
import { EmptyFiles } from './EmptyFiles';
import { FileList } from './FileList';
import { Icon } from '~/components/ui/Icon';
import {
  countKey,
  listHref,
  PAGE_SIZE,
  type ConfirmRequest,
  type FileEditValues,
  type FileManagementData,
} from './view';
import { Pagination } from '~/components/ui/Pagination';
import { SearchForm } from '~/components/ui/SearchForm';
import { PreviewPanel } from './PreviewPanel';

function Summary({ data }: { data: FileManagementData }) {
  const { t } = useTranslation();
  const { total, page, search } = data;
  const from = (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return (
    <p className="text-sm text-subtle" aria-live="polite">
      <span className="font-medium text-ink">
        {search
          ? t(countKey('fileAdmin.summary.results', total), { count: total, query: search })
          : t(countKey('fileAdmin.summary.total', total), { count: total })}
      </span>
      {total > PAGE_SIZE && <> · {t('fileAdmin.summary.range', { from, to })}</>}
    </p>
  );
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
  values: FileEditValues;
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
  const hydrated = useHydrated();
  const dialog = useConfirm();
  const state = { q: data.q, page: data.page };
  const previewInList = data.preview !== null && data.items.some((item) => item.id === data.preview?.id);

  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('pages.admin.fileManagement')}
          </h1>
          <p className="mt-2 max-w-2xl text-subtle">
            {data.keyName ? t('fileAdmin.scope.key', { name: data.keyName }) : t('fileAdmin.scope.admin')}
          </p>
        </div>
        <Link to="/upload" className="btn btn-primary">
          <Icon name="upload" />
          {t('fileAdmin.upload')}
        </Link>
      </header>

      <Notices data={data} />
      {error && <FormAlert>{error}</FormAlert>}
      {data.openError && <FormAlert>{data.openError}</FormAlert>}
      {confirm && <ConfirmStep request={confirm} items={data.items} cancelTo={listHref(state)} />}

      {data.edit && (
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
      )}

      <SearchForm
        q={data.q}
        tooShort={data.tooShort}
        id="file-search"
        keyPrefix="fileAdmin.search"
        clearTo={listHref({})}
        className="w-full max-w-xl"
        inlineError
      />

      {data.preview && !previewInList && <PreviewPanel preview={data.preview} closeTo={listHref(state)} />}

      {data.total > 0 ? (
        <div className="space-y-4">
          <Summary data={data} />
          <FileList
            key={`${data.page}:${data.items.map((item) => item.id).join()}`}
            items={data.items}
            state={state}
            preview={previewInList ? data.preview : null}
            editId={data.edit?.id ?? null}
            onAsk={dialog.ask}
          />
          <Pagination
            page={state.page}
            pages={data.pages}
            href={(page) => listHref({ ...state, page })}
            keyPrefix="fileAdmin.pagination"
          />
        </div>
      ) : (
        <EmptyFiles search={data.search} forKey={data.keyName !== null} />
      )}

      {hydrated && <ConfirmDialog request={dialog.request} items={data.items} onClose={dialog.close} />}
    </section>
  );
}
