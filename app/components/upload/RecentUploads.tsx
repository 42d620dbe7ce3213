import { useHydrated } from '~/components/ui/use-hydrated';
import { useTranslation } from '~/i18n/use-translation';
import { keyOnDevice } from '~/components/ui/sealed-keys';
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
  /** An encrypted share's header: this device may have kept its key (ui/sealed-keys.ts). */
  sealedHeader: string | null;
}

/**
 * The caller's three most recent uploads (docs/product/spec.md §2), each linking to its file page.
 * An encrypted one is labelled so, and links with its key when this device uploaded it (the key is
 * read here, after the page has hydrated: the server never has it).
 */
export function RecentUploads({ files }: { files: RecentFile[] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const keys: Record<string, string | null> = hydrated
    ? Object.fromEntries(files.map((f) => [f.id, f.sealedHeader ? keyOnDevice(f.sealedHeader) : null]))
    : {};
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
                {file.sealedHeader ? (
                  // A plain anchor: the key after "#" must reach the page as it is.
                  <a
                    href={`${fileHref(file.slug)}${keys[file.id] ? `#${keys[file.id]}` : ''}`}
                    className="link block truncate font-medium"
                  >
                    {t('file.encrypted.recent')}
                  </a>
                ) : (
                  <Link to={fileHref(file.slug)} className="link block truncate font-medium" title={file.filename}>
                    {file.filename}
                  </Link>
                )}
                <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-subtle">
                  <span className="font-mono">/file/{file.slug}</span>
                  <span className="tabular-nums">{formatBytes(file.size)}</span>
                  <DateTime iso={file.createdAt} />
                  {file.sealedHeader && !keys[file.id] && <span>{t('file.encrypted.recentNoKey')}</span>}
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
