import { useTranslation } from 'react-i18next';
import { CreatedShare } from '~/components/ui/CreatedShare';
import { formatBytes } from '~/lib/format';

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
  return (
    <CreatedShare
      heading={{ id: 'uploaded-heading', text: t('upload.result.heading') }}
      body={t('upload.result.body', { name: file.filename, size: formatBytes(file.size) })}
      passwordNote={file.hasPassword ? t('upload.result.passwordNote') : null}
      facts={{
        expiresAt: file.expiresAt,
        expiresLabel: t('file.meta.expires'),
        neverExpires: t('upload.result.neverExpires'),
        views: file.maxViews
          ? t('upload.result.maxViews', { count: file.maxViews })
          : t('upload.result.unlimitedViews'),
        protectedLabel: file.hasPassword ? t('upload.result.protected') : null,
      }}
      links={[
        {
          id: 'share-link',
          label: t('upload.result.link'),
          url: file.links.page,
          copyLabel: t('upload.result.copyLink'),
        },
        {
          id: 'download-link',
          label: t('upload.result.download'),
          url: file.links.download,
          copyLabel: t('upload.result.copyDownload'),
          note: file.hasPassword ? t('upload.result.downloadPasswordNote') : undefined,
        },
      ]}
      another={{ to: '/upload', label: t('upload.result.another') }}
      qr={{ src: file.qr, alt: t('upload.result.qr'), path: `/file/${file.slug}` }}
    />
  );
}
