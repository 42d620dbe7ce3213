import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { parseDismissedAt, RECHECK_MS, shouldOfferInstall } from '~/lib/pwa/install-offer';
import { LOCAL_KEYS, local } from '~/lib/pwa/local-keys';
import { promptInstall } from '~/lib/pwa/register';
import { usePwaState } from '~/lib/pwa/state';
import { Toast } from './Toast';

/**
 * Offers installing the app when the browser allows it, it is not installed, and the user has not
 * dismissed the offer in the last 7 days (re-checked every 5 s; docs/product/spec.md §4) — from
 * the second page of a visit on: the page someone lands on (often a link they were sent) never
 * jumps down under an offer that arrives after it showed (decision 0042).
 */
export function InstallPrompt() {
  const { t } = useTranslation();
  const { installable, installed } = usePwaState();
  const location = useLocation();
  const [landing] = useState(location.key);
  // Once moved on, it stays moved on (going back to the first page keeps the offer).
  const [navigated, setNavigated] = useState(false);
  if (!navigated && location.key !== landing) setNavigated(true);
  const [now, setNow] = useState(() => Date.now());
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  useEffect(() => {
    const check = () => {
      setNow(Date.now());
      setDismissedAt(parseDismissedAt(local.get(LOCAL_KEYS.installDismissedAt)));
    };
    check();
    const timer = setInterval(check, RECHECK_MS);
    return () => clearInterval(timer);
  }, []);
  if (!navigated || !shouldOfferInstall({ installable, installed, dismissedAt, now })) return null;
  const dismiss = () => {
    const at = Date.now();
    local.set(LOCAL_KEYS.installDismissedAt, String(at));
    setDismissedAt(at);
  };
  // At the top of the page's content, not pinned over it: it never covers the page's primary action
  // (issue 28: on a phone it sat over the create button). Inside <main>, it comes with a new page's
  // content, so nothing already on screen moves.
  return (
    <div className="mb-6 flex justify-end">
      <Toast label={t('pwa.install.label')}>
        <p className="font-medium">{t('pwa.install.heading')}</p>
        <p className="mt-1 text-subtle">{t('pwa.install.body')}</p>
        <div className="mt-3 flex gap-2">
          <button type="button" className="btn btn-primary px-3 py-1" onClick={() => void promptInstall()}>
            {t('pwa.install.accept')}
          </button>
          <button type="button" className="btn px-3 py-1" onClick={dismiss}>
            {t('pwa.install.dismiss')}
          </button>
        </div>
      </Toast>
    </div>
  );
}
