import { useTranslation } from '~/i18n/use-translation';
import { CopyButton } from '~/components/ui/CopyButton';
import { Icon } from '~/components/ui/Icon';
import { QrFigure } from '~/components/ui/QrFigure';

/** A share page's address and its QR code (an SVG data URL made on the server). */
export interface ShareLink {
  page: string;
  qr: string;
}

/**
 * The share card of a paste or file page: the link, selectable without JavaScript and copyable with
 * it, and its QR code. A password share says visitors will need the password.
 */
export function ShareCard({ share, hasPassword }: { share: ShareLink; hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="share-heading" className="card space-y-4 p-5">
      <h2
        id="share-heading"
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-subtle uppercase"
      >
        <Icon name="link" className="h-4 w-4" />
        {t('common.share.heading')}
      </h2>
      <div>
        <label htmlFor="share-link" className="sr-only">
          {t('common.share.link')}
        </label>
        <input
          id="share-link"
          readOnly
          value={share.page}
          className="input font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-2">
          <CopyButton text={share.page} label={t('common.share.copy')} />
        </div>
      </div>
      <QrFigure
        src={share.qr}
        alt={t('common.share.qr')}
        caption={hasPassword ? t('common.share.passwordNote') : t('common.share.scan')}
        size="small"
        className="flex flex-col items-center"
      />
    </section>
  );
}
