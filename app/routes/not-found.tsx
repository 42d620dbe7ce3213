import { data } from 'react-router';
import { StatusPage } from '~/components/layout/StatusPage';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.notFound.title');

export const loader = () => data(null, { status: 404 });

export default function NotFound() {
  return <StatusPage kind="notFound" />;
}
