import { ShareStats, type ShareStatsData } from '~/components/stats/ShareStats';
import { useState } from 'react';
import { useFocusOnArrival } from '~/components/ui/use-focus-on-arrival';
import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { FormAlert } from '~/components/ui/FormAlert';
import { Icon } from '~/components/ui/Icon';
import { PasteContent, type PasteFormat } from './PasteContent';
import { PasteMeta, PasteRemark } from './PasteMeta';
import { pasteHref } from '~/lib/hrefs';
import type { PasteSummary, ShownPaste } from './types';
import { ShareCard, type ShareLink } from '~/components/ui/ShareCard';
import { UnlockForm } from '~/components/ui/UnlockForm';
import { useKeepOffline } from './use-keep-offline';
import { SealedGate, SealedPasteContent } from './SealedPaste';
import { SealedBadge, useFragment } from '~/components/ui/sealed-page';
import { useKeyedShare } from '~/components/ui/use-keyed-share';

export interface PasteShown {
  paste: ShownPaste;
  rawUrl: string | null;
  canManage: boolean;
}

/** What stands before the content: the password prompt or the reveal step of a view-limited paste. */
export type PasteGate = 'locked' | 'reveal';

/**
 * The public page of a paste: its details, its remark, either the content (shown, or just unlocked
 * or revealed) or the step before it (`gate`), and the share card (link, copy, QR code) for passing it on. Its owner or
 * an admin also gets edit and delete. An encrypted paste's content and gate are its sealed
 * versions (SealedPaste.tsx), which open it in the page.
 */
export function PastePage({
  paste,
  shown,
  share: serverShare,
  gate,
  canManageGated,
  initialFormat,
  gateError,
  sealedHeader,
  stats,
  arrived = false,
}: {
  paste: PasteSummary;
  shown: PasteShown | null;
  /** The link and QR code; none once the last view has been used. */
  share: ShareLink | null;
  gate: PasteGate | null;
  /** Before the content: may this visitor edit or delete the paste? */
  canManageGated: boolean;
  initialFormat: PasteFormat;
  gateError?: string;
  /** An encrypted paste's header, for its password step. */
  sealedHeader?: string | null;
  /** Who opened it: for its owner only (issue 32). */
  stats?: ShareStatsData | null;
  /** Just opened by its password or reveal step: the focus moves to its heading. */
  arrived?: boolean;
}) {
  const { t } = useTranslation();
  const heading = useFocusOnArrival<HTMLHeadingElement>(arrived);
  // An encrypted paste's password, typed in its gate: it opens the content the unlock brings.
  const [password, setPassword] = useState<string>();
  const current = shown?.paste ?? paste;
  const fragment = useFragment(current.encrypted);
  // An encrypted paste's link is only whole with its key, which the server never had.
  const keyed = useKeyedShare(current.encrypted ? (serverShare?.page ?? null) : null, fragment);
  const share = current.encrypted ? keyed : serverShare;
  useKeepOffline(shown?.paste ?? null);
  const manage = { edit: pasteHref(current.slug, 'edit'), delete: pasteHref(current.slug, 'delete') };
  return (
    <section aria-labelledby="page-heading" className="space-y-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 ref={heading} tabIndex={-1} id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t('paste.view.heading')}
          </h1>
          <p className="mt-1 font-mono text-sm break-all text-subtle">/paste/{current.slug}</p>
        </div>
        {!shown && canManageGated && (
          <div className="flex gap-2">
            <Link to={manage.edit} className="btn px-3 py-1.5 text-xs">
              <Icon name="edit" className="h-3.5 w-3.5" />
              {t('paste.view.edit')}
            </Link>
            <Link to={manage.delete} className="btn px-3 py-1.5 text-xs text-danger">
              <Icon name="trash" className="h-3.5 w-3.5" />
              {t('paste.view.delete')}
            </Link>
          </div>
        )}
      </header>
      {current.encrypted && <SealedBadge />}
      <PasteMeta paste={current} />
      <PasteRemark remark={current.remark} />
      {shown?.paste.isLastView && <FormAlert>{t('paste.view.lastView')}</FormAlert>}
      <div className={share ? 'grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]' : undefined}>
        <div className="min-w-0">
          {shown && current.encrypted ? (
            <SealedPasteContent
              fragment={fragment}
              paste={shown.paste}
              password={password}
              initialFormat={initialFormat}
              manage={shown.canManage ? manage : null}
            />
          ) : shown ? (
            <PasteContent
              paste={shown.paste}
              rawUrl={shown.rawUrl}
              initialFormat={initialFormat}
              manage={shown.canManage ? manage : null}
            />
          ) : current.encrypted ? (
            <SealedGate
              fragment={fragment}
              gate={gate ?? 'locked'}
              viewsLeft={(paste.maxViews ?? 0) - paste.views}
              sealedHeader={sealedHeader ?? ''}
              error={gateError}
              onPassword={setPassword}
            />
          ) : (
            <UnlockForm
              keyPrefix={gate === 'reveal' ? 'paste.reveal' : 'paste.unlock'}
              intent={gate === 'reveal' ? 'reveal' : 'unlock'}
              bodyValues={gate === 'reveal' ? { count: (paste.maxViews ?? 0) - paste.views } : undefined}
              icon={<Icon name={gate === 'reveal' ? 'eye' : 'lock'} className="h-5 w-5" />}
              error={gateError}
              className="mx-auto w-full max-w-md"
              buttonClassName="w-full"
            />
          )}
        </div>
        {share && (
          <aside className="min-w-0">
            <ShareCard share={share} hasPassword={current.hasPassword} />
          </aside>
        )}
      </div>
      {stats && (
        <div className="card p-4 sm:p-5">
          <ShareStats stats={stats} headingLevel={2} />
        </div>
      )}
    </section>
  );
}
