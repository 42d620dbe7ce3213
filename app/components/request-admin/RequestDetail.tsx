import { Link } from 'react-router';
import { DateTime } from '~/components/ui/DateTime';
import { LinkField } from '~/components/ui/LinkField';
import { useTranslation } from '~/i18n/use-translation';
import { explorerHref } from '~/lib/explorer';
import { formatBytes } from '~/lib/format';
import { AskingButton } from './RequestAdminPage';
import { EditRequestForm } from './EditRequestForm';
import { REQUESTS_PATH, type ArrivalRow, type ConfirmRequest, type RequestRow } from './types';

/** One request opened: its link, its folder, what arrived (with the uploaders' notes), close and delete. */
export function RequestDetail({
  request,
  arrivals,
  onAsk,
  editError,
}: {
  request: RequestRow;
  arrivals: ArrivalRow[];
  onAsk: (request: ConfirmRequest) => void;
  /** The edit form's refusal, by field. */
  editError?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const asked = (intent: ConfirmRequest['intent']) => ({ intent, id: request.id, title: request.title });
  // The request's own folder as the explorer names it (no trailing "/").
  const folder = request.folderPath && (request.folderPath.replace(/\/$/, '') || '/');
  return (
    <section aria-labelledby="detail-heading" className="card space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="detail-heading" className="min-w-0 text-lg font-semibold break-words">
          {t('requestAdmin.detail.heading', { title: request.title })}
        </h2>
        <Link to={REQUESTS_PATH} className="btn btn-sm">
          {t('requestAdmin.detail.hide')}
        </Link>
      </div>
      <LinkField
        id="request-link"
        label={t('requestAdmin.list.link')}
        url={request.url}
        copyLabel={t('requestAdmin.list.copy')}
      />
      {request.folderPath ? (
        <p className="text-sm">
          <span className="text-subtle">{t('requestAdmin.detail.folder')}: </span>
          <Link to={explorerHref(folder!)} className="font-mono break-all hover:underline">
            {request.folderPath}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-subtle">{t('requestAdmin.detail.shares')}</p>
      )}
      {arrivals.length === 0 ? (
        <p className="text-sm text-subtle">{t('requestAdmin.detail.empty')}</p>
      ) : (
        <ul className="divide-y divide-border text-sm" aria-label={t('requestAdmin.list.files')}>
          {arrivals.map((a) => (
            <li key={a.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {a.shareUrl ? (
                  <Link to={a.shareUrl} className="link min-w-0 font-medium break-all">
                    {a.name}
                  </Link>
                ) : request.folderPath ? (
                  // Into a folder: the file where it landed, opened in the explorer.
                  <Link to={explorerHref(folder!, { preview: a.name })} className="link min-w-0 font-medium break-all">
                    {a.name}
                  </Link>
                ) : (
                  <span className="min-w-0 font-medium break-all">{a.name}</span>
                )}
                <span className="text-subtle">
                  {formatBytes(a.size)} · <DateTime iso={a.createdAt} />
                </span>
              </div>
              {a.note && <p className="mt-1 whitespace-pre-line break-words text-subtle">{a.note}</p>}
            </li>
          ))}
        </ul>
      )}
      <EditRequestForm request={request} error={editError} />
      <div className="flex flex-wrap gap-3">
        {(request.state === 'open' || request.state === 'full') && (
          <AskingButton request={asked('close')} label={t('requestAdmin.detail.close')} onAsk={onAsk} />
        )}
        <AskingButton request={asked('delete')} label={t('requestAdmin.detail.delete')} onAsk={onAsk} />
      </div>
    </section>
  );
}
