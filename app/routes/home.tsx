import { ComingSoon } from '~/components/layout/ComingSoon';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.home.title');

export default function Home() {
  return <ComingSoon titleKey="pages.home.heading" introKey="pages.home.intro" />;
}
