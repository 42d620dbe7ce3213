import { useTranslation } from '~/i18n/use-translation';
import { Form, useLocation, useSubmit } from 'react-router';
import { catalogOf, loadCatalog } from '~/i18n/catalogs';
import { SUPPORTED_LOCALES } from '~/i18n/config';

/** One button per language; the current one is marked. A real form post: works without JS. */
export function LanguageSwitcher({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const submit = useSubmit();
  return (
    <Form method="post" action="/prefs/language" preventScrollReset className="flex items-center">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* No overflow clipping on the group: it would cut off the buttons' focus rings. */}
      <div role="group" aria-label={t('common.language.label')} className="flex rounded-md border border-line">
        {SUPPORTED_LOCALES.map((lng) => {
          const short = lng === 'zh' ? '中' : 'EN';
          return (
            <button
              key={lng}
              type="submit"
              name="lng"
              value={lng}
              // The other language's catalogue is fetched first, then the choice posted: the page's
              // title is translated once, synchronously, when the new page data arrives
              // (app/lib/meta.ts), and showed its keys when the catalogue came after the data.
              onClick={(event) => {
                if (catalogOf(lng)) return;
                event.preventDefault();
                const button = event.currentTarget;
                void loadCatalog(lng)
                  .catch(() => undefined)
                  .then(() => submit(button, { method: 'post', action: '/prefs/language', preventScrollReset: true }));
              }}
              lang={lng === 'zh' ? 'zh-CN' : 'en'}
              aria-pressed={locale === lng}
              // The name ends with what the button shows, so "click EN" works by voice (WCAG 2.5.3); after a
              // comma, as checkers and speech tools skip a parenthesis.
              aria-label={`${t('common.language.switchTo', { language: t(`common.language.${lng}`) })}, ${short}`}
              title={t(`common.language.${lng}`)}
              className="relative h-8 min-w-9 cursor-pointer px-2 text-sm font-medium text-subtle transition-colors first:rounded-l-[5px] last:rounded-r-[5px] hover:bg-muted hover:text-ink focus-visible:z-10 aria-pressed:bg-brand aria-pressed:text-white aria-pressed:hover:bg-brand-strong"
            >
              {short}
            </button>
          );
        })}
      </div>
    </Form>
  );
}
