import { useTranslation } from '~/i18n/use-translation';
import { Icon } from '~/components/ui/Icon';

/** No keys yet: say so, and point at the create form below. */
export function EmptyKeys() {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name="key" className="h-6 w-6" />
      </span>
      <div>
        <p className="font-semibold">{t('keys.empty.heading')}</p>
        <p className="mt-1 max-w-md text-sm text-subtle">{t('keys.empty.body')}</p>
      </div>
      <a href="#new-key" className="btn btn-primary mt-1">
        {t('keys.newKey')}
      </a>
    </div>
  );
}
