import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { DateTime } from '~/components/ui/DateTime';
import { Icon } from '~/components/ui/Icon';
import { LinkField } from '~/components/ui/LinkField';
import { QrFigure } from '~/components/ui/QrFigure';

/** A link of a new share as CreatedShare lists it. */
interface ShareLinkField {
  id: string;
  label: string;
  url: string;
  copyLabel: string;
  note?: string;
}

export interface CreatedShareProps {
  /** The heading's id and words ("Paste created", "File uploaded"). */
  heading: { id: string; text: string };
  /** What was made, and a line about the password when it has one. */
  body: ReactNode;
  passwordNote: string | null;
  /** The share's rules as short facts: expiry, view limit, password. */
  facts: {
    expiresAt: string | null;
    expiresLabel: string;
    neverExpires: string;
    views: string;
    protectedLabel: string | null;
  };
  /** The share page link (focused on arrival) and the second link (raw text, direct download). */
  links: [ShareLinkField, ShareLinkField];
  another: { to: string; label: string };
  qr: { src: string; alt: string; path: string };
}

/**
 * Shown after a paste is created or a file uploaded: the link to share (focused), its QR code, the
 * second link, the share's rules, and a way to make another. The paste and upload pages give it
 * their words.
 */
export function CreatedShare({ heading, body, passwordNote, facts, links, another, qr }: CreatedShareProps) {
  const first = useRef<HTMLDivElement>(null);
  useEffect(() => {
    first.current?.querySelector('input')?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      role="status"
      aria-labelledby={heading.id}
      className="rounded-xl border border-success/40 bg-success/5 p-5 sm:p-6"
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-start">
        <div className="min-w-0 flex-1 space-y-5">
          <div className="flex items-start gap-3">
            <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-success text-white">
              <Icon name="check" className="h-4 w-4" />
            </span>
            <div className="min-w-0">
              <h2 id={heading.id} className="text-lg font-semibold">
                {heading.text}
              </h2>
              <p className="mt-1 text-sm break-all text-subtle">{body}</p>
              {passwordNote && <p className="text-sm text-subtle">{passwordNote}</p>}
              <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-subtle">
                <li className="inline-flex items-center gap-1">
                  <Icon name="clock" className="h-3.5 w-3.5" />
                  {facts.expiresAt ? (
                    <span>
                      {facts.expiresLabel} <DateTime iso={facts.expiresAt} />
                    </span>
                  ) : (
                    facts.neverExpires
                  )}
                </li>
                <li className="inline-flex items-center gap-1">
                  <Icon name="eye" className="h-3.5 w-3.5" />
                  {facts.views}
                </li>
                {facts.protectedLabel && (
                  <li className="inline-flex items-center gap-1">
                    <Icon name="lock" className="h-3.5 w-3.5" />
                    {facts.protectedLabel}
                  </li>
                )}
              </ul>
            </div>
          </div>
          <div ref={first}>
            <LinkField {...links[0]} />
          </div>
          <LinkField {...links[1]} />
          <Link to={another.to} className="btn btn-primary">
            <Icon name="plus" />
            {another.label}
          </Link>
        </div>
        <QrFigure
          src={qr.src}
          alt={qr.alt}
          caption={<span className="font-mono break-all">{qr.path}</span>}
          className="shrink-0 self-center md:self-start"
        />
      </div>
    </section>
  );
}
