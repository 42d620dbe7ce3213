import { ShareStats } from '~/components/stats/ShareStats';
import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { formatBytes } from '~/lib/format';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import { Icon } from '~/components/ui/Icon';
import { fileHref, type FilePreview } from './view';

function Media({ preview }: { preview: FilePreview }) {
  const { t } = useTranslation();
  const url = preview.url;
  const frame = 'w-full rounded-lg border border-line bg-muted';
  if (preview.kind === 'text' && preview.text !== null) {
    return (
      <>
        {preview.truncated && <p className="mb-2 text-xs text-subtle">{t('fileAdmin.preview.truncated')}</p>}
        {preview.text === '' ? (
          <p className="text-sm text-subtle italic">{t('fileAdmin.preview.emptyText')}</p>
        ) : (
          <pre
            tabIndex={0}
            aria-label={t('fileAdmin.preview.textLabel')}
            className="max-h-[28rem] overflow-auto rounded-lg border border-line bg-raised p-4 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap"
          >
            {preview.text}
          </pre>
        )}
      </>
    );
  }
  if (!url) {
    const reason = preview.reason ?? 'type';
    return (
      <p className="rounded-lg bg-muted px-4 py-6 text-center text-sm text-subtle">
        {t(`fileAdmin.preview.none.${reason}`)}
      </p>
    );
  }
  switch (preview.kind) {
    case 'image':
      return (
        <img
          src={url}
          alt={preview.filename}
          className="mx-auto max-h-[28rem] max-w-full rounded-lg border border-line bg-muted object-contain"
        />
      );
    case 'video':
      return (
        <video src={url} controls preload="metadata" className={`${frame} max-h-[28rem]`}>
          <a href={url}>{t('fileAdmin.preview.openRaw')}</a>
        </video>
      );
    case 'audio':
      return (
        <audio src={url} controls preload="metadata" className="w-full">
          <a href={url}>{t('fileAdmin.preview.openRaw')}</a>
        </audio>
      );
    case 'pdf':
      return <iframe src={url} title={preview.filename} className={`${frame} h-[32rem]`} />;
    default:
      return null;
  }
}

/**
 * The content of one file share, read as its owner through the app's proxy (no view is counted; a
 * password share opens with a short-lived grant). With JavaScript the heading takes focus when the
 * panel opens, so keyboard and screen reader users land on it.
 */
export function PreviewPanel({ preview, closeTo }: { preview: FilePreview; closeTo: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [preview.id]);
  return (
    <section
      aria-labelledby="file-preview-heading"
      className="rounded-xl border border-brand/40 bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id="file-preview-heading"
            ref={heading}
            tabIndex={-1}
            className="rounded-sm font-semibold break-all focus-visible:outline-offset-4"
          >
            {t('fileAdmin.preview.heading', { name: preview.filename })}
          </h2>
          <p className="mt-0.5 text-xs text-subtle">
            {/* A folder share (issue 30) has no size or type of its own. */}
            {preview.mimetype === FOLDER_MIMETYPE
              ? t('fileAdmin.list.folderShare')
              : `${preview.mimetype} · ${formatBytes(preview.size)}`}{' '}
            · {t('fileAdmin.preview.hint')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {preview.url && (
            <a href={preview.url} target="_blank" rel="noopener" className="btn px-3 py-1 text-xs">
              <Icon name="external" className="h-3.5 w-3.5" />
              {t('fileAdmin.preview.openRaw')}
            </a>
          )}
          <Link to={fileHref(preview.slug)} className="btn px-3 py-1 text-xs">
            {t('fileAdmin.preview.open')}
          </Link>
          <Link to={closeTo} className="btn px-3 py-1 text-xs">
            <Icon name="close" className="h-3.5 w-3.5" />
            {t('fileAdmin.preview.close')}
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <Media preview={preview} />
      </div>
      <div className="mt-5 border-t border-line pt-4">
        <ShareStats stats={preview.stats} />
      </div>
    </section>
  );
}
