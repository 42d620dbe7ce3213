import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';
import { IconHeading } from '~/components/ui/IconHeading';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { fragmentSecret, openPaste, verifierFor } from '~/lib/e2e/paste';
import { PasteContent, type PasteFormat } from './PasteContent';
import { PasteRemark } from './PasteMeta';
import type { PasteGate } from './PastePage';
import type { ShownPaste } from './types';

/**
 * The parts of an encrypted paste's page (docs/encryption.md): the server sends the envelope, and
 * this page opens it with the key in the address's fragment, which never leaves the browser.
 * Without JavaScript nothing can open it, so the page says so before anything counts a view; a
 * link without a key of the right shape says so too, before a reveal or a password spends a view.
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

function SealedNotice({ kind }: { kind: 'needsJs' | 'incomplete' }) {
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
        heading={t(`paste.encrypted.${kind}Heading`)}
        body={t(`paste.encrypted.${kind}Body`)}
      />
    </section>
  );
}

/** Before an encrypted paste's content: its reveal step, or its password, which the page stretches. */
export function SealedGate({
  fragment,
  gate,
  viewsLeft,
  sealedHeader,
  error,
  onPassword,
}: {
  /** The link's key (useFragment). */
  fragment: string | null | undefined;
  gate: PasteGate;
  viewsLeft: number;
  /** The envelope's header (no secret), from which the password's verifier is made. */
  sealedHeader: string;
  error?: string;
  /** The password typed, kept by the page to open the content once the server lets it through. */
  onPassword: (password: string) => void;
}) {
  if (fragment === undefined) return <SealedNotice kind="needsJs" />;
  if (fragment === null) return <SealedNotice kind="incomplete" />;
  const reveal = gate === 'reveal';
  return (
    <UnlockForm
      keyPrefix={reveal ? 'paste.reveal' : 'paste.unlock'}
      intent={reveal ? 'reveal' : 'unlock'}
      bodyValues={reveal ? { count: viewsLeft } : undefined}
      icon={<Icon name={reveal ? 'eye' : 'lock'} className="h-5 w-5" />}
      error={error}
      className="mx-auto w-full max-w-md"
      buttonClassName="w-full"
      transform={
        reveal
          ? undefined
          : (password) => {
              onPassword(password);
              return verifierFor(sealedHeader, fragment, password);
            }
      }
    />
  );
}

type Opened = { state: 'opening' } | { state: 'failed' } | { state: 'open'; paste: ShownPaste; markdown: boolean };

/**
 * An encrypted paste's content, opened in the page: the text, the remark and the format come out of
 * the envelope; Markdown is rendered here by the server's renderer (app/lib/markdown.ts, the same
 * sanitizer, highlighting and KaTeX), loaded with the first encrypted paste.
 */
export function SealedPasteContent({
  fragment,
  paste,
  password,
  initialFormat,
  manage,
}: {
  fragment: string | null | undefined;
  paste: ShownPaste;
  password?: string;
  initialFormat: PasteFormat;
  manage: { edit: string; delete: string } | null;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<Opened>({ state: 'opening' });
  const envelope = paste.content;
  useEffect(() => {
    if (!fragment) return;
    let live = true;
    void (async () => {
      const { text, metadata } = await openPaste(envelope, fragment, password);
      const html = metadata.markdown ? (await import('~/lib/markdown')).renderMarkdown(text) : '';
      if (live)
        setOpened({
          state: 'open',
          paste: { ...paste, content: text, remark: metadata.remark, html },
          markdown: metadata.markdown,
        });
    })().catch(() => live && setOpened({ state: 'failed' }));
    return () => {
      live = false;
    };
    // The paste's other fields change with its envelope: one decryption per envelope and password.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [envelope, fragment, password]);

  if (fragment === undefined) return <SealedNotice kind="needsJs" />;
  if (fragment === null || opened.state === 'failed') return <SealedNotice kind="incomplete" />;
  if (opened.state === 'opening')
    return (
      <p role="status" className="card p-5 text-sm text-subtle">
        {t('paste.encrypted.opening')}
      </p>
    );
  return (
    <div className="space-y-4">
      <PasteRemark remark={opened.paste.remark} />
      <PasteContent
        paste={opened.paste}
        rawUrl={null}
        initialFormat={opened.markdown ? initialFormat : 'plain'}
        manage={manage}
      />
    </div>
  );
}

/** The badge an encrypted paste's page and the admin's list show in place of what they cannot read. */
export function SealedBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-medium text-accent">
      <Icon name="lock" className="h-3 w-3" />
      {t('paste.encrypted.badge')}
    </span>
  );
}
