import { useEffect } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { getLocale, i18nextMiddleware } from './i18n/middleware.server';
import { loadCatalog } from './i18n/catalogs';
import { isLocale } from './i18n/config';
import { authMiddleware } from '~/http/html/auth-middleware.server';
import { answersFaults, faultMiddleware } from '~/http/html/faults.server';
import { getTheme } from './theme.server';
import { SiteFooter } from './components/layout/SiteFooter';
import { SiteHeader } from './components/layout/SiteHeader';
import { StatusPage } from './components/layout/StatusPage';
import { InstallPrompt } from './components/pwa/InstallPrompt';
import { PwaChrome } from './components/pwa/PwaChrome';
import { EnvSwitcher } from './components/layout/EnvSwitcher';
import { principalContext, servicesContext } from './context';
import { environmentInfo } from './models/dashboard/environment.server';
import stylesheet from './app.css?url';

export const middleware: Route.MiddlewareFunction[] = [faultMiddleware, i18nextMiddleware, authMiddleware];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
];

/** The browser chrome's colour per theme (the manifest's theme_color is the light one). */
const THEME_COLORS = { light: '#ffffff', dark: '#0b1120' };

export const loader = answersFaults(async function loader({ request, context }: Route.LoaderArgs) {
  const principal = context.get(principalContext);
  // The environment switcher: admins only, and only when the address asks for it (docs/product/spec.md §2).
  const showEnv = principal.kind === 'admin' && new URL(request.url).searchParams.has('showEnvSwitcher');
  return {
    locale: getLocale(context),
    theme: await getTheme(request),
    year: new Date().getUTCFullYear(),
    env: showEnv ? await environmentInfo(context.get(servicesContext), principal) : null,
  };
});

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale = data?.locale ?? 'en';
  const theme = data?.theme ?? 'auto';
  return (
    <html lang={locale === 'zh' ? 'zh-CN' : 'en'} data-theme={theme} className={theme === 'dark' ? 'dark' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          The stylesheet first, before the scripts' preloads: the page paints once it has arrived,
          so on a slow link it must not queue behind 200 kB of JavaScript (issue 47, Lighthouse).
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="color-scheme" content={theme === 'auto' ? 'light dark' : theme} />
        {theme === 'auto' ? (
          <>
            <meta name="theme-color" media="(prefers-color-scheme: light)" content={THEME_COLORS.light} />
            <meta name="theme-color" media="(prefers-color-scheme: dark)" content={THEME_COLORS.dark} />
          </>
        ) : (
          <meta name="theme-color" content={THEME_COLORS[theme]} />
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Chrome({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const data = useRouteLoaderData<typeof loader>('root');
  // Marks the page live once hydration's effects have run (a parent's effects run after its
  // children's): browser tests wait for it before checking what those effects do (tests/e2e/helpers.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <SiteHeader theme={data?.theme ?? 'auto'} locale={data?.locale ?? 'en'} />
      {data?.env && (
        <div className="px-4 sm:px-6">
          <EnvSwitcher env={data.env} />
        </div>
      )}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-10">
        <InstallPrompt />
        {children}
      </main>
      <SiteFooter year={data?.year ?? new Date().getUTCFullYear()} />
      <PwaChrome locale={data?.locale ?? 'en'} theme={data?.theme ?? 'auto'} />
    </div>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  // Keep the client's i18next in step when the language changes through a form post.
  useEffect(() => {
    if (i18n.language === locale || !isLocale(locale)) return;
    // The other language's catalog is fetched on the first switch (app/i18n/catalogs.ts).
    void loadCatalog(locale).then((catalog) => {
      if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', catalog);
      return i18n.changeLanguage(locale);
    });
  }, [locale, i18n]);
  return (
    <Chrome>
      <Outlet />
    </Chrome>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page whose code or data could not be fetched because the network is gone: say so, and ask to
  // check the network (docs/product/spec.md §2 "Global chrome"). Only ever on the client.
  if (!isRouteErrorResponse(error) && typeof navigator !== 'undefined' && !navigator.onLine) {
    return (
      <Chrome>
        <StatusPage kind="offline" message={t('pwa.lazyFailed')} />
      </Chrome>
    );
  }
  // 503/507 are faults the server already named (app/http/html/faults.server.ts): worth a retry, not a bug.
  const kind = status === 404 ? 'notFound' : status === 503 || status === 507 ? 'unavailable' : 'error';
  // A 4xx the server answered on purpose (an unreadable form) is no bug to log.
  if (kind === 'error' && status >= 500) console.error(error);
  const fault: unknown = isRouteErrorResponse(error) ? error.data?.fault : undefined;
  return (
    <Chrome>
      <StatusPage kind={kind} message={typeof fault === 'string' ? t(`errors.${fault}`) : null} />
    </Chrome>
  );
}
