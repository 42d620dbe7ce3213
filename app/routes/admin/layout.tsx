import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import {
  Form,
  NavLink,
  Outlet,
  redirect,
  useLoaderData,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import { LoginForm } from '~/components/auth/LoginForm';
import { adminGuard, allowedModules } from '~/auth/admin-modules';
import { principalContext, servicesContext } from '~/context';
import { QuotaSummary } from '~/components/keys/QuotaSummary';
import { ownQuota } from '~/models/quotas/quotas.server';
import { pageTitle } from '~/lib/meta';
import type { Route } from './+types/layout';
import { answersFaults } from '~/http/html/faults.server';

export const meta: Route.MetaFunction = ({ matches }) => pageTitle(matches, 'pages.admin.title');

/** Auth is re-checked on protected routes when the last check is older than this (docs/product/spec.md §9). */
const REVALIDATE_AFTER_MS = 5 * 60 * 1000;
/** When this browser last had the admin loader confirm the session (client-side only). */
const validation = { at: 0 };

/**
 * Route guards of docs/product/spec.md §2. Server middleware runs on every document and data request under
 * /admin, so a client-side navigation between modules is guarded too.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const target = adminGuard(context.get(principalContext), new URL(request.url).pathname);
    if (target) throw redirect(target);
    return next();
  },
];

export const loader = answersFaults(async function loader({ context, request }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  const url = new URL(request.url);
  return {
    authenticated: principal.kind !== 'anonymous',
    isAdmin: principal.kind === 'admin',
    name: principal.kind === 'admin' ? principal.username : principal.kind === 'apikey' ? principal.name : '',
    modules: allowedModules(principal).map((m) => ({ path: m.path, key: m.key })),
    loginMode: url.searchParams.get('mode') === 'apikey' ? ('apikey' as const) : ('admin' as const),
    validatedAt: Date.now(),
    // A key sees what it has used of its quotas on every page of its panel (decision 0034).
    quota: await ownQuota(context.get(servicesContext), principal),
  };
});

export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate || Date.now() - validation.at > REVALIDATE_AFTER_MS;
}

/**
 * The admin area: a sidebar of the modules this user may open, and the current module. Visitors
 * who are not logged in get the login form in place (no redirect, docs/product/spec.md §2). On phones the sidebar
 * becomes a row of tabs that scrolls sideways on its own, never the whole page.
 */
export default function AdminLayout() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  useEffect(() => {
    validation.at = data.validatedAt;
  }, [data.validatedAt]);

  // On phones, bring the current section's tab into view (the row scrolls sideways, the page does not).
  const tabs = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const list = tabs.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const left = current.offsetLeft - list.offsetLeft;
    if (left < list.scrollLeft || left + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = left - (list.clientWidth - current.offsetWidth) / 2;
    }
  }, [location.pathname, data.authenticated]);

  if (!data.authenticated) {
    return (
      <div className="py-6">
        <LoginForm mode={data.loginMode} redirectTo={location.pathname} currentPath={location.pathname} />
      </div>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-[13rem_minmax(0,1fr)] md:gap-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="min-w-0 md:sticky md:top-20 md:self-start">
        <div className="mb-2 flex items-center justify-between gap-3 px-1 md:px-3">
          <p className="text-xs font-semibold tracking-wide text-subtle uppercase">
            {t(data.isAdmin ? 'pages.admin.adminPanel' : 'pages.admin.userPanel')}
          </p>
          {/* Phones: who is logged in sits beside the panel title; wider screens show it under the sidebar. */}
          <Form method="post" action="/admin/logout" className="flex min-w-0 items-center gap-2 md:hidden">
            <span className="min-w-0 truncate text-sm text-subtle" title={data.name}>
              {data.name}
            </span>
            <button type="submit" className="btn shrink-0 px-3 py-1">
              {t('auth.logout')}
            </button>
          </Form>
        </div>
        <nav aria-label={t('pages.admin.sections')} className="-mx-4 sm:-mx-6 md:mx-0">
          <ul
            ref={tabs}
            className="flex gap-1 overflow-x-auto px-4 py-1 sm:px-6 md:flex-col md:overflow-visible md:px-0"
          >
            {data.modules.map((module) => (
              <li key={module.key} className="shrink-0">
                <NavLink to={module.path} end className="nav-link block whitespace-nowrap">
                  {t(`pages.admin.${module.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="post" action="/admin/logout" className="mt-4 hidden items-center gap-2 px-3 md:flex">
          <span className="min-w-0 flex-1 truncate text-sm text-subtle" title={data.name}>
            {data.name}
          </span>
          <button type="submit" className="btn px-3 py-1">
            {t('auth.logout')}
          </button>
        </Form>
        {data.quota && (
          <div className="mt-3 px-1 md:px-3">
            <QuotaSummary {...data.quota} />
          </div>
        )}
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
