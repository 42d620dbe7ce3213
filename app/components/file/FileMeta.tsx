import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { formatBytes } from '~/lib/format';
import { Icon, type IconName } from '~/components/ui/Icon';
import { FOLDER_MIMETYPE } from '~/lib/mime';
import type { FileSummary } from './types';

/** One term and its value: a <dl>'s <div> may hold nothing but them, so the icon sits in the term. */
function Item({ icon, label, children }: { icon: IconName; label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-xs text-subtle">
        <Icon name={icon} className="h-3.5 w-3.5 shrink-0" />
        {label}
      </dt>
      <dd className="mt-0.5 text-sm font-medium break-words text-ink">{children}</dd>
    </div>
  );
}

/**
 * Size, type, creation, views (of the maximum) and expiry of a file share, as a description list;
 * a folder share has no size or type of its own (before its password too, and on its owner's page).
 */
export function FileMeta({ file }: { file: FileSummary }) {
  const { t } = useTranslation();
  const folder = file.mimetype === FOLDER_MIMETYPE;
  const views = file.maxViews
    ? t('file.meta.viewsOf', { views: file.views, max: file.maxViews })
    : t('file.meta.viewsUnlimited', { views: file.views });
  return (
    <dl className="grid grid-cols-2 gap-x-5 gap-y-4 rounded-xl border border-line bg-raised p-4 sm:grid-cols-3 lg:grid-cols-5">
      {!folder && (
        <>
          <Item icon="database" label={t('file.meta.size')}>
            <span className="tabular-nums">{formatBytes(file.size)}</span>
          </Item>
          <Item icon="tag" label={t('file.meta.type')}>
            <span className="block truncate font-mono text-xs" title={file.mimetype}>
              {file.mimetype}
            </span>
          </Item>
        </>
      )}
      <Item icon="calendar" label={folder ? t('file.meta.shared') : t('file.meta.created')}>
        <DateTime iso={file.createdAt} />
      </Item>
      <Item icon="eye" label={t('file.meta.views')}>
        <span className="tabular-nums">{views}</span>
      </Item>
      <Item icon="clock" label={t('file.meta.expires')}>
        {file.expiresAt ? <DateTime iso={file.expiresAt} /> : t('file.meta.never')}
      </Item>
    </dl>
  );
}
