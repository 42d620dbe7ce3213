import { useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { ModalDialog } from '~/components/ui/ModalDialog';
import { useHydrated } from '~/components/ui/use-hydrated';
import { checkForUpdate, requestNotifications } from '~/lib/pwa/register';
import { usePwaState } from '~/lib/pwa/state';
import { OfflineQueueList } from './OfflineQueueList';

/**
 * The PWA status panel (docs/product/spec.md §2): network, install, service worker, update and
 * notification status, opened from the footer. It describes what the browser knows, so it appears
 * once JavaScript runs.
 */
export function PwaStatusPanel() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const state = usePwaState();
  // Open on the page it was opened on: a link in it (a sent paste's) leads away, and it closes behind.
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  if (!hydrated) return null;
  const install = state.installed ? 'installed' : state.installable ? 'installable' : 'notOffered';
  const rows: [string, string, string][] = [
    ['network', t('pwa.status.network'), t(`pwa.status.${state.online ? 'online' : 'offline'}`)],
    ['install', t('pwa.status.install'), t(`pwa.status.${install}`)],
    ['worker', t('pwa.status.worker'), t(`pwa.status.workerStates.${state.worker}`)],
    ['update', t('pwa.status.update'), t(`pwa.status.${state.updateWaiting ? 'updateWaiting' : 'upToDate'}`)],
    ['notification', t('pwa.status.notification'), t(`pwa.status.permissions.${state.notification}`)],
    ['queue', t('pwa.status.queue'), t('pwa.status.queued', { count: state.queued })],
  ];
  return (
    <>
      <button type="button" className="link" onClick={() => setOpenOn(key)}>
        {t('pwa.status.open')}
      </button>
      <ModalDialog
        open={open}
        onClose={() => setOpenOn(null)}
        labelledBy="pwa-status-heading"
        describedBy="pwa-status-intro"
        width="max-w-md"
      >
        {(close) => (
          <div className="space-y-4 text-left">
            <div>
              <h2 id="pwa-status-heading" className="text-lg font-semibold">
                {t('pwa.status.heading')}
              </h2>
              <p id="pwa-status-intro" className="mt-1 text-sm text-subtle">
                {t('pwa.status.intro')}
              </p>
            </div>
            <dl className="divide-y divide-line text-sm">
              {rows.map(([key, label, value]) => (
                <div key={key} className="flex justify-between gap-4 py-2">
                  <dt className="text-subtle">{label}</dt>
                  <dd className="font-medium" data-status={key}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            <OfflineQueueList />
            <div className="flex flex-wrap justify-end gap-2">
              {state.notification === 'default' && (
                <button type="button" className="btn px-3 py-1" onClick={() => void requestNotifications()}>
                  {t('pwa.status.allowNotifications')}
                </button>
              )}
              {state.worker !== 'unsupported' && (
                <button type="button" className="btn px-3 py-1" onClick={() => void checkForUpdate()}>
                  {t('pwa.status.checkUpdate')}
                </button>
              )}
              <button type="button" className="btn btn-primary px-3 py-1" onClick={close}>
                {t('common.actions.close')}
              </button>
            </div>
          </div>
        )}
      </ModalDialog>
    </>
  );
}
