import type { Workbox } from 'workbox-window';
import { clearExpired, withLocalDb } from './local-db';
import { listQueue, QUEUE_MESSAGES, type ReplayResult, type SentPaste } from './offline-queue';
import { setPwaState, type WorkerState } from './state';

/**
 * After accepting an update, or a sync that changed pastes on an admin page, the page reloads this
 * long after (docs/product/spec.md §9).
 */
export const RELOAD_AFTER_MS = 1000;
/** Back online, the page asks the worker to replay the queue itself if Background Sync has not. */
const FALLBACK_REPLAY_MS = 2000;

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let wb: Workbox | null = null;

/**
 * The pastes sent from the offline queue, kept by this browser until the user dismisses them in
 * the status panel (issue 28 A7), so a replay while the toast was missed is not lost. At most 20.
 */
const SENT_KEY = 'cloudclip.sentPastes';
const SENT_KEPT = 20;

function readSent(): SentPaste[] {
  try {
    const kept = JSON.parse(localStorage.getItem(SENT_KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as SentPaste[]).filter((s) => typeof s?.link === 'string') : [];
  } catch {
    return [];
  }
}

function keepSent(sent: SentPaste[]): void {
  try {
    localStorage.setItem(SENT_KEY, JSON.stringify(sent));
  } catch {
    // Storage full or refused: the toast still shows them this time.
  }
  setPwaState({ sent });
}

/** Forgets one sent paste (its link in the status panel). */
export function dismissSent(link: string): void {
  keepSent(readSent().filter((s) => s.link !== link));
}
let installEvent: InstallPromptEvent | null = null;

function workerState(worker: ServiceWorker | null | undefined): WorkerState {
  switch (worker?.state) {
    case 'installing':
      return 'installing';
    case 'installed':
      return 'waiting';
    case 'activating':
    case 'activated':
      return 'active';
    case 'redundant':
      return 'redundant';
    default:
      return 'unknown';
  }
}

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Keeps the browser's install offer for our own prompt. Called before hydration (entry.client.tsx):
 * the browser may offer it as soon as the manifest is read, before React has started.
 */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // our own prompt asks, when the user has not said no lately
    installEvent = event as InstallPromptEvent;
    setPwaState({ installable: true });
  });
  window.addEventListener('appinstalled', () => {
    installEvent = null;
    setPwaState({ installable: false, installed: true });
  });
}

/**
 * Starts everything the installable app watches (docs/architecture.md §11): connectivity,
 * notification permission, and — in production builds — the service worker with
 * workbox-window. Called once, after hydration.
 */
export async function startPwa(): Promise<void> {
  setPwaState({
    online: navigator.onLine,
    installed: standalone(),
    notification: 'Notification' in window ? Notification.permission : 'unsupported',
    sent: readSent(),
  });
  window.addEventListener('online', () => {
    setPwaState({ online: true });
    setTimeout(() => void replayIfWaiting(), FALLBACK_REPLAY_MS);
  });
  window.addEventListener('offline', () => setPwaState({ online: false }));
  void refreshQueue();
  // The 7-day clear-expired default of what was kept for offline reading (docs/product/spec.md §9).
  void withLocalDb((db) => clearExpired(db));

  if (!('serviceWorker' in navigator)) {
    setPwaState({ worker: 'unsupported' });
    return;
  }
  if (!import.meta.env.PROD) return; // the dev server has no built worker
  navigator.serviceWorker.addEventListener('message', (event) => {
    const message = event.data as ({ type?: string } & Partial<ReplayResult>) | null;
    if (message?.type === QUEUE_MESSAGES.changed) void refreshQueue();
    if (message?.type === QUEUE_MESSAGES.synced) {
      const { replayed = 0, refused = 0, waiting = 0, sent = [] } = message;
      if (sent.length) keepSent([...sent, ...readSent()].slice(0, SENT_KEPT));
      setPwaState({ lastSync: { replayed, refused, waiting, sent } });
      void refreshQueue();
      if (message.changedPastes && window.location.pathname.startsWith('/admin')) {
        setTimeout(() => window.location.reload(), RELOAD_AFTER_MS);
      }
    }
  });
  // Loaded here, in the browser only: the server never needs it (and its package is CommonJS for Node).
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => setPwaState({ worker: 'waiting', updateWaiting: true }));
  const registration = await wb.register().catch(() => undefined);
  // Refused (a browser setting, a policy, a test harness): the app works on without a worker.
  if (!registration) return setPwaState({ worker: 'unsupported' });
  const track = (worker: ServiceWorker | null) => {
    if (!worker) return;
    setPwaState({ worker: workerState(worker) });
    worker.addEventListener('statechange', () => setPwaState({ worker: workerState(worker) }));
  };
  track(registration.installing ?? registration.waiting ?? registration.active);
  if (registration.waiting && navigator.serviceWorker.controller) setPwaState({ updateWaiting: true });
  registration.addEventListener('updatefound', () => track(registration.installing));
}

/** Accepting the update: the waiting worker takes over, and the page reloads a second later. */
export function acceptUpdate(): void {
  if (!wb) return;
  wb.addEventListener('controlling', () => setTimeout(() => window.location.reload(), RELOAD_AFTER_MS));
  wb.messageSkipWaiting();
  setPwaState({ updateWaiting: false });
}

/** Shows the browser's install dialog; answers whether the user installed. */
export async function promptInstall(): Promise<boolean> {
  const event = installEvent;
  if (!event) return false;
  installEvent = null;
  setPwaState({ installable: false });
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

/** Asks for notification permission (from the status panel). */
export async function requestNotifications(): Promise<void> {
  if (!('Notification' in window)) return;
  setPwaState({ notification: await Notification.requestPermission() });
}

/** Asks the server whether a newer worker exists (the status panel's "check for updates"). */
export async function checkForUpdate(): Promise<void> {
  await wb?.update();
}

/** Reads how many calls wait in the offline queue. */
export async function refreshQueue(): Promise<void> {
  const calls = await withLocalDb(listQueue);
  if (calls) setPwaState({ queued: calls.length });
}

/** Asks the worker to send the queue now (the manual fallback, and the panel's "send now"). */
export async function replayIfWaiting(): Promise<void> {
  const calls = await withLocalDb(listQueue);
  if (!calls?.length || !navigator.onLine) return;
  navigator.serviceWorker?.controller?.postMessage({ type: QUEUE_MESSAGES.replay });
}

/** The toast of a replay has been shown. */
export function forgetLastSync(): void {
  setPwaState({ lastSync: null });
}
