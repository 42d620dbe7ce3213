import { useTranslation } from '~/i18n/use-translation';
import { KeyedCreatedShare } from '~/components/ui/KeyedCreatedShare';
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
  /** An encrypted file's header: finds the key this page sealed it with (ui/sealed-keys.ts). */
  sealedHeader: string | null;
}

/**
 * Shown after an upload: the share link, its QR code, the direct download link, and "upload
 * another". An encrypted file's link carries its key, and it has no direct download worth sharing.
 */
export function UploadResult({ file }: { file: UploadedFile }) {
  const { t } = useTranslation();
  const sealed = file.sealedHeader !== null;
  const body = sealed
    ? t('file.encrypted.resultBody', { size: formatBytes(file.size) })
    : t('upload.result.body', { name: file.filename, size: formatBytes(file.size) });
  return (
    <KeyedCreatedShare
      kind="file"
      share={{ ...file, page: file.links.page, second: sealed ? undefined : file.links.download }}
      body={body}
      sealedHeader={file.sealedHeader}
      drawing={t('file.encrypted.sealing')}
      lost={t('file.encrypted.keyLost')}
    />
  );
}
