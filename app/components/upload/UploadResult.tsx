import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { DateTime } from '~/components/ui/DateTime';
import { LinkField } from '~/components/paste/ShareResult';
import { formatBytes } from '~/lib/format';
import { QrFigure } from '~/components/ui/QrFigure';

export interface UploadedFile {
  slug: string;
  filename: string;
  size: number;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  links: { page: string; download: string };
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
}

/** Shown after an upload: the share link, its QR code, the direct download link, and "upload another". */
export function UploadResult({ file }: { file: UploadedFile }) {
  const { t } = useTranslation();
  const links = useRef<HTMLDivElement>(null);
  useEffect(() => {
    links.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      role="status"
      aria-labelledby="uploaded-heading"
      className="rounded-xl border border-success/40 bg-success/5 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-5">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success text-white">
              <Icon name="check" className="h-4 w-4" />
            </span>
            <div className="min-w-0">
              <h2 id="uploaded-heading" className="text-lg font-semibold">
                {t('upload.result.heading')}
              </h2>
              <p className="mt-1 text-sm break-all text-subtle">
                {t('upload.result.body', { name: file.filename, size: formatBytes(file.size) })}
              </p>
              {file.hasPassword && <p className="text-sm text-subtle">{t('upload.result.passwordNote')}</p>}
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
                <li className="inline-flex items-center gap-1">
                  <Icon name="clock" className="h-3.5 w-3.5" />
                  {file.expiresAt ? (
                    <span>
                      {t('file.meta.expires')} <DateTime iso={file.expiresAt} />
                    </span>
                  ) : (
                    t('upload.result.neverExpires')
                  )}
                </li>
                <li className="inline-flex items-center gap-1">
                  <Icon name="eye" className="h-3.5 w-3.5" />
                  {file.maxViews
                    ? t('upload.result.maxViews', { count: file.maxViews })
                    : t('upload.result.unlimitedViews')}
                </li>
                {file.hasPassword && (
                  <li className="inline-flex items-center gap-1">
                    <Icon name="lock" className="h-3.5 w-3.5" />
                    {t('upload.result.protected')}
                  </li>
                )}
              </ul>
            </div>
          </div>
          <div ref={links}>
            <LinkField
              id="share-link"
              label={t('upload.result.link')}
              url={file.links.page}
              copyLabel={t('upload.result.copyLink')}
            />
          </div>
          <LinkField
            id="download-link"
            label={t('upload.result.download')}
            url={file.links.download}
            copyLabel={t('upload.result.copyDownload')}
            note={file.hasPassword ? t('upload.result.downloadPasswordNote') : undefined}
          />
          <Link to="/upload" className="btn btn-primary">
            <Icon name="plus" />
            {t('upload.result.another')}
          </Link>
        </div>
        <QrFigure
          src={file.qr}
          alt={t('upload.result.qr')}
          caption={<span className="font-mono break-all">/file/{file.slug}</span>}
          className="shrink-0 self-center md:self-start"
        />
      </div>
    </section>
  );
}
