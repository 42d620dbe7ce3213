import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { Icon, type IconName } from '~/components/ui/Icon';

/**
 * An admin list with nothing to show: none at all, or none matching the search. Says which, and
 * offers the way on (show everything again, or make the first one). Texts from `<keyPrefix>.empty.*`.
 */
export function EmptyList({
  keyPrefix,
  search,
  forKey,
  icon,
  showAllTo,
  create,
}: {
  keyPrefix: string;
  search: string;
  forKey: boolean;
  icon: IconName;
  showAllTo: string;
  create: { to: string; icon: IconName; labelKey: string };
}) {
  const { t } = useTranslation();
  const k = (key: string) => `${keyPrefix}.empty.${key}`;
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-soft text-accent">
        <Icon name={search ? 'search' : icon} className="h-6 w-6" />
      </span>
      <div>
        <h2 className="font-semibold break-words">
          {search ? t(k('noResultsHeading'), { query: search }) : t(k('heading'))}
        </h2>
        <p className="mt-1 max-w-md text-sm text-subtle">
          {search ? t(k('noResultsBody')) : forKey ? t(k('keyBody')) : t(k('body'))}
        </p>
      </div>
      {search ? (
        <Link to={showAllTo} className="btn mt-1">
          {t(k('showAll'))}
        </Link>
      ) : (
        <Link to={create.to} className="btn btn-primary mt-1">
          <Icon name={create.icon} />
          {t(create.labelKey)}
        </Link>
      )}
    </div>
  );
}
