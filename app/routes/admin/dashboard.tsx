import { ComingSoon } from '~/components/layout/ComingSoon';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/dashboard';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.dashboard');

export default function Dashboard() {
  return <ComingSoon titleKey="pages.admin.dashboard" />;
}
