import { useEffect } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { forgetLastSync } from '~/lib/pwa/register';
import { usePwaState } from '~/lib/pwa/state';
import { SentLinks } from './SentLinks';
import { Toast } from './Toast';

const SHOWN_MS = 5000;
/** Long enough to follow a link (the status panel keeps them anyway). */
const SHOWN_WITH_LINKS_MS = 15_000;

/**
 * What the replay of the offline queue did: sent, with the links of the pastes it created (issue 28
 * A7), or "sync failed, try again later" (docs/product/spec.md §8).
 */
export function SyncToast() {
  const { t } = useTranslation();
  const { lastSync } = usePwaState();
  useEffect(() => {
    if (!lastSync) return;
    const timer = setTimeout(forgetLastSync, lastSync.sent.length ? SHOWN_WITH_LINKS_MS : SHOWN_MS);
    return () => clearTimeout(timer);
  }, [lastSync]);
  if (!lastSync || lastSync.replayed + lastSync.refused + lastSync.waiting === 0) return null;
  const failed = lastSync.refused + lastSync.waiting > 0;
  return (
    <Toast tone={failed ? 'warning' : 'success'} label={t('pwa.sync.label')}>
      <p className="font-medium">{failed ? t('pwa.sync.failed') : t('pwa.sync.done', { count: lastSync.replayed })}</p>
      {lastSync.refused > 0 && <p className="mt-1 text-subtle">{t('pwa.sync.refused', { count: lastSync.refused })}</p>}
      <SentLinks sent={lastSync.sent} />
    </Toast>
  );
}
