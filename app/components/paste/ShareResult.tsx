import { useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { CreatedShare } from '~/components/ui/CreatedShare';
import { FormAlert } from '~/components/ui/FormAlert';
import { useKeyedShare } from '~/components/ui/use-keyed-share';
import type { PasteLinks } from '~/lib/share-links';
import { keyFor } from './sealed-keys';

export interface CreatedPaste {
  slug: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  links: PasteLinks;
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
  /** An encrypted paste's header: finds the key this page sealed it with (sealed-keys.ts). */
  sealedHeader: string | null;
}

/**
 * Shown after creating a paste: the link to share, its QR code, the raw link, and "create another".
 * An encrypted paste's link carries the key this page made, and its QR code is drawn here; after a
 * reload the key is gone, and the result says it cannot be shown again.
 */
export function ShareResult({ paste }: { paste: CreatedPaste }) {
  const { t } = useTranslation();
  const [key] = useState(() => (paste.sealedHeader ? keyFor(paste.sealedHeader) : null));
  const keyed = useKeyedShare(paste.sealedHeader ? paste.links.page : null, key);
  const plain = { ...paste, page: paste.links.page, second: paste.links.raw };
  if (paste.sealedHeader && key && !keyed) return <p role="status">{t('paste.encrypted.sealing')}</p>;
  return (
    <>
      {paste.sealedHeader && !key && <FormAlert tone="warning">{t('paste.encrypted.keyLost')}</FormAlert>}
      <CreatedShare kind="paste" share={keyed ? { ...plain, ...keyed } : plain} body={t('paste.created.body')} />
    </>
  );
}
