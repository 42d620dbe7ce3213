import { useTranslation } from '~/i18n/use-translation';
import { data, useLocation } from 'react-router';
import { AccessNotice } from '~/components/ui/AccessNotice';
import { ExplorerView, type ExplorerActionData } from '~/components/explorer/ExplorerView';
import { StatusPage } from '~/components/layout/StatusPage';
import { principalContext, requestInfoContext, servicesContext } from '~/context';
import { formError, statusError } from '~/http/html/errors.server';
import { answersFaults } from '~/http/html/faults.server';
import { getLocale } from '~/i18n/middleware.server';
import { AppError } from '~/lib/errors';
import { pathOfSplat } from '~/lib/explorer';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/page';
import { explorerAction } from './intents.server';
import { loadExplorer, prefsOfRequest } from './load.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.mountExplorer.title');

/** Links in previews are signed and short-lived: never keep the page in a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const NOTICES = [
  'restored',
  'purged',
  'emptied',
  'uploaded',
  'uploadSkipped',
  'folderCreated',
  'renamed',
  'moved',
  'deleted',
  'saved',
  'nothingSelected',
];

/** `/mount-explorer/<folder>`: `?preview=<name>` opens a file, `?do=<panel>&name=<entry>` a panel. */
export const loader = answersFaults(async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const principal = context.get(principalContext);
  try {
    const explorer = await loadExplorer(
      context.get(servicesContext),
      principal,
      pathOfSplat(params['*']),
      url,
      context.get(requestInfoContext).linkOrigin,
    );
    const noticeKey = url.searchParams.get('notice');
    const notice =
      noticeKey && NOTICES.includes(noticeKey)
        ? {
            key: noticeKey,
            name: url.searchParams.get('name') ?? '',
            count: Number(url.searchParams.get('count')) || 0,
          }
        : null;
    const { prefs, setCookie } = await prefsOfRequest(request);
    return data(
      {
        state: 'shown' as const,
        ...explorer,
        // A notice's name is not an open panel's.
        panel: notice && explorer.panel?.kind !== 'bin' ? null : explorer.panel,
        prefs,
        notice,
        isAdmin: principal.kind === 'admin',
        page: Math.max(1, Math.floor(Number(url.searchParams.get('page')) || 1)),
      },
      setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
    );
  } catch (error) {
    // Visitors who may not browse see the page with the reason (and a login link) in place.
    if (error instanceof AppError && (error.kind === 'unauthenticated' || error.messageKey === 'permissionRequired')) {
      const reason = error.kind === 'unauthenticated' ? ('anonymous' as const) : ('forbidden' as const);
      return data({ state: 'access' as const, reason }, { status: reason === 'anonymous' ? 200 : 403 });
    }
    return statusError(error, getLocale(context), {
      showReason: principal.kind !== 'anonymous',
      loginTo: url.pathname + url.search,
      backTo: '/mount-explorer',
    });
  }
});

export const action = answersFaults(async function action({ request, params, context }: Route.ActionArgs) {
  const principal = context.get(principalContext);
  const dir = pathOfSplat(params['*']);
  const { intent, run, values } = await explorerAction(
    context.get(servicesContext),
    principal,
    dir,
    request,
    context.get(requestInfoContext).linkOrigin,
  );
  try {
    return await run();
  } catch (error) {
    return formError(error, getLocale(context), { intent, values });
  }
});

export default function MountExplorer({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { t } = useTranslation();
  if (loaderData.state === 'status') return <StatusPage {...loaderData.status} />;
  if (loaderData.state === 'access')
    return (
      <section aria-labelledby="page-heading" className="space-y-6">
        <h1 id="page-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t('pages.mountExplorer.heading')}
        </h1>
        <AccessNotice
          reason={loaderData.reason}
          keyPrefix="explorer.access"
          returnTo={location.pathname + location.search}
        />
      </section>
    );
  return <ExplorerView data={loaderData} actionData={actionData as ExplorerActionData | undefined} />;
}
