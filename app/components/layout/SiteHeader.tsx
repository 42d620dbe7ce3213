import { useEffect, useRef } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { Link, NavLink, useLocation } from 'react-router';
import type { Theme } from '~/lib/theme';
import { SOURCE_URL } from '~/lib/version';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeToggle } from './ThemeToggle';
import { Icon } from '~/components/ui/Icon';

const NAV = [
  { to: '/', key: 'home', end: true },
  { to: '/upload', key: 'upload', end: false },
  { to: '/mount-explorer', key: 'mountExplorer', end: false },
  { to: '/admin', key: 'admin', end: false },
] as const;

function GitHubIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor" aria-hidden="true">
      <path d="M12 2a10 10 0 0 0-3.16 19.49c.5.09.68-.22.68-.48v-1.7c-2.78.6-3.37-1.34-3.37-1.34-.45-1.16-1.11-1.47-1.11-1.47-.91-.62.07-.61.07-.61 1 .07 1.53 1.03 1.53 1.03.89 1.53 2.34 1.09 2.91.83.09-.65.35-1.09.63-1.34-2.22-.25-4.55-1.11-4.55-4.94 0-1.09.39-1.98 1.03-2.68-.1-.25-.45-1.27.1-2.65 0 0 .84-.27 2.75 1.02a9.6 9.6 0 0 1 5 0c1.91-1.29 2.75-1.02 2.75-1.02.55 1.38.2 2.4.1 2.65.64.7 1.03 1.59 1.03 2.68 0 3.84-2.34 4.68-4.57 4.93.36.31.68.92.68 1.85v2.74c0 .27.18.58.69.48A10 10 0 0 0 12 2z" />
    </svg>
  );
}

function NavLinks({ className, linkClass }: { className: string; linkClass: string }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} className={linkClass}>
            {t(`common.nav.${item.key}`)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone menu: a <details> element, so it opens and closes without JavaScript. With JavaScript it
 * also closes after a navigation, on Escape (focus returns to its button) and on a click outside it.
 */
function MobileMenu() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);

  // Close after a navigation, not on the first render: a menu opened before hydration stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (ref.current) ref.current.open = false;
  }, [pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className="mobile-menu relative md:hidden">
      <summary className="icon-btn list-none" aria-label={t('common.nav.menu')} title={t('common.nav.menu')}>
        <Icon name="menu" className="h-5 w-5" />
      </summary>
      <div className="absolute right-0 mt-2 w-60 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-raised p-2 shadow-xl shadow-black/10">
        <NavLinks className="flex flex-col gap-1" linkClass="nav-link block" />
        <div className="mt-2 border-t border-line pt-2">
          <a href={SOURCE_URL} className="nav-link flex items-center gap-2" rel="noopener noreferrer" target="_blank">
            <GitHubIcon />
            {t('common.nav.source')}
          </a>
        </div>
      </div>
    </details>
  );
}

/** Top navigation (docs/product/spec.md §2). On phones the links fold into a <details> menu that needs no JS. */
export function SiteHeader({ theme, locale }: { theme: Theme; locale: string }) {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/85 backdrop-blur">
      <nav aria-label={t('common.nav.label')} className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/" className="mr-2 flex shrink-0 items-center gap-2 rounded-md font-semibold text-ink">
          <img src="/favicon.svg" alt="" className="h-7 w-7" width={28} height={28} />
          <span>{t('common.appName')}</span>
        </Link>
        <NavLinks className="hidden items-center gap-1 md:flex" linkClass="nav-link" />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <a
            href={SOURCE_URL}
            className="icon-btn hidden sm:inline-flex"
            aria-label={t('common.nav.source')}
            title={t('common.nav.source')}
            rel="noopener noreferrer"
            target="_blank"
          >
            <GitHubIcon />
          </a>
          <LanguageSwitcher locale={locale} />
          <ThemeToggle theme={theme} />
          <MobileMenu />
        </div>
      </nav>
    </header>
  );
}
