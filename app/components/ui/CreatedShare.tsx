import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import { LinkField } from '~/components/ui/LinkField';
import { QrFigure } from '~/components/ui/QrFigure';

/** The words of each kind of new share: translation keys, and where its page and QR code lead. */
const KINDS = {
  paste: {
    headingId: 'created-heading',
    heading: 'paste.created.heading',
    passwordNote: 'paste.created.passwordNote',
    expires: 'paste.view.expires',
    neverExpires: 'paste.created.neverExpires',
    maxViews: 'paste.created.maxViews',
    unlimitedViews: 'paste.created.unlimitedViews',
    protected: 'paste.form.password',
    link: 'paste.created.link',
    copyLink: 'paste.created.copyLink',
    second: {
      id: 'raw-link',
      label: 'paste.created.raw',
      copy: 'paste.created.copyRaw',
      note: 'paste.created.rawPasswordNote',
    },
    another: { to: '/', label: 'paste.created.createAnother' },
    qr: 'paste.created.qr',
    path: '/paste/',
  },
  file: {
    headingId: 'uploaded-heading',
    heading: 'upload.result.heading',
    passwordNote: 'upload.result.passwordNote',
    expires: 'file.meta.expires',
    neverExpires: 'upload.result.neverExpires',
    maxViews: 'upload.result.maxViews',
    unlimitedViews: 'upload.result.unlimitedViews',
    protected: 'upload.result.protected',
    link: 'upload.result.link',
    copyLink: 'upload.result.copyLink',
    second: {
      id: 'download-link',
      label: 'upload.result.download',
      copy: 'upload.result.copyDownload',
      note: 'upload.result.downloadPasswordNote',
    },
    another: { to: '/upload', label: 'upload.result.another' },
    qr: 'upload.result.qr',
    path: '/file/',
  },
} as const;

/** A new share as the result shows it; `second` is the raw text link of a paste, the download link of a file. */
export interface NewShare {
  slug: string;
  hasPassword: boolean;
  expiresAt: string | null;
  maxViews: number | null;
  page: string;
  /** Absent for an encrypted file: its download is ciphertext, only its page opens it. */
  second?: string;
  /** The share link as a QR code (an SVG data URL made on the server). */
  qr: string;
}

/**
 * Shown after a paste is created or a file uploaded: the link to share (focused), its QR code, the
 * second link, the share's rules, and a way to make another, in the words of its kind.
 */
export function CreatedShare({ kind, share, body }: { kind: keyof typeof KINDS; share: NewShare; body: string }) {
  const { t } = useTranslation();
  const words = KINDS[kind];
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      role="status"
      aria-labelledby={words.headingId}
      className="rounded-xl border border-success/40 bg-success/5 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-5">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success-solid text-white">
              <Icon name="check" className="h-4 w-4" />
            </span>
            <div className="min-w-0">
              <h2 id={words.headingId} className="text-lg font-semibold">
                {t(words.heading)}
              </h2>
              <p className="mt-1 text-sm break-all text-subtle">{body}</p>
              {share.hasPassword && <p className="text-sm text-subtle">{t(words.passwordNote)}</p>}
              <ShareFacts kind={kind} share={share} />
            </div>
          </div>
          <div ref={first}>
            <LinkField id="share-link" label={t(words.link)} url={share.page} copyLabel={t(words.copyLink)} />
          </div>
          {share.second && (
            <LinkField
              id={words.second.id}
              label={t(words.second.label)}
              url={share.second}
              copyLabel={t(words.second.copy)}
              note={share.hasPassword ? t(words.second.note) : undefined}
            />
          )}
          <Link to={words.another.to} className="btn btn-primary">
            <Icon name="plus" />
            {t(words.another.label)}
          </Link>
        </div>
        <QrFigure
          src={share.qr}
          alt={t(words.qr)}
          caption={<span className="font-mono break-all">{`${words.path}${share.slug}`}</span>}
          className="shrink-0 self-center md:self-start"
        />
      </div>
    </section>
  );
}

/** A new share's rules, in a line of small facts: when it expires, how many views, a password. */
export function ShareFacts({
  kind,
  share,
}: {
  kind: keyof typeof KINDS;
  share: Pick<NewShare, 'expiresAt' | 'maxViews' | 'hasPassword'>;
}) {
  const { t } = useTranslation();
  const words = KINDS[kind];
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
      <li className="inline-flex items-center gap-1">
        <Icon name="clock" className="h-3.5 w-3.5" />
        {share.expiresAt ? (
          <span>
            {t(words.expires)} <DateTime iso={share.expiresAt} />
          </span>
        ) : (
          t(words.neverExpires)
        )}
      </li>
      <li className="inline-flex items-center gap-1">
        <Icon name="eye" className="h-3.5 w-3.5" />
        {share.maxViews ? t(words.maxViews, { count: share.maxViews }) : t(words.unlimitedViews)}
      </li>
      {share.hasPassword && (
        <li className="inline-flex items-center gap-1">
          <Icon name="lock" className="h-3.5 w-3.5" />
          {t(words.protected)}
        </li>
      )}
    </ul>
  );
}
