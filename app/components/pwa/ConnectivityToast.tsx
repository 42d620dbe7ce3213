import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { usePwaState } from '~/lib/pwa/state';
import { Toast } from './Toast';

/** How long the offline and restored toasts stay (docs/product/spec.md §9). */
const SHOWN_MS = 3000;

/** "You are offline" when the connection drops, "back online" when it returns; each for 3 s. */
export function ConnectivityToast() {
  const { t } = useTranslation();
  const { online } = usePwaState();
  const [shown, setShown] = useState<'offline' | 'online' | null>(null);
  const previous = useRef(online);
  useEffect(() => {
    if (previous.current === online) return;
    previous.current = online;
    setShown(online ? 'online' : 'offline');
    const timer = setTimeout(() => setShown(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [online]);
  if (!shown) return null;
  return (
    <Toast tone={shown === 'offline' ? 'warning' : 'success'} label={t('pwa.connectivity.label')}>
      <p className="font-medium">{t(`pwa.connectivity.${shown}`)}</p>
      <p className="mt-1 text-subtle">{t(`pwa.connectivity.${shown}Detail`)}</p>
    </Toast>
  );
}
