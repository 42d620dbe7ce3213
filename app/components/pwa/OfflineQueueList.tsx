import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { DateTime } from '~/components/ui/DateTime';
import { clearOfflineData, withLocalDb, type QueuedCall } from '~/lib/pwa/local-db';
import { dropQueued, listQueue, queuedTitle } from '~/lib/pwa/offline-queue';
import { dismissSent, refreshQueue, replayIfWaiting } from '~/lib/pwa/register';
import { SentLinks } from './SentLinks';
import { PAGES_CACHE } from '~/lib/pwa/routes';
import { usePwaState } from '~/lib/pwa/state';

/**
 * The calls waiting in the offline queue, each with a button to drop it, "send now", and "clear
 * offline data" (what was kept for reading offline). Part of the status panel.
 */
export function OfflineQueueList() {
  const { t } = useTranslation();
  const { queued, online, sent } = usePwaState();
  const [calls, setCalls] = useState<QueuedCall[]>([]);
  const [cleared, setCleared] = useState(false);
  useEffect(() => {
    void withLocalDb(listQueue).then((list) => setCalls(list ?? []));
  }, [queued]);
  const drop = async (id: number) => {
    await withLocalDb((db) => dropQueued(db, id));
    await refreshQueue();
  };
  return (
    <section aria-labelledby="offline-queue-heading" className="space-y-2">
      <h3 id="offline-queue-heading" className="text-sm font-semibold">
        {t('pwa.queue.heading')}
      </h3>
      {calls.length === 0 ? (
        <p className="text-sm text-subtle">{t('pwa.queue.empty')}</p>
      ) : (
        <ul className="divide-y divide-line text-sm" aria-label={t('pwa.queue.heading')}>
          {calls.map((call) => (
            <li key={call.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block truncate font-medium">
                  {queuedTitle(call) ?? t(`pwa.queue.kinds.${call.type}`)}
                </span>
                <span className="block truncate text-xs text-subtle">
                  {t(`pwa.queue.kinds.${call.type}`)} · <DateTime iso={new Date(call.timestamp).toISOString()} />
                </span>
              </span>
              <button
                type="button"
                className="btn shrink-0 px-2 py-0.5 text-xs"
                aria-label={t('pwa.queue.dropNamed', { name: queuedTitle(call) ?? t(`pwa.queue.kinds.${call.type}`) })}
                onClick={() => void drop(call.id!)}
              >
                {t('pwa.queue.drop')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {sent.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold">{t('pwa.sent.heading')}</h3>
          <SentLinks sent={sent} onDismiss={dismissSent} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {calls.length > 0 && online && (
          <button type="button" className="btn px-3 py-1 text-sm" onClick={() => void replayIfWaiting()}>
            {t('pwa.queue.sendNow')}
          </button>
        )}
        <button
          type="button"
          className="btn px-3 py-1 text-sm"
          onClick={() =>
            void withLocalDb(clearOfflineData).then(async () => {
              if ('caches' in window) await caches.delete(PAGES_CACHE);
              setCleared(true);
            })
          }
        >
          {t('pwa.queue.clearData')}
        </button>
      </div>
      {cleared && (
        <p role="status" className="text-sm text-success">
          {t('pwa.queue.dataCleared')}
        </p>
      )}
    </section>
  );
}
