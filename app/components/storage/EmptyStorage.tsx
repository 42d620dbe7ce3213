import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { storageHref } from './view';

/** No storage at all (the embedded local one was deleted): uploads cannot work until one is added. */
export function EmptyStorage() {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name="cloud" className="h-6 w-6" />
      </span>
      <div>
        <h2 className="font-semibold">{t('storage.empty.heading')}</h2>
        <p className="mt-1 max-w-md text-sm text-subtle">{t('storage.empty.body')}</p>
      </div>
      <Link to={storageHref({ new: '1' }, '#storage-form')} className="btn btn-primary mt-1">
        <Icon name="plus" />
        {t('storage.add')}
      </Link>
    </div>
  );
}
