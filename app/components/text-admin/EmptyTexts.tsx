import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '~/components/ui/Icon';
import { listHref } from './view';

/** No texts at all, or none matching the search: say which, and offer the way on. */
export function EmptyTexts({ search, forKey }: { search: string; forKey: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name={search ? 'search' : 'text'} className="h-6 w-6" />
      </span>
      <div>
        <h2 className="font-semibold break-words">
          {search ? t('textAdmin.empty.noResultsHeading', { query: search }) : t('textAdmin.empty.heading')}
        </h2>
        <p className="mt-1 max-w-md text-sm text-subtle">
          {search
            ? t('textAdmin.empty.noResultsBody')
            : forKey
              ? t('textAdmin.empty.keyBody')
              : t('textAdmin.empty.body')}
        </p>
      </div>
      {search ? (
        <Link to={listHref({})} className="btn mt-1">
          {t('textAdmin.empty.showAll')}
        </Link>
      ) : (
        <Link to="/" className="btn btn-primary mt-1">
          <Icon name="plus" />
          {t('textAdmin.empty.create')}
        </Link>
      )}
    </div>
  );
}
