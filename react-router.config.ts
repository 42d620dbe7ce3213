import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  // Every route is known from the first page: client navigations need no manifest request, which
  // the service worker could not answer offline (docs/architecture.md §11).
  routeDiscovery: { mode: 'initial' },
  future: {
    v8_middleware: true,
  },
} satisfies Config;
