import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from './Icon';
import { IconHeading } from './IconHeading';
import { fragmentSecret } from '~/lib/e2e/paste';

/**
 * The parts every encrypted share's page has (docs/encryption.md), a paste's or a file's: the key
 * from the address's fragment, which never leaves the browser; the notice when it cannot open; the
 * badge in place of what the server cannot read.
 */

/** A key typed or pasted into the address after the page opened arrives as a hash change. */
const subscribe = (changed: () => void) => {
  window.addEventListener('hashchange', changed);
  return () => window.removeEventListener('hashchange', changed);
};
let kept: { path: string; fragment: string | null } | null = null;

/**
 * The fragment's key at this path: the one in the address, or, once a reveal's or unlock's post has
 * dropped it from the address, the one the page was opened with.
 */
function keptFragment(): string | null {
  const path = window.location.pathname;
  const given = fragmentSecret(window.location.hash);
  if (kept?.path !== path || (given && given !== kept.fragment)) kept = { path, fragment: given };
  return kept.fragment;
}

/**
 * The key in the page's fragment: undefined until JavaScript runs, null for an incomplete link.
 * Read once: the reveal and unlock forms post to the address without its fragment, so the key is
 * kept here and put back in the address, where a reload or a bookmark finds it again.
 */
export function useFragment(sealed: boolean): string | null | undefined {
  const fragment = useSyncExternalStore(
    subscribe,
    () => (sealed ? keptFragment() : null),
    () => undefined,
  );
  const location = useLocation();
  useEffect(() => {
    if (!fragment || window.location.hash) return;
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}#${fragment}`);
  }, [fragment, location]);
  return fragment;
}

/** Why an encrypted share's page cannot open it: no JavaScript, or a link without its key. */
export function SealedNotice({ subject, kind }: { subject: 'paste' | 'file'; kind: 'needsJs' | 'incomplete' }) {
  const { t } = useTranslation();
  return (
    <section
      role={kind === 'incomplete' ? 'alert' : undefined}
      aria-labelledby="sealed-heading"
      className="card mx-auto w-full max-w-md"
    >
      <IconHeading
        id="sealed-heading"
        icon={<Icon name="lock" className="h-5 w-5" />}
        heading={t(`${subject}.encrypted.${kind}Heading`)}
        body={t(`${subject}.encrypted.${kind}Body`)}
      />
    </section>
  );
}

/** The badge an encrypted share's page and the admin's lists show in place of what they cannot read. */
export function SealedBadge({ subject = 'paste' }: { subject?: 'paste' | 'file' }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-accent">
      <Icon name="lock" className="h-3 w-3" />
      {t(`${subject}.encrypted.badge`)}
    </span>
  );
}
