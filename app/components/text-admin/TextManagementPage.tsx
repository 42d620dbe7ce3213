import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { useHydrated } from '~/components/ui/use-hydrated';
import { FormAlert } from '~/components/ui/FormAlert';
import { useConfirmSubmit } from './confirm';
import { ConfirmDialog } from './ConfirmDialog';
import { ConfirmStep } from './ConfirmStep';
import { EmptyTexts } from './EmptyTexts';
import { Icon } from '~/components/ui/Icon';
import { countKey, listHref, PAGE_SIZE, type ConfirmRequest, type TextManagementData } from './view';
import { Pagination } from '~/components/ui/Pagination';
import { SearchError, SearchForm } from '~/components/ui/SearchForm';
import { PreviewPanel } from './PreviewPanel';
import { TextList } from './TextList';

/** Admins only: delete every expired text. Asks first, in a dialog or (without JS) a confirmation step. */
function ClearExpiredForm({ onAsk }: { onAsk: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onAsk({ intent: 'clear-expired' });
      }}
    >
      <input type="hidden" name="intent" value="clear-expired" />
      <button type="submit" className="btn">
        <Icon name="sweep" />
        {t('textAdmin.batch.clearExpired')}
      </button>
    </Form>
  );
}

function Summary({ data }: { data: TextManagementData }) {
  const { t } = useTranslation();
  const { total, page, search } = data;
  const from = (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return (
    <p className="text-sm text-subtle" aria-live="polite">
      <span className="font-medium text-ink">
        {search
          ? t(countKey('textAdmin.summary.results', total), { count: total, query: search })
          : t(countKey('textAdmin.summary.total', total), { count: total })}
      </span>
      {total > PAGE_SIZE && <> · {t('textAdmin.summary.range', { from, to })}</>}
    </p>
  );
}

/** /admin/text-management: search, the page of texts, preview, batch delete, clear expired. */
export function TextManagementPage({
  data,
  confirm,
  error,
}: {
  data: TextManagementData;
  /** The action's confirmation step (no JavaScript). */
  confirm?: ConfirmRequest;
  error?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const dialog = useConfirmSubmit();
  const state = { q: data.q, page: data.page };
  const previewInList = data.preview !== null && data.items.some((item) => item.id === data.preview?.id);
  const notice = data.notice;

  return (
    <section aria-labelledby="page-heading" className="space-y-6">
      <header>
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.admin.textManagement')}
        </h1>
        <p className="mt-2 max-w-2xl text-subtle">
          {data.keyName ? t('textAdmin.scope.key', { name: data.keyName }) : t('textAdmin.scope.admin')}
        </p>
      </header>

      {notice && (
        <FormAlert tone="success">
          {t(countKey(`textAdmin.notice.${notice.kind}`, notice.count, 'None'), { count: notice.count })}
        </FormAlert>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      {confirm && <ConfirmStep request={confirm} items={data.items} cancelTo={listHref(state)} />}

      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
        <SearchForm
          q={data.q}
          tooShort={data.tooShort}
          id="text-search"
          keyPrefix="textAdmin.search"
          clearTo={listHref({})}
          className="w-full max-w-lg min-w-0 flex-1 basis-72"
        />
        <div className="flex flex-wrap gap-2">
          {data.isAdmin && <ClearExpiredForm onAsk={dialog.ask} />}
          <Link to="/" className="btn btn-primary">
            <Icon name="plus" />
            {t('textAdmin.newText')}
          </Link>
        </div>
      </div>
      {data.tooShort && <SearchError id="text-search" keyPrefix="textAdmin.search" className="-mt-3" />}

      {data.previewError && <FormAlert>{data.previewError}</FormAlert>}
      {data.preview && !previewInList && <PreviewPanel preview={data.preview} closeTo={listHref(state)} />}

      {data.total > 0 ? (
        <div className="space-y-4">
          <Summary data={data} />
          <TextList
            key={`${data.page}:${data.items.map((item) => item.id).join()}`}
            items={data.items}
            state={state}
            preview={previewInList ? data.preview : null}
            onAsk={dialog.ask}
          />
          <Pagination
            page={state.page}
            pages={data.pages}
            href={(page) => listHref({ ...state, page })}
            keyPrefix="textAdmin.pagination"
          />
        </div>
      ) : (
        <EmptyTexts search={data.search} forKey={data.keyName !== null} />
      )}

      {hydrated && (
        <ConfirmDialog
          request={dialog.request}
          items={data.items}
          onConfirm={dialog.confirm}
          onCancel={dialog.cancel}
        />
      )}
    </section>
  );
}
