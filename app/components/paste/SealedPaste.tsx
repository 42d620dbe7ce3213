import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';
import { SealedNotice } from '~/components/ui/sealed-page';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { checkPasteKey, openPaste, verifierFor } from '~/lib/e2e/paste';
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

/**
 * Before an encrypted paste's content: its reveal step, or its password, which the page stretches.
 * The gate's sealed metadata is opened with the link's key (and the password) first: a cut or wrong
 * key says so, and no reveal or unlock spends a view on it (issue 42, item 4).
 */
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
  /** The envelope's gate (its header and sealed metadata, no secret: sealedGateOf). */
  sealedHeader: string;
  error?: string;
  /** The password typed, kept by the page to open the content once the server lets it through. */
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation();
  const reveal = gate === 'reveal';
  // A reveal spends a view: only once the key has opened the gate (a password's check is its unlock's).
  const [key, setKey] = useState<'checking' | 'right' | 'wrong'>('checking');
  useEffect(() => {
    if (!reveal || !fragment) return;
    let live = true;
    checkPasteKey(sealedHeader, fragment).then(
      () => live && setKey('right'),
      () => live && setKey('wrong'),
    );
    return () => {
      live = false;
    };
  }, [reveal, fragment, sealedHeader]);
  if (fragment === undefined) return <SealedNotice subject="paste" kind="needsJs" />;
  if (fragment === null || (reveal && key === 'wrong')) return <SealedNotice subject="paste" kind="incomplete" />;
  if (reveal && key === 'checking')
    return (
      <p role="status" className="card p-5 text-sm text-subtle">
        {t('paste.encrypted.checking')}
      </p>
    );
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
          : async (password) => {
              await checkPasteKey(sealedHeader, fragment, password).catch(() => {
                throw new Error(t('paste.encrypted.wrongKeyOrPassword'));
              });
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

  if (fragment === undefined) return <SealedNotice subject="paste" kind="needsJs" />;
  if (fragment === null || opened.state === 'failed') return <SealedNotice subject="paste" kind="incomplete" />;
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
