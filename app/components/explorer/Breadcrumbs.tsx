import { useTranslation } from '~/i18n/use-translation';
import { Link } from 'react-router';
import { crumbsOf, explorerHref } from '~/lib/explorer';

/** The path from the root to the open folder; the last crumb is the current page. */
export function Breadcrumbs({ path }: { path: string }) {
  const { t } = useTranslation();
  const crumbs = [{ name: t('explorer.root'), path: '/' }, ...crumbsOf(path)];
  return (
    <nav aria-label={t('explorer.breadcrumbs')} className="min-w-0">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex min-w-0 items-center gap-1">
              {i > 0 && (
                <span aria-hidden="true" className="text-subtle">
                  /
                </span>
              )}
              {last ? (
                <span aria-current="page" className="truncate font-medium">
                  {crumb.name}
                </span>
              ) : (
                <Link to={explorerHref(crumb.path)} className="link truncate">
                  {crumb.name}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
