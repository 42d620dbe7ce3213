import { useTranslation } from 'react-i18next';
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
  return (
    <CreatedShare
      heading={{ id: 'created-heading', text: t('paste.created.heading') }}
      body={t('paste.created.body')}
      passwordNote={paste.hasPassword ? t('paste.created.passwordNote') : null}
      facts={{
        expiresAt: paste.expiresAt,
        expiresLabel: t('paste.view.expires'),
        neverExpires: t('paste.created.neverExpires'),
        views: paste.maxViews
          ? t('paste.created.maxViews', { count: paste.maxViews })
          : t('paste.created.unlimitedViews'),
        protectedLabel: paste.hasPassword ? t('paste.form.password') : null,
      }}
      links={[
        {
          id: 'share-link',
          label: t('paste.created.link'),
          url: paste.links.page,
          copyLabel: t('paste.created.copyLink'),
        },
        {
          id: 'raw-link',
          label: t('paste.created.raw'),
          url: paste.links.raw,
          copyLabel: t('paste.created.copyRaw'),
          note: paste.hasPassword ? t('paste.created.rawPasswordNote') : undefined,
        },
      ]}
      another={{ to: '/', label: t('paste.created.createAnother') }}
      qr={{ src: paste.qr, alt: t('paste.created.qr'), path: `/paste/${paste.slug}` }}
    />
  );
}
