import { useTranslation } from '~/i18n/use-translation';
import { Form, useLocation } from 'react-router';
import { nextTheme, type Theme } from '~/lib/theme';

const icons: Record<Theme, string> = {
  auto: 'M12 3a9 9 0 1 0 0 18V3z', // half-filled circle
  light:
    'M12 7a5 5 0 1 0 0 10a5 5 0 0 0 0-10zm0-5v3m0 14v3M4.2 4.2l2.1 2.1m11.4 11.4l2.1 2.1M2 12h3m14 0h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

/** Cycles auto → light → dark. A real form post, so it works without JavaScript too. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const location = useLocation();
  const next = nextTheme(theme);
  const label = t('common.theme.toggle', { current: t(`common.theme.${theme}`), next: t(`common.theme.${next}`) });
  return (
    <Form method="post" action="/prefs/theme" preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value={next} className="icon-btn" aria-label={label} title={label}>
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill={theme === 'light' ? 'none' : 'currentColor'}
          stroke="currentColor"
          strokeWidth={theme === 'light' ? 2 : 0}
          strokeLinecap="round"
          aria-hidden="true"
        >
          {theme === 'auto' && <circle cx="12" cy="12" r="9" fill="none" strokeWidth="2" stroke="currentColor" />}
          <path d={icons[theme]} />
        </svg>
        <span className="sr-only">{t(`common.theme.${theme}`)}</span>
      </button>
    </Form>
  );
}
