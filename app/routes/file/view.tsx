import { ComingSoon } from '~/components/layout/ComingSoon';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/view';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.file.title');

export default function Page() {
  return <ComingSoon titleKey="pages.file.heading" />;
}
