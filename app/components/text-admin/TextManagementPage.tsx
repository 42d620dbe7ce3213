import type { TFunction } from 'i18next';
import { useTranslation } from '~/i18n/use-translation';
import { Form, Link } from 'react-router';
import { AdminList } from '~/components/admin-list/AdminList';
import { AdminListPage } from '~/components/admin-list/AdminListPage';
import { ConfirmDialog, ConfirmStep, useConfirm, type ConfirmQuestion } from '~/components/admin-list/Confirm';
import { EmptyList } from '~/components/admin-list/EmptyList';
import { countKey } from '~/components/admin-list/list-state';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { PreviewPanel } from './PreviewPanel';
import { TextRow } from './TextRow';
import {
  listHref,
  PAGE_SIZE,
  TEXT_ADMIN_PATH,
  type ConfirmRequest,
  type TextItem,
  type TextManagementData,
} from './view';

/** The question before a batch delete or clearing the expired texts, as a real form's fields. */
function questionOf(t: TFunction, request: ConfirmRequest, items: TextItem[]): ConfirmQuestion {
  if (request.intent === 'clear-expired') {
    return {
      heading: t('textAdmin.confirm.clearHeading'),
      body: t('textAdmin.confirm.clearBody'),
      names: [],
      total: 0,
      confirmLabel: t('textAdmin.confirm.clearConfirm'),
      fields: [['intent', 'clear-expired']],
    };
  }
  const count = request.ids.length;
  return {
    heading: t(countKey('textAdmin.confirm.deleteHeading', count), { count }),
    body: t('textAdmin.confirm.deleteBody'),
    names: request.ids.flatMap((id) => items.find((item) => item.id === id)?.slug ?? []),
    total: count,
    confirmLabel: t(countKey('textAdmin.confirm.deleteConfirm', count), { count }),
    fields: [['intent', 'batch-delete'], ...request.ids.map((id): [string, string] => ['ids', id])],
  };
}

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
  const dialog = useConfirm<ConfirmRequest>();
  const state = { q: data.q, page: data.page };
  const previewInList = data.preview !== null && data.items.some((item) => item.id === data.preview?.id);
  const notice = data.notice;
  const columns = [
    { label: t('textAdmin.list.select'), hidden: true, className: 'w-10 pr-0 pl-4' },
    { label: t('textAdmin.list.share') },
    { label: t('textAdmin.list.status'), className: 'w-40 lg:w-44' },
    { label: t('textAdmin.list.actions'), hidden: true, className: 'w-32 pr-4 text-right' },
  ];

  return (
    <AdminListPage
      data={data}
      keyPrefix="textAdmin"
      heading={t('pages.admin.textManagement')}
      basePath={TEXT_ADMIN_PATH}
      pageSize={PAGE_SIZE}
      actions={
        <>
          {data.isAdmin && <ClearExpiredForm onAsk={dialog.ask} />}
          <Link to="/" className="btn btn-primary">
            <Icon name="plus" />
            {t('textAdmin.newText')}
          </Link>
        </>
      }
      notices={
        notice && (
          <FormAlert tone="success">
            {t(countKey(`textAdmin.notice.${notice.kind}`, notice.count, 'None'), { count: notice.count })}
          </FormAlert>
        )
      }
      errors={[error, data.previewError]}
      confirmStep={confirm && <ConfirmStep question={questionOf(t, confirm, data.items)} cancelTo={listHref(state)} />}
      above={data.preview && !previewInList && <PreviewPanel preview={data.preview} closeTo={listHref(state)} />}
      list={
        <AdminList
          key={`${data.page}:${data.items.map((item) => item.id).join()}`}
          items={data.items}
          intent="batch-delete"
          keyPrefix="textAdmin"
          layout="md"
          columns={columns}
          renderRow={(item) => <TextRow item={item} state={state} previewing={data.preview?.id === item.id} />}
          preview={
            previewInList && data.preview
              ? {
                  id: data.preview.id,
                  rowId: 'text-preview',
                  panel: (
                    <PreviewPanel preview={data.preview} closeTo={listHref(state, {}, `#paste-${data.preview.id}`)} />
                  ),
                }
              : null
          }
          onAsk={(ids) => dialog.ask({ intent: 'batch-delete', ids })}
        />
      }
      empty={
        <EmptyList
          keyPrefix="textAdmin"
          search={data.search}
          forKey={data.keyName !== null}
          icon="text"
          showAllTo={listHref({})}
          create={{ to: '/', icon: 'plus', labelKey: 'textAdmin.empty.create' }}
        />
      }
      dialog={
        <ConfirmDialog question={dialog.request && questionOf(t, dialog.request, data.items)} onClose={dialog.close} />
      }
    />
  );
}
