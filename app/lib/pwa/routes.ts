/**
 * Which requests the service worker handles (docs/architecture.md §11). Shared by the worker and
 * its tests; DOM-free.
 */

/**
 * Paths the worker never caches or answers from a cache: the API (downloads and uploads included)
 * and WebDAV. Only the offline queue's writes (offline-queue.ts) are looked at, when they fail.
 */
export function bypassesWorker(url: URL): boolean {
  return url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/dav');
}

/** A React Router data request of a client-side navigation (`/paste/x.data`). */
export function isRouteData(url: URL): boolean {
  return url.pathname.endsWith('.data');
}

/**
 * Whether a page answer may be kept for offline reading: a whole 200 that its server did not mark
 * `no-store` (admin pages, file shares and anything with a secret in it are).
 */
export function mayKeepOffline(response: Pick<Response, 'status' | 'type' | 'headers'>): boolean {
  if (response.status !== 200 || response.type === 'opaqueredirect') return false;
  return !/\bno-store\b/i.test(response.headers.get('cache-control') ?? '');
}

/** The worker's cache of pages kept for offline reading ("clear offline data" empties it). */
export const PAGES_CACHE = 'cloudclip-pages';

/** The static page shown for a page never seen while the network is gone (precached). */
export const OFFLINE_PAGE = '/offline.html';

/** What the page posts to a waiting worker to make it take over (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING = 'SKIP_WAITING';
