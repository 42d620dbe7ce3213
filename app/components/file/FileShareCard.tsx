import { useTranslation } from 'react-i18next';
import { CopyButton } from '~/components/ui/CopyButton';
import { Icon } from '~/components/ui/Icon';
import type { FileShareLink } from './types';

/** The share link of a file page, selectable without JavaScript and copyable with it, and its QR code. */
export function FileShareCard({ share, hasPassword }: { share: FileShareLink; hasPassword: boolean }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="share-heading" className="card space-y-4 p-5">
      <h2
        id="share-heading"
        className="flex items-center gap-2 text-sm font-semibold tracking-wide text-subtle uppercase"
      >
        <Icon name="link" className="h-4 w-4" />
        {t('file.share.heading')}
      </h2>
      <div>
        <label htmlFor="file-share-link" className="sr-only">
          {t('file.share.link')}
        </label>
        <input
          id="file-share-link"
          readOnly
          value={share.page}
          className="input font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="mt-2">
          <CopyButton text={share.page} label={t('file.share.copy')} />
        </div>
      </div>
      <figure className="flex flex-col items-center">
        <img
          src={share.qr}
          alt={t('file.share.qr')}
          width={160}
          height={160}
          className="h-40 w-40 rounded-lg border border-line bg-white p-2"
        />
        <figcaption className="mt-2 text-center text-xs text-subtle">
          {hasPassword ? t('file.share.passwordNote') : t('file.share.scan')}
        </figcaption>
      </figure>
    </section>
  );
}
