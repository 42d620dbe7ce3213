import { useTranslation } from '~/i18n/use-translation';
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
  const body = t('upload.result.body', { name: file.filename, size: formatBytes(file.size) });
  return (
    <CreatedShare kind="file" share={{ ...file, page: file.links.page, second: file.links.download }} body={body} />
  );
}
