import { StatusPage } from '~/components/layout/StatusPage';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/offline';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.offline.title');

/** The offline fallback page (docs/product/spec.md §2); the service worker will serve it when the network is gone. */
export default function Offline() {
  return <StatusPage kind="offline" />;
}
