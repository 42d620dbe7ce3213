import type { ReactNode } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';
import { Icon, iconForType } from '~/components/ui/Icon';
import { formatBytes } from '~/lib/format';
import { uploadErrorText } from '~/lib/upload/upload-error';
import { ProgressBar } from './ProgressBar';
import { isFinished, type ItemStatus, type UploadItem } from './use-file-uploads';

export interface QueueActions {
  pause: (id: string) => void;
  resume: (id: string) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
  clearFinished: () => void;
}

const STATUS_STYLE: Record<ItemStatus, string> = {
  pending: 'bg-muted text-subtle',
  uploading: 'bg-brand-soft text-accent',
  paused: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  success: 'bg-success/15 text-success',
  error: 'bg-danger/10 text-danger',
  cancelled: 'bg-muted text-subtle',
};

/** A small button named by its verb and the file ("Pause report.pdf"). */
function ItemButton({
  label,
  name,
  onClick,
  icon,
  tone = 'plain',
}: {
  label: string;
  name: string;
  onClick: () => void;
  icon?: ReactNode;
  tone?: 'plain' | 'primary' | 'danger';
}) {
  const toneClass = tone === 'primary' ? 'btn-primary' : tone === 'danger' ? 'text-danger hover:bg-danger/10' : '';
  return (
    <button type="button" className={`btn px-2.5 py-1 text-xs ${toneClass}`} onClick={onClick}>
      {icon}
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

function QueueItem({
  item,
  actions,
  maxText,
  showLinks,
}: {
  item: UploadItem;
  actions: QueueActions;
  maxText: string;
  showLinks: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { file, status, progress } = item;
  const name = file.name;
  const exists = (key: string) => i18n.exists(key);
  const statusText =
    status === 'uploading' || status === 'paused'
      ? t(`upload.status.${status}`, { percent: progress.percent })
      : t(`upload.status.${status}`);
  const showProgress = status === 'uploading' || status === 'paused';
  const page = showLinks && item.result ? new URL(item.result.url, window.location.origin).toString() : null;
  const shareUrl = page && item.fragment ? `${page}#${item.fragment}` : page;
  const linkId = `${item.id}-link`;
  const busyFinishing = status === 'uploading' && (item.stage === 'processing' || item.stage === 'completing');

  const button = (kind: 'remove' | 'pause' | 'resume' | 'cancel' | 'retry') => (
    <ItemButton
      label={t(`upload.batch.${kind}`)}
      name={name}
      tone={kind === 'resume' || kind === 'retry' ? 'primary' : kind === 'cancel' ? 'danger' : 'plain'}
      onClick={() => actions[kind](item.id)}
    />
  );
  let first: ReactNode = null;
  let second: ReactNode = null;
  if (status === 'pending') first = button('remove');
  else if (status === 'paused') [first, second] = [button('resume'), button('cancel')];
  else if (status === 'uploading' && !busyFinishing)
    [first, second] = item.multipart ? [button('pause'), button('cancel')] : [button('cancel'), null];
  else if (status === 'error' || status === 'cancelled')
    [first, second] = item.tooLarge ? [button('remove'), null] : [button('retry'), button('remove')];

  return (
    <li className="px-4 py-3 sm:px-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-accent">
            <Icon name={iconForType(file.type || 'application/octet-stream')} className="h-4.5 w-4.5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <span className="min-w-0 truncate font-medium" title={name}>
                {name}
              </span>
              <span className="text-xs text-subtle tabular-nums">{formatBytes(file.size)}</span>
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
              <span className={`rounded-full px-2 py-0.5 font-medium ${STATUS_STYLE[status]}`}>{statusText}</span>
              {status === 'uploading' && <span className="text-subtle">{t(`upload.stage.${item.stage}`)}</span>}
              {status === 'pending' && item.resumeFrom !== null && !item.tooLarge && (
                <span className="text-subtle">{t('upload.batch.resumesFrom', { percent: item.resumeFrom })}</span>
              )}
            </p>
            {showProgress && (
              <div className="mt-2">
                <ProgressBar
                  label={t('upload.batch.progress', { name })}
                  percent={progress.percent}
                  tone={status === 'paused' ? 'muted' : 'brand'}
                  valueText={t('upload.batch.progressText', {
                    percent: progress.percent,
                    loaded: formatBytes(progress.loaded),
                    total: formatBytes(progress.total),
                  })}
                />
                <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-subtle tabular-nums">
                  <span>
                    {t('upload.batch.progressText', {
                      percent: progress.percent,
                      loaded: formatBytes(progress.loaded),
                      total: formatBytes(progress.total),
                    })}
                  </span>
                  {status === 'uploading' && progress.speed > 0 && (
                    <span>{t('upload.batch.speed', { speed: formatBytes(progress.speed) })}</span>
                  )}
                </p>
              </div>
            )}
            {item.tooLarge && status === 'pending' && (
              <p className="mt-1 text-xs text-danger">
                {t('upload.form.chosenTooBig', { size: formatBytes(file.size), max: maxText })}
              </p>
            )}
            {item.error && status !== 'success' && (
              <p className="mt-1 text-xs break-words text-danger">{uploadErrorText(item.error, { t, exists })}</p>
            )}
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2 sm:justify-end">
          {/* Two fixed slots, so a toggled button (Pause → Resume, Cancel → Remove) keeps the focus. */}
          {first}
          {second}
        </div>
      </div>
      {shareUrl && (
        <div className="mt-3 sm:pl-12">
          <label htmlFor={linkId} className="sr-only">
            {t('upload.batch.shareLink', { name })}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <input
              id={linkId}
              readOnly
              value={shareUrl}
              className="input min-w-0 flex-1 py-1.5 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex shrink-0 gap-2">
              <CopyButton
                text={shareUrl}
                label={t('upload.batch.copyLink', { name })}
                keyPrefix="upload.copy"
                className="py-1.5"
              />
              <a href={shareUrl} className="btn px-3 py-1.5 text-xs" target="_blank" rel="noreferrer">
                <Icon name="external" className="h-3.5 w-3.5" />
                {t('upload.batch.open')}
                <span className="sr-only"> {name}</span>
              </a>
            </div>
          </div>
        </div>
      )}
    </li>
  );
}

/** The files of the JavaScript uploader, each with its status, stage, progress, actions and link. */
export function UploadQueue({
  items,
  actions,
  maxText,
  announcement,
  showLinks = true,
}: {
  items: UploadItem[];
  actions: QueueActions;
  maxText: string;
  announcement: string;
  /** Each finished file's share link (the upload page); the explorer's files are in the listing. */
  showLinks?: boolean;
}) {
  const { t } = useTranslation();
  const finished = items.filter(isFinished).length;
  return (
    <section aria-labelledby="queue-heading" className="card min-w-0 p-0">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3 sm:px-5">
        <h2 id="queue-heading" className="text-sm font-semibold tracking-wide text-subtle uppercase">
          {t('upload.batch.listHeading')}
          {/* Seen, not part of the list's name ("Files"): screen readers count the items themselves. */}
          <span className="ml-1 tabular-nums" aria-hidden="true">
            ({items.length})
          </span>
        </h2>
        {finished > 0 && (
          <button type="button" className="btn px-2.5 py-1 text-xs" onClick={actions.clearFinished}>
            {t('upload.batch.clearDone')}
          </button>
        )}
      </div>
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <QueueItem key={item.id} item={item} actions={actions} maxText={maxText} showLinks={showLinks} />
        ))}
      </ul>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </section>
  );
}
