import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon, iconForType } from '~/components/ui/Icon';
import { DateTime } from '~/components/ui/DateTime';
import { formatBytes } from '~/lib/format';
import { fileHref } from '~/lib/hrefs';

export interface RecentFile {
  id: string;
  slug: string;
  filename: string;
  mimetype: string;
  size: number;
  hasPassword: boolean;
  createdAt: string;
  expiresAt: string | null;
}

/** The caller's three most recent uploads (docs/product/spec.md §2), each linking to its file page. */
export function RecentUploads({ files }: { files: RecentFile[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="text-lg font-semibold">
        {t('upload.recent.heading')}
      </h2>
      {files.length === 0 ? (
        <p className="mt-2 text-sm text-subtle">{t('upload.recent.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line bg-raised">
          {files.map((file) => (
            <li key={file.id} className="flex items-center gap-3 px-4 py-3">
              <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-accent">
                <Icon name={iconForType(file.mimetype)} className="h-4.5 w-4.5" />
              </span>
              <div className="min-w-0 flex-1">
                <Link to={fileHref(file.slug)} className="link block truncate font-medium" title={file.filename}>
                  {file.filename}
                </Link>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-subtle">
                  <span className="font-mono">/file/{file.slug}</span>
                  <span className="tabular-nums">{formatBytes(file.size)}</span>
                  <DateTime iso={file.createdAt} />
                  {file.hasPassword && (
                    <span className="inline-flex items-center gap-1">
                      <Icon name="lock" className="h-3 w-3" />
                      {t('upload.recent.protected')}
                    </span>
                  )}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
