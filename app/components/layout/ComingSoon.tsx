import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';

/** The "not available yet" notice, on its own so that a page with an introduction can use it too. */
export function ComingSoonNotice() {
  const { t } = useTranslation();
  return (
    <div className="card mt-6 flex flex-col items-center gap-3 px-6 py-10 text-center" role="status">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name="clock" className="h-6 w-6" />
      </span>
      <div>
        <p className="font-semibold">{t('pages.comingSoon.heading')}</p>
        <p className="mt-1 max-w-md text-sm text-subtle">{t('pages.comingSoon.body')}</p>
      </div>
    </div>
  );
}

/** The honest placeholder of a page whose feature has not landed yet. */
export function ComingSoon({ titleKey, introKey }: { titleKey: string; introKey?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t(titleKey)}
      </h1>
      {introKey && <p className="mt-2 max-w-2xl text-subtle">{t(introKey)}</p>}
      <ComingSoonNotice />
    </section>
  );
}
