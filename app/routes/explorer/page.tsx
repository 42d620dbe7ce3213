import { ComingSoon } from '~/components/layout/ComingSoon';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/page';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.mountExplorer.title');

export default function Page() {
  return <ComingSoon titleKey="pages.mountExplorer.heading" />;
}
