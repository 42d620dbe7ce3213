import { useTranslation } from 'react-i18next';
import { Form, useLocation } from 'react-router';
import { SUPPORTED_LOCALES } from '~/i18n/config';

/** One button per language; the current one is marked. A real form post: works without JS. */
export function LanguageSwitcher({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Form method="post" action="/prefs/language" preventScrollReset className="flex items-center" aria-label={t('common.language.label')}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <div role="group" aria-label={t('common.language.label')} className="flex overflow-hidden rounded-md border border-line">
        {SUPPORTED_LOCALES.map((lng) => (
          <button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            lang={lng === 'zh' ? 'zh-CN' : 'en'}
            aria-pressed={locale === lng}
            aria-label={t('common.language.switchTo', { language: t(`common.language.${lng}`) })}
            className="px-2 py-1 text-sm font-medium aria-pressed:bg-brand aria-pressed:text-white hover:bg-muted focus-visible:z-10"
          >
            {lng === 'zh' ? '中' : 'EN'}
          </button>
        ))}
      </div>
    </Form>
  );
}
