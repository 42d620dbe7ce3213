/// <reference lib="webworker" />
/**
 * The service worker (docs/architecture.md §11), served at /sw.js with scope /. Built by
 * scripts/build-pwa.mjs after `react-router build`: esbuild bundles this file, then workbox-build
 * injects the precache list (the hashed build assets, the offline page, icons and manifest).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { openLocalDb } from './lib/pwa/local-db';
import {
  expectDownload,
  isSealedDownload,
  SEALED_DOWNLOAD_MESSAGE,
  sealedDownloadResponse,
  type SealedDownload,
} from './lib/e2e/sealed-download';
import { authOf, enqueue, QUEUE_MESSAGES, queueKindOf, replayQueue, SYNC_TAG } from './lib/pwa/offline-queue';
import { keepShared, pageOfShared, SHARE_TARGET_PATH, SHARED_TEXT_PAGE, sharedFromForm } from './lib/pwa/share-inbox';
import { bypassesWorker, isRouteData, mayKeepOffline, OFFLINE_PAGE, PAGES_CACHE, SKIP_WAITING } from './lib/pwa/routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Background Sync (Chromium only; TypeScript's lib does not describe it). */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } };
interface SyncEvent extends ExtendableEvent {
  tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const keepOnlyStorable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeepOffline(response) ? response : null),
};
const pages = {
  cacheName: PAGES_CACHE,
  plugins: [keepOnlyStorable, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 })],
};

// An encrypted file's download, decrypted here as it arrives (app/lib/e2e/sealed-download.ts).
registerRoute(
  ({ url }) => url.origin === self.location.origin && isSealedDownload(url),
  ({ url }) => sealedDownloadResponse(url),
);

// Pages: the network first; a page seen before comes from the cache when it is gone; a page never
// seen gets the offline page (docs/product/spec.md §2 "Global chrome").
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && !bypassesWorker(url),
  new NetworkFirst({
    ...pages,
    plugins: [
      ...pages.plugins,
      { handlerDidError: async () => (await matchPrecache(OFFLINE_PAGE)) ?? Response.error() },
    ],
  }),
);

// The data of client-side navigations, kept the same way (no fallback: the app shows its notice).
registerRoute(
  ({ url }) => url.origin === self.location.origin && isRouteData(url) && !bypassesWorker(url),
  new NetworkFirst(pages),
);

// Hashed build assets never change: any not precached (none should be) is kept once fetched.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'cloudclip-assets', plugins: [keepOnlyStorable] }),
);

/** Tells every open page something about the queue. */
async function tellPages(message: Record<string, unknown>): Promise<void> {
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/**
 * The writes of docs/product/spec.md §7 "Offline queue replay": sent as usual; when the network
 * fails, kept with their endpoint, method, body and auth, answered 202 `{queued: true}`, and
 * replayed later (Background Sync, or the page's fallback message).
 */
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const type = url.origin === self.location.origin ? queueKindOf(event.request.method, url.pathname) : null;
  if (!type) return;
  const request = event.request;
  const body = request.clone().text();
  event.respondWith(
    fetch(request).catch(async () => {
      const db = await openLocalDb();
      const id = await enqueue(db, {
        type,
        endpoint: url.pathname + url.search,
        method: request.method,
        body: (await body) || null,
        contentType: request.headers.get('content-type'),
        ...authOf(request.headers.get('authorization')),
        timestamp: Date.now(),
      });
      db.close();
      await (self.registration as SyncRegistration).sync?.register(SYNC_TAG).catch(() => undefined);
      await tellPages({ type: QUEUE_MESSAGES.changed });
      return Response.json(
        { code: 202, message: '已离线保存，恢复网络后自动同步', success: true, data: { queued: true, id } },
        { status: 202 },
      );
    }),
  );
});

/**
 * The phone's share sheet (issue 47 item 3, public/manifest.webmanifest `share_target`): what it
 * posts is kept in the offline database and the app opens the page that takes it, without the
 * network (app/lib/pwa/share-inbox.ts). The server's /share-target answers only when no worker runs.
 */
async function receiveShare(request: Request): Promise<Response> {
  const item = sharedFromForm(await request.formData());
  if (item) {
    const db = await openLocalDb();
    try {
      await keepShared(db, item);
    } finally {
      db.close();
    }
  }
  return Response.redirect(new URL(item ? pageOfShared(item) : SHARED_TEXT_PAGE, self.location.origin).href, 303);
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH)
    event.respondWith(receiveShare(event.request));
});

let replaying: Promise<void> | null = null;

/** One replay at a time (a sync event and the page's fallback may ask together). */
function replay(): Promise<void> {
  replaying ??= (async () => {
    const db = await openLocalDb();
    try {
      const result = await replayQueue(db, fetch);
      await tellPages({ type: QUEUE_MESSAGES.synced, ...result });
      // Still waiting: a failed sync event is tried again by the browser later.
      if (result.waiting > 0) throw new Error('offline queue: some calls are still waiting');
    } finally {
      db.close();
      replaying = null;
    }
  })();
  return replaying;
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === SYNC_TAG) sync.waitUntil(replay());
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // A new worker waits until the page accepts the update (docs/product/spec.md §4 "Update prompt").
  if (type === SKIP_WAITING) void self.skipWaiting();
  if (type === QUEUE_MESSAGES.replay) event.waitUntil(replay().catch(() => undefined));
  if (type === SEALED_DOWNLOAD_MESSAGE) {
    expectDownload((event.data as { download: SealedDownload }).download);
    event.ports[0]?.postMessage({ ok: true });
  }
});

// The first worker takes the open pages at once, so they work offline without a reload.
clientsClaim();
