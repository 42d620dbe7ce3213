import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { PasteRemark } from '~/components/paste/PasteMeta';
import { FormAlert } from '~/components/ui/FormAlert';
import { FilePreviewPanel } from './FilePreviewPanel';
import { FileMeta } from './FileMeta';
import { ShareCard, type ShareLink } from '~/components/ui/ShareCard';
import { Icon, iconForType } from '~/components/ui/Icon';
import type { FileContent, FileSummary } from './types';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { fileHref } from '~/lib/hrefs';

/**
 * The public page of a file share: its name and facts, the remark, then either the password prompt
 * or the preview with the download button, and the share link with its QR code beside it. The owner
 * or an admin also gets edit and delete.
 */
export function FileView({
  file,
  content,
  share,
  canManage,
  unlockError,
  grantExpired,
}: {
  file: FileSummary;
  /** Null while the share is locked. */
  content: FileContent | null;
  share: ShareLink;
  canManage: boolean;
  unlockError?: string;
  grantExpired?: boolean;
}) {
  const { t } = useTranslation();
  const lastView = content !== null && file.maxViews !== null && file.views >= file.maxViews;
  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <ShareHeader file={file} kicker={t('pages.file.heading')} canManage={canManage} />
      <FileMeta file={file} />
      <PasteRemark remark={file.remark} />
      {lastView && <FormAlert>{t('file.view.lastView')}</FormAlert>}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0">
          {content ? (
            <FilePreviewPanel file={file} content={content} />
          ) : (
            <UnlockForm
              keyPrefix="file.unlock"
              icon={<Icon name="lock" className="h-5 w-5" />}
              buttonIcon={<Icon name="lock" />}
              error={unlockError}
              notice={grantExpired ? t('file.unlock.grantExpired') : undefined}
              className="w-full"
              formClassName="max-w-md"
              buttonClassName="w-full sm:w-auto"
            />
          )}
        </div>
        <aside className="min-w-0">
          <ShareCard share={share} hasPassword={file.hasPassword} />
        </aside>
      </div>
    </section>
  );
}

/** A share page's heading: its type's icon, the kicker, the name, its link, and the owner's edit and delete. */
export function ShareHeader({ file, kicker, canManage }: { file: FileSummary; kicker: string; canManage: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-1 hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-accent sm:flex">
          <Icon name={iconForType(file.mimetype)} className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">{kicker}</p>
          <h1 id="page-heading" className="mt-0.5 text-2xl font-bold tracking-tight break-all sm:text-3xl">
            {file.filename}
          </h1>
          <p className="mt-1 font-mono text-sm break-all text-subtle">/file/{file.slug}</p>
        </div>
      </div>
      {canManage && (
        <div className="flex shrink-0 gap-2">
          <Link to={fileHref(file.slug, 'edit')} className="btn px-3 py-1.5 text-xs">
            <Icon name="edit" className="h-3.5 w-3.5" />
            {t('file.actions.edit')}
          </Link>
          <Link
            to={fileHref(file.slug, 'delete')}
            className="btn px-3 py-1.5 text-xs text-danger hover:border-danger/40 hover:bg-danger/10"
          >
            <Icon name="trash" className="h-3.5 w-3.5" />
            {t('file.actions.delete')}
          </Link>
        </div>
      )}
    </header>
  );
}
