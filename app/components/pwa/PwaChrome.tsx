import { useEffect } from 'react';
import { LOCAL_KEYS, local } from '~/lib/pwa/local-keys';
import { withLocalDb } from '~/lib/pwa/local-db';
import { startPwa } from '~/lib/pwa/register';
import { ConnectivityToast } from './ConnectivityToast';
import { SyncToast } from './SyncToast';
import { UpdatePrompt } from './UpdatePrompt';

let started = false;

/**
 * The installable app's part of the chrome: starts the worker and the watchers once, mirrors the
 * language and theme for the offline page, and stacks the toasts and the update prompt at the bottom
 * (the install offer sits in the page instead: InstallPrompt).
 */
export function PwaChrome({ locale, theme }: { locale: string; theme: string }) {
  useEffect(() => {
    if (started) return;
    started = true;
    void startPwa();
  }, []);
  useEffect(() => {
    local.set(LOCAL_KEYS.language, locale);
    local.set(LOCAL_KEYS.theme, theme);
    const updatedAt = Date.now();
    void withLocalDb(async (db) => {
      await db.put('settings', { key: 'language', value: locale, updatedAt });
      await db.put('settings', { key: 'theme', value: theme, updatedAt });
    });
  }, [locale, theme]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end">
      <ConnectivityToast />
      <SyncToast />
      <UpdatePrompt />
    </div>
  );
}
