import type { TFunction } from 'i18next';
import type { PickerTree } from '~/components/explorer/FolderPicker';
import {
  AskButton,
  ConfirmDialog,
  ConfirmStep,
  useConfirm,
  type ConfirmQuestion,
} from '~/components/admin-list/Confirm';
import { FormAlert } from '~/components/ui/FormAlert';
import { useTranslation } from '~/i18n/use-translation';
import { CreateRequestForm } from './CreateRequestForm';
import { RequestDetail } from './RequestDetail';
import { RequestList } from './RequestList';
import { REQUESTS_PATH, type ArrivalRow, type ConfirmRequest, type CreateValues, type RequestRow } from './types';

export interface RequestAdminData {
  requests: RequestRow[];
  open: { request: RequestRow; arrivals: ArrivalRow[] } | null;
  folders: string[];
  notice: 'created' | 'saved' | 'reopened' | 'closed' | 'deleted' | null;
  /** A folder to open the form on (the explorer's "Request files here"). */
  folder: string | null;
  /** Share links that show that folder to their visitors. */
  folderShares: number;
  /** The folder picker's tree, open at that folder. */
  tree: PickerTree | null;
}

function questionOf(t: TFunction, request: ConfirmRequest): ConfirmQuestion {
  const close = request.intent === 'close';
  return {
    heading: t(close ? 'requestAdmin.confirm.closeHeading' : 'requestAdmin.confirm.deleteHeading'),
    body: t(close ? 'requestAdmin.confirm.closeBody' : 'requestAdmin.confirm.deleteBody'),
    names: request.title ? [request.title] : [],
    total: 1,
    confirmLabel: t(close ? 'requestAdmin.confirm.yesClose' : 'requestAdmin.confirm.yesDelete'),
    fields: [
      ['intent', request.intent],
      ['id', request.id],
    ],
  };
}

/**
 * The upload requests module (issue 30): a request's creation form, the caller's requests, and what
 * arrived through the open one, with closing and deleting asked once first (a dialog with
 * JavaScript, a confirmation step without).
 */
export function RequestAdminPage({
  data,
  confirm,
  failed,
}: {
  data: RequestAdminData;
  confirm?: ConfirmRequest;
  failed?: { formError: string; fieldErrors?: Record<string, string>; values?: CreateValues; intent?: string };
}) {
  const { t } = useTranslation();
  const dialog = useConfirm<ConfirmRequest>();
  const back = data.open ? `${REQUESTS_PATH}?open=${data.open.request.id}` : REQUESTS_PATH;
  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <header>
        <h1 id="page-heading" className="text-2xl font-semibold tracking-tight">
          {t('pages.admin.uploadRequests')}
        </h1>
        <p className="mt-1 text-sm text-subtle">{t('requestAdmin.intro')}</p>
      </header>
      {data.notice && (
        <FormAlert tone="success" takeFocus>
          {t(`requestAdmin.notice.${data.notice}`)}
        </FormAlert>
      )}
      {failed && failed.intent !== 'create' && <FormAlert>{failed.formError}</FormAlert>}
      {confirm && <ConfirmStep question={questionOf(t, confirm)} cancelTo={back} />}
      {data.open && (
        <RequestDetail
          {...data.open}
          onAsk={dialog.ask}
          editError={failed?.intent === 'update' ? (failed.fieldErrors ?? {}) : undefined}
        />
      )}
      <RequestList requests={data.requests} openId={data.open?.request.id ?? null} />
      <CreateRequestForm
        folders={data.folders}
        folder={data.folder}
        folderShares={data.folderShares}
        tree={data.tree}
        failed={failed?.intent === 'create' ? failed : undefined}
        startOpen={data.requests.length === 0 || data.folder !== null}
      />
      <ConfirmDialog question={dialog.request && questionOf(t, dialog.request)} onClose={dialog.close} />
    </section>
  );
}

/** Close or delete, asked first: the dialog with JavaScript, the action's confirmation step without. */
export function AskingButton({
  request,
  label,
  onAsk,
}: {
  request: ConfirmRequest;
  label: string;
  onAsk: (request: ConfirmRequest) => void;
}) {
  return (
    <AskButton
      fields={[
        ['intent', request.intent],
        ['id', request.id],
        ['title', request.title],
      ]}
      label={label}
      className={request.intent === 'delete' ? 'btn btn-danger' : 'btn'}
      onAsk={() => onAsk(request)}
    />
  );
}
