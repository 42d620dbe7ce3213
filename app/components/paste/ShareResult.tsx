import { useTranslation } from '~/i18n/use-translation';
import { CreatedShare } from '~/components/ui/CreatedShare';
import type { PasteLinks } from '~/lib/share-links';

export interface CreatedPaste {
  slug: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  links: PasteLinks;
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
}

/** Shown after creating a paste: the link to share, its QR code, the raw link, and "create another". */
export function ShareResult({ paste }: { paste: CreatedPaste }) {
  const { t } = useTranslation();
  const share = { ...paste, page: paste.links.page, second: paste.links.raw };
  return <CreatedShare kind="paste" share={share} body={t('paste.created.body')} />;
}
