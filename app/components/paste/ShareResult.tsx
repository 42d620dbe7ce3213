import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyButton } from '~/components/ui/CopyButton';
import { DateTime } from '~/components/ui/DateTime';
import type { PasteLinks } from '~/lib/share-links';
import { Icon } from '~/components/ui/Icon';
import { QrFigure } from '~/components/ui/QrFigure';

export interface CreatedPaste {
  slug: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  links: PasteLinks;
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
}

/** A read-only link field: selectable as text without JavaScript, with a copy button with it. */
export function LinkField({
  id,
  label,
  url,
  copyLabel,
  note,
}: {
  id: string;
  label: string;
  url: string;
  copyLabel: string;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input
          id={id}
          readOnly
          value={url}
          className="input min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
          aria-describedby={note ? `${id}-note` : undefined}
        />
        <div className="flex shrink-0 gap-2">
          <CopyButton text={url} label={copyLabel} className="py-2" />
          <a href={url} className="btn px-3 py-2 text-xs" target="_blank" rel="noreferrer">
            <Icon name="external" className="h-3.5 w-3.5" />
            {t('paste.created.open')}
          </a>
        </div>
      </div>
      {note && (
        <p id={`${id}-note`} className="mt-1 text-xs text-subtle">
          {note}
        </p>
      )}
    </div>
  );
}

/** Shown after creating a paste: the link to share, its QR code, the raw link, and "create another". */
export function ShareResult({ paste }: { paste: CreatedPaste }) {
  const { t } = useTranslation();
  const input = useRef<HTMLDivElement>(null);
  useEffect(() => {
    input.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      role="status"
      aria-labelledby="created-heading"
      className="rounded-xl border border-success/40 bg-success/5 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-5">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success text-white">
              <Icon name="check" className="h-4 w-4" />
            </span>
            <div className="min-w-0">
              <h2 id="created-heading" className="text-lg font-semibold">
                {t('paste.created.heading')}
              </h2>
              <p className="mt-1 text-sm text-subtle">{t('paste.created.body')}</p>
              {paste.hasPassword && <p className="text-sm text-subtle">{t('paste.created.passwordNote')}</p>}
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
                <li className="inline-flex items-center gap-1">
                  <Icon name="clock" className="h-3.5 w-3.5" />
                  {paste.expiresAt ? (
                    <span>
                      {t('paste.view.expires')} <DateTime iso={paste.expiresAt} />
                    </span>
                  ) : (
                    t('paste.created.neverExpires')
                  )}
                </li>
                <li className="inline-flex items-center gap-1">
                  <Icon name="eye" className="h-3.5 w-3.5" />
                  {paste.maxViews
                    ? t('paste.created.maxViews', { count: paste.maxViews })
                    : t('paste.created.unlimitedViews')}
                </li>
                {paste.hasPassword && (
                  <li className="inline-flex items-center gap-1">
                    <Icon name="lock" className="h-3.5 w-3.5" />
                    {t('paste.form.password')}
                  </li>
                )}
              </ul>
            </div>
          </div>
          <div ref={input}>
            <LinkField
              id="share-link"
              label={t('paste.created.link')}
              url={paste.links.page}
              copyLabel={t('paste.created.copyLink')}
            />
          </div>
          <LinkField
            id="raw-link"
            label={t('paste.created.raw')}
            url={paste.links.raw}
            copyLabel={t('paste.created.copyRaw')}
            note={paste.hasPassword ? t('paste.created.rawPasswordNote') : undefined}
          />
          <Link to="/" className="btn btn-primary">
            <Icon name="plus" />
            {t('paste.created.createAnother')}
          </Link>
        </div>
        <QrFigure
          src={paste.qr}
          alt={t('paste.created.qr')}
          caption={<span className="font-mono break-all">/paste/{paste.slug}</span>}
          className="shrink-0 self-center md:self-start"
        />
      </div>
    </section>
  );
}
