import { useTranslation } from 'react-i18next';

/** The honest placeholder of a page whose feature has not landed yet. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-semibold">
        {t(titleKey)}
      </h1>
      <div className="card mt-6 text-center" role="status">
        <p className="font-medium">{t('pages.comingSoon.heading')}</p>
        <p className="mt-1 text-subtle">{t('pages.comingSoon.body')}</p>
      </div>
    </section>
  );
}
