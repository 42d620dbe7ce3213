/// <reference lib="webworker" />
/**
 * The service worker (docs/architecture.md §11), served at /sw.js with scope /. Built by
 * scripts/build-sw.mjs after `react-router build`: esbuild bundles this file, then workbox-build
 * injects the precache list (the hashed build assets, the offline page, icons and manifest).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { bypassesWorker, isRouteData, mayKeepOffline, OFFLINE_PAGE, SKIP_WAITING } from './lib/pwa/routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const keepOnlyStorable = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (mayKeepOffline(response) ? response : null),
};
const pages = {
  cacheName: 'cloudclip-pages',
  plugins: [keepOnlyStorable, new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 })],
};

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

// A new worker waits until the page accepts the update (docs/product/spec.md §4 "Update prompt").
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

// The first worker takes the open pages at once, so they work offline without a reload.
clientsClaim();
