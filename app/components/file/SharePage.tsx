import { Link } from 'react-router';
import { PasteRemark } from '~/components/paste/PasteMeta';
import { Icon, iconForType } from '~/components/ui/Icon';
import { ShareCard, type ShareLink } from '~/components/ui/ShareCard';
import { useFocusOnArrival } from '~/components/ui/use-focus-on-arrival';
import { useTranslation } from '~/i18n/use-translation';
import { fileHref } from '~/lib/hrefs';
import { FileMeta } from './FileMeta';
import type { FileSummary } from './types';

/**
 * The frame of a file or folder share's public page: the heading, the facts, the remark, an
 * optional notice, then the page's own content beside the share card (link and QR code).
 */
export function SharePage({
  file,
  kicker,
  canManage,
  share,
  notice,
  children,
  arrived = false,
}: {
  file: FileSummary;
  kicker: string;
  canManage: boolean;
  /** Just opened by its password: the focus moves to its heading. */
  arrived?: boolean;
  /** The link and its QR code; none while an encrypted share's keyed link is not drawn (or has no key). */
  share: ShareLink | null;
  notice?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <ShareHeader file={file} kicker={kicker} canManage={canManage} arrived={arrived} />
      <FileMeta file={file} />
      <PasteRemark remark={file.remark} />
      {notice}
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-3">{children}</div>
        {share && (
          <aside className="min-w-0">
            <ShareCard share={share} hasPassword={file.hasPassword} />
          </aside>
        )}
      </div>
    </section>
  );
}

/** A share page's heading: its type's icon, the kicker, the name, its link, and the owner's edit and delete. */
function ShareHeader({
  file,
  kicker,
  canManage,
  arrived,
}: {
  file: FileSummary;
  kicker: string;
  canManage: boolean;
  arrived: boolean;
}) {
  const { t } = useTranslation();
  const heading = useFocusOnArrival<HTMLHeadingElement>(arrived);
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-1 hidden h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-accent sm:flex">
          <Icon name={iconForType(file.mimetype)} className="h-6 w-6" />
        </span>
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">{kicker}</p>
          <h1
            ref={heading}
            tabIndex={-1}
            id="page-heading"
            className="mt-0.5 text-2xl font-bold tracking-tight break-all sm:text-3xl"
          >
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
