import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { withLocalDb } from '~/lib/pwa/local-db';
import { waitingShares } from '~/lib/pwa/share-inbox';

/**
 * On a page the visitor may not use yet (no session): what was shared to the app waits in the
 * browser until they sign in (app/lib/pwa/share-inbox.ts). Nothing shows when nothing waits.
 */
export function SharedWaitingNotice({ kind }: { kind: 'text' | 'files' }) {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    void withLocalDb(waitingShares).then((counts) =>
      setWaiting(counts ? counts[kind === 'text' ? 'texts' : 'files'] : 0),
    );
  }, [kind]);
  if (!waiting) return null;
  return (
    <p role="status" className="rounded-md border border-line bg-brand-soft px-3 py-2 text-sm">
      {kind === 'text' ? t('pwa.shared.textWaiting') : t('pwa.shared.filesWaiting', { count: waiting })}
    </p>
  );
}
