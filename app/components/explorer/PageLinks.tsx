import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { explorerHref, type ExplorerPrefs } from '~/lib/explorer';

/**
 * A big folder's pages without JavaScript (issue 46): links to the previous and next page, each
 * carrying the sort so a page never reorders (with JavaScript the listing renders what is on
 * screen instead, and these links are not shown).
 */
export function PageLinks({
  path,
  page,
  pages,
  prefs,
}: {
  path: string;
  page: number;
  pages: number;
  prefs: Pick<ExplorerPrefs, 'sort' | 'order'>;
}) {
  const { t } = useTranslation();
  const hrefOf = (n: number) => explorerHref(path, { sort: prefs.sort, order: prefs.order, page: String(n) });
  return (
    <nav aria-label={t('explorer.list.pages')} className="flex items-center justify-center gap-3 text-sm">
      {page > 1 && (
        <Link to={hrefOf(page - 1)} rel="prev" className="btn px-3 py-1.5">
          {t('explorer.list.previousPage')}
        </Link>
      )}
      <span aria-current="page" className="text-subtle">
        {t('explorer.list.pageOf', { page, pages })}
      </span>
      {page < pages && (
        <Link to={hrefOf(page + 1)} rel="next" className="btn px-3 py-1.5">
          {t('explorer.list.nextPage')}
        </Link>
      )}
    </nav>
  );
}
