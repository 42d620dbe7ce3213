import { useMatches } from 'react-router';
import { ComingSoon } from '~/components/layout/ComingSoon';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/pending-module';

/** Route ids are "admin-<titleKey>" (see app/routes.ts); one placeholder serves every module not built yet. */
function titleKeyOf(routeId: string | undefined): string {
  return `pages.admin.${(routeId ?? '').replace(/^admin-/, '')}`;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, titleKeyOf(matches.at(-1)?.id));

export default function PendingModule() {
  const matches = useMatches();
  return <ComingSoon titleKey={titleKeyOf(matches.at(-1)?.id)} />;
}
