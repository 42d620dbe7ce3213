import { useTranslation } from '~/i18n/use-translation';
import { KeyedCreatedShare } from '~/components/ui/KeyedCreatedShare';
import type { PasteLinks } from '~/lib/share-links';

export interface CreatedPaste {
  slug: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  links: PasteLinks;
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
  /** An encrypted paste's header: finds the key this page sealed it with (ui/sealed-keys.ts). */
  sealedHeader: string | null;
}

/**
 * Shown after creating a paste: the link to share, its QR code, the raw link, and "create another".
 * An encrypted paste's link carries the key this page made, and its QR code is drawn here; after a
 * reload the key is gone, and the result says it cannot be shown again.
 */
export function ShareResult({ paste }: { paste: CreatedPaste }) {
  const { t } = useTranslation();
  return (
    <KeyedCreatedShare
      kind="paste"
      share={{ ...paste, page: paste.links.page, second: paste.links.raw }}
      body={t('paste.created.body')}
      sealedHeader={paste.sealedHeader}
      drawing={t('paste.encrypted.sealing')}
      lost={t('paste.encrypted.keyLost')}
    />
  );
}
